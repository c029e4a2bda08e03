import {
  type Instant,
  isTerminalState,
  ok,
  type Result,
  refuse,
  type UpdateStrategy,
} from "@regatta/engine";
import { deliver } from "../../../runtime/deliveries.ts";
import type { Tx } from "../../../runtime/types.ts";

/**
 * The fleet's update strategies (RUN-4) and its index of update runs (listing, unique
 * names, retention; each run tells it its state). Both bounded: a fleet keeps at most
 * MAX_STRATEGIES strategies and lists its MAX_LISTED_RUNS newest runs; a finished run
 * leaves the index after the operation retention (or when newer runs push it out), and
 * its object is emptied then.
 */

export const MAX_STRATEGIES = 100;
export const MAX_LISTED_RUNS = 200;

/** A strategy as the fleet keeps it. */
export interface StoredStrategy extends UpdateStrategy {
  name: string;
  updatedAt: Instant;
}

/** One run in the fleet's index. */
export interface IndexedRun {
  name: string;
  fleet: string;
  state: string;
  createdAt: Instant;
  /** When the fleet first saw it finished. */
  endedAt?: Instant;
  /**
   * The same on the wall clock: its retention (bookkeeping) counts from here, so a run
   * finished at 3,600× is kept its days, not minutes.
   */
  endedWallAt?: number;
}

/**
 * What a run tells its fleet's index when its state changed (a durable delivery from the
 * run object, replaced by a newer state not yet taken): the fleet never polls its runs.
 */
export interface RunStateReport {
  run: string;
  /** Tells a run from a newer one of the same name made after it was forgotten. */
  createdAt: Instant;
  state: string;
  /** The instant of the run's decision that changed it. */
  at: Instant;
}

/** The timer that drops finished runs once their retention has passed (wall clock). */
export const RUNS_RETIRE_TIMER = "runs-retire";

const strategyKey = (name: string) => `strategy:${name}`;
const STRATEGY_NAMES = "strategies";
const RUNS = "update-runs";

export function putStrategy(tx: Tx, strategy: StoredStrategy): Result<{ created: boolean }> {
  const names = tx.getState<string[]>(STRATEGY_NAMES) ?? [];
  const created = !names.includes(strategy.name);
  if (created && names.length >= MAX_STRATEGIES) {
    return refuse(
      "RUN-4",
      "conflict",
      `RUN-4: the fleet already has ${MAX_STRATEGIES} update strategies; delete one first`,
    );
  }
  if (created) tx.putState(STRATEGY_NAMES, [...names, strategy.name]);
  tx.putState(strategyKey(strategy.name), strategy);
  return ok({ created });
}

export function getStrategy(tx: Tx, name: string): StoredStrategy | undefined {
  return tx.getState<StoredStrategy>(strategyKey(name));
}

export function deleteStrategy(tx: Tx, name: string): boolean {
  const names = tx.getState<string[]>(STRATEGY_NAMES) ?? [];
  if (!names.includes(name)) return false;
  tx.putState(
    STRATEGY_NAMES,
    names.filter((n) => n !== name),
  );
  tx.deleteState(strategyKey(name));
  return true;
}

/** Adds a run to the index: 409 on a name already used; the oldest finished runs drop off. */
export function registerRun(
  tx: Tx,
  fleet: string,
  name: string,
  createdAt: Instant,
): Result<IndexedRun> {
  const runs = tx.getState<IndexedRun[]>(RUNS) ?? [];
  if (runs.some((r) => r.name === name)) {
    return refuse("RUN-4", "conflict", `update run ${name} already exists in this fleet`);
  }
  const entry: IndexedRun = { name, fleet, state: "NotStarted", createdAt };
  const next = [...runs, entry];
  while (next.length > MAX_LISTED_RUNS) {
    const oldest = next.findIndex((r) => isTerminalState(r.state));
    if (oldest < 0) {
      return refuse(
        "RUN-4",
        "conflict",
        `the fleet has ${MAX_LISTED_RUNS} unfinished update runs; finish or skip some first`,
      );
    }
    forget(tx, next.splice(oldest, 1));
  }
  tx.putState(RUNS, next);
  return ok(entry);
}

/**
 * Drops finished runs older than `retentionMs` from the index (their objects are
 * emptied by run-retention.ts); answers whether any was dropped.
 */
export function pruneFinishedRuns(tx: Tx, retentionMs: number): boolean {
  const expired: IndexedRun[] = [];
  const kept: IndexedRun[] = [];
  // The wall timer that prunes again: the earliest wall-clock end of what is kept.
  let next = Number.POSITIVE_INFINITY;
  for (const run of listRuns(tx)) {
    const until = retainedUntil(run, retentionMs);
    if (until !== undefined && until <= tx.wall) {
      expired.push(run);
      continue;
    }
    kept.push(run);
    if (until !== undefined) next = Math.min(next, until);
  }
  if (next === Number.POSITIVE_INFINITY) tx.clearTimer(RUNS_RETIRE_TIMER);
  else tx.setTimer({ id: RUNS_RETIRE_TIMER, due: next, kind: RUNS_RETIRE_TIMER, clock: "wall" });
  if (expired.length === 0) return false;
  tx.putState(RUNS, kept);
  forget(tx, expired);
  return true;
}

/** Until when a finished run is kept (wall clock); undefined while it runs. */
function retainedUntil(run: IndexedRun, retentionMs: number): number | undefined {
  return run.endedWallAt === undefined ? undefined : run.endedWallAt + retentionMs;
}

/** What the fleet sends a run object dropped from its index: empty yourself. */
export interface ForgetRun {
  type: "forget-run";
  run: IndexedRun;
}

/** Each dropped run's object is emptied by a durable delivery (runtime/deliveries.ts). */
function forget(tx: Tx, runs: readonly IndexedRun[]): void {
  for (const run of runs) {
    deliver<ForgetRun>(tx, `forget/${run.name}/${run.createdAt}`, { type: "forget-run", run });
  }
}

/** Removes a run that could not be created after all. */
export function unregisterRun(tx: Tx, name: string): void {
  const runs = tx.getState<IndexedRun[]>(RUNS) ?? [];
  tx.putState(
    RUNS,
    runs.filter((r) => r.name !== name),
  );
}

export function listRuns(tx: Tx): IndexedRun[] {
  return tx.getState<IndexedRun[]>(RUNS) ?? [];
}

/**
 * A run's word that its state changed: noted in the index when it is about the run
 * indexed under that name (a report of a forgotten namesake changes nothing), and a
 * finished run's retention starts. Answers whether it changed the index.
 */
export function noteRunState(tx: Tx, report: RunStateReport, retentionMs: number): boolean {
  const runs = listRuns(tx);
  const run = runs.find((r) => r.name === report.run && r.createdAt === report.createdAt);
  if (run === undefined || run.state === report.state) return false;
  run.state = report.state;
  if (isTerminalState(report.state)) {
    run.endedAt = report.at;
    run.endedWallAt = tx.wall;
  } else {
    delete run.endedAt;
    delete run.endedWallAt;
  }
  tx.putState(RUNS, runs);
  pruneFinishedRuns(tx, retentionMs);
  return true;
}
