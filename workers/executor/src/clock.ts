import type { Instant } from "@regatta/engine";
import type { ClockMode } from "./config.ts";
import { readState, writeState } from "./schema.ts";

/**
 * The executor's two times. The fleet's time decides when commands finish and when a
 * callback is retried; in a deployment it is the wall clock, in tests it moves only when
 * advanced, so a test never sleeps. Signatures always use the wall clock: the control
 * plane checks them against its own.
 */
export interface ExecutorClock {
  now(): Instant;
  wall(): number;
  /** The wall-clock ms at which the fleet reaches `at`; undefined when time moves by hand. */
  alarmAt(at: Instant): number | undefined;
}

export const wallClock: ExecutorClock = {
  now: () => Date.now(),
  wall: () => Date.now(),
  alarmAt: (at) => at,
};

const MANUAL_KEY = "clock:manual";

/**
 * A clock that stands still until {@link advanceManualClock}; it starts at the wall time
 * of its first reading and is kept in the object's storage, so it survives an eviction.
 */
export function manualClock(sql: SqlStorage): ExecutorClock {
  return {
    now: () => {
      const stored = readState<number>(sql, MANUAL_KEY);
      if (stored !== undefined) return stored;
      const start = Date.now();
      writeState(sql, MANUAL_KEY, start);
      return start;
    },
    wall: () => Date.now(),
    alarmAt: () => undefined,
  };
}

/** Moves a manual clock forward; returns its new reading. */
export function advanceManualClock(sql: SqlStorage, seconds: number): Instant {
  const next = manualClock(sql).now() + seconds * 1000;
  writeState(sql, MANUAL_KEY, next);
  return next;
}

export function clockFor(mode: ClockMode, sql: SqlStorage): ExecutorClock {
  return mode === "manual" ? manualClock(sql) : wallClock;
}
