import type { Instant } from "../time/instant.ts";
import { DAY, MINUTE, SECOND } from "../time/instant.ts";
import type { MaintenanceWindow, Weekday } from "./window.ts";
import { startMinutes, validateWindow } from "./window.ts";
import { instantAtWallClock, wallClockAt } from "./zoned-time.ts";

/** One occurrence of a window: open from `start` (inclusive) to `end` (exclusive). */
export interface WindowInstance {
  start: Instant;
  end: Instant;
  window: MaintenanceWindow;
}

// Same numbering as Date#getUTCDay, so a local day number maps with one modulo.
const DAY_NUMBER: Readonly<Record<Weekday, number>> = {
  SUN: 0,
  MON: 1,
  TUE: 2,
  WED: 3,
  THU: 4,
  FRI: 5,
  SAT: 6,
};

interface Recurrence {
  window: MaintenanceWindow;
  startMinutes: number;
  durationMs: number;
  dayMask: number;
}

/** A window ready to enumerate; undefined for an invalid one, which never opens. */
function recurrenceOf(window: MaintenanceWindow): Recurrence | undefined {
  if (!validateWindow(window).ok) return undefined;
  let dayMask = 0;
  for (const day of window.days) dayMask |= 1 << DAY_NUMBER[day];
  return {
    window,
    startMinutes: startMinutes(window.start)!,
    durationMs: window.durationSeconds * SECOND,
    dayMask,
  };
}

function localDayOf(timeZone: string | undefined, at: Instant): number {
  return Math.floor(wallClockAt(timeZone, at) / DAY);
}

/** 1970-01-01, local day 0, was a Thursday. */
function opensOn(recurrence: Recurrence, localDay: number): boolean {
  const weekday = (((localDay + 4) % 7) + 7) % 7;
  return (recurrence.dayMask & (1 << weekday)) !== 0;
}

function instanceOn(recurrence: Recurrence, localDay: number): WindowInstance {
  const wall = localDay * DAY + recurrence.startMinutes * MINUTE;
  const start = instantAtWallClock(recurrence.window.timeZone, wall);
  return { start, end: start + recurrence.durationMs, window: recurrence.window };
}

/**
 * MW-1: the window occurrence open at `at`, or undefined when none is (also when no
 * window is configured — see `isWindowOpen` for what that means). When occurrences
 * overlap, the one that closes last is returned; a caller that reaches its `end` simply
 * asks again.
 *
 * @example
 * windowInstanceAt([{ start: "22:00", durationSeconds: 14400, days: ["SAT"] }], Date.UTC(2022, 5, 5, 1))
 * // {start: 2022-06-04T22:00Z, end: 2022-06-05T02:00Z, window}
 */
export function windowInstanceAt(
  windows: readonly MaintenanceWindow[],
  at: Instant,
): WindowInstance | undefined {
  let found: WindowInstance | undefined;
  for (const window of windows) {
    const recurrence = recurrenceOf(window);
    if (recurrence === undefined) continue;
    const today = localDayOf(window.timeZone, at);
    // An occurrence open now opened at most `duration` ago; one extra day each side
    // covers zones whose clocks jump across midnight.
    const earliest = today - Math.ceil(recurrence.durationMs / DAY) - 1;
    for (let day = today + 1; day >= earliest; day--) {
      if (!opensOn(recurrence, day)) continue;
      const instance = instanceOn(recurrence, day);
      if (instance.start > at || at >= instance.end) continue;
      if (found === undefined || instance.end > found.end) found = instance;
    }
  }
  return found;
}

/**
 * MW-1: whether automatic upgrades may start at `at` as far as windows go. No window
 * configured means no restriction: the cluster is always available.
 *
 * @example isWindowOpen([], Date.UTC(2022, 5, 1)) // true — no window configured
 * @example isWindowOpen([{ start: "02:00", durationSeconds: 3600, days: ["MON"] }], Date.UTC(2022, 5, 6, 2, 30)) // true (a Monday)
 */
export function isWindowOpen(windows: readonly MaintenanceWindow[], at: Instant): boolean {
  return windows.length === 0 || windowInstanceAt(windows, at) !== undefined;
}

/**
 * MW-3 building block: the earliest occurrence of any window that starts at or after
 * `at`; undefined when no window is valid. Every valid window opens within a week, so the
 * search is bounded by eight local days per window.
 *
 * @example nextWindowStart([{ start: "02:00", durationSeconds: 3600, days: ["MON"] }], Date.UTC(2022, 5, 1)) // Monday 2022-06-06T02:00Z
 */
export function nextWindowStart(
  windows: readonly MaintenanceWindow[],
  at: Instant,
): WindowInstance | undefined {
  let found: WindowInstance | undefined;
  for (const window of windows) {
    const recurrence = recurrenceOf(window);
    if (recurrence === undefined) continue;
    const today = localDayOf(window.timeZone, at);
    for (let day = today - 1; day <= today + 8; day++) {
      if (!opensOn(recurrence, day)) continue;
      const instance = instanceOn(recurrence, day);
      if (instance.start < at) continue;
      if (found === undefined || instance.start < found.start) found = instance;
      break; // later days of this window only start later
    }
  }
  return found;
}
