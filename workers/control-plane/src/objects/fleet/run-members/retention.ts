import { exponentialBackoff } from "@regatta/engine";
import type { Env } from "../../../env.ts";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { runObjectName } from "./members.ts";
import { type IndexedRun, pruneFinishedRuns, runsForgotten, runsToForget } from "./runs-index.ts";

/**
 * Retention of update runs (bounded storage): a finished run leaves the fleet's index
 * after the operation retention, or when newer runs push it out, and its own object is
 * emptied by RPC — durably, from a timer retried with backoff until every dropped run's
 * object answered.
 */

/** Empties the objects of runs dropped from the index. */
export const FORGET_RUN_TIMER = "run-forget";
const TIMER_ID = timerId(FORGET_RUN_TIMER, "runs");
const retryWait = exponentialBackoff({ first: 60_000, max: 3_600_000 });
const ATTEMPTS_KEY = "update-runs:forget-attempts";

/** The fleet's tick: drops runs finished longer than `retentionMs` ago. */
export async function pruneRuns(runtime: ObjectRuntime, retentionMs: number): Promise<void> {
  await runtime.commit((tx) => {
    if (pruneFinishedRuns(tx, retentionMs)) scheduleForget(tx);
  });
}

/** Makes the timer due now when some run's object is still to be emptied. */
export function scheduleForget(tx: Tx): void {
  if (runsToForget(tx).length > 0) {
    tx.setTimer({ id: TIMER_ID, due: tx.now, kind: FORGET_RUN_TIMER });
  }
}

/** The timer: each dropped run's object forgets it; failures are retried later. */
export async function forgetRuns(runtime: ObjectRuntime, env: Env): Promise<void> {
  const runs = await runtime.commit((tx) => runsToForget(tx));
  const done: IndexedRun[] = [];
  for (const run of runs) {
    try {
      const stub = env.UPDATE_RUN.get(
        env.UPDATE_RUN.idFromName(runObjectName(run.fleet, run.name)),
      );
      // False means a newer run of that name lives there now: nothing to forget either.
      await stub.forget(run.createdAt);
      done.push(run);
    } catch (error) {
      console.error(`update run ${run.name} could not be emptied; retrying`, error);
    }
  }
  await runtime.commit((tx) => {
    runsForgotten(tx, done);
    if (runsToForget(tx).length === 0) {
      tx.deleteState(ATTEMPTS_KEY);
      return;
    }
    const attempts = (tx.getState<number>(ATTEMPTS_KEY) ?? 0) + 1;
    tx.putState(ATTEMPTS_KEY, attempts);
    tx.setTimer({ id: TIMER_ID, due: tx.now + retryWait(attempts), kind: FORGET_RUN_TIMER });
  });
}
