import { type Instant, ok, type Result, refuse, type UpdateStrategy } from "@regatta/engine";
import type { Tx } from "../runtime/types.ts";

/**
 * The fleet's update strategies (RUN-4) and its index of update runs (listing, unique
 * names, which runs the fleet's tick wakes). Both bounded: a fleet keeps at most
 * MAX_STRATEGIES strategies and lists its MAX_LISTED_RUNS newest runs.
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
}

const strategyKey = (name: string) => `strategy:${name}`;
const STRATEGY_NAMES = "strategies";
const RUNS = "update-runs";
const TERMINAL = new Set(["Completed", "Skipped", "Failed"]);

export function putStrategy(tx: Tx, strategy: StoredStrategy): Result<{ created: boolean }> {
  const names = tx.getState<string[]>(STRATEGY_NAMES) ?? [];
  const created = !names.includes(strategy.name);
  if (created && names.length >= MAX_STRATEGIES) {
    return refuse(
      "RUN-4",
      409,
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
export function registerRun(tx: Tx, fleet: string, name: string, now: Instant): Result<IndexedRun> {
  const runs = tx.getState<IndexedRun[]>(RUNS) ?? [];
  if (runs.some((r) => r.name === name)) {
    return refuse("RUN-4", 409, `update run ${name} already exists in this fleet`);
  }
  const entry: IndexedRun = { name, fleet, state: "NotStarted", createdAt: now };
  const next = [...runs, entry];
  while (next.length > MAX_LISTED_RUNS) {
    const oldest = next.findIndex((r) => TERMINAL.has(r.state));
    if (oldest < 0) {
      return refuse(
        "RUN-4",
        409,
        `the fleet has ${MAX_LISTED_RUNS} unfinished update runs; finish or skip some first`,
      );
    }
    next.splice(oldest, 1);
  }
  tx.putState(RUNS, next);
  return ok(entry);
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

/** Runs the fleet's tick wakes: those not finished. */
export function activeRuns(tx: Tx): IndexedRun[] {
  return listRuns(tx).filter((r) => !TERMINAL.has(r.state));
}

/** Notes the states runs answered a tick with. */
export function noteRunStates(tx: Tx, states: Readonly<Record<string, string>>): void {
  const runs = listRuns(tx);
  let changed = false;
  for (const run of runs) {
    const state = states[run.name];
    if (state !== undefined && state !== run.state) {
      run.state = state;
      changed = true;
    }
  }
  if (changed) tx.putState(RUNS, runs);
}
