import type { Env } from "../../../env.ts";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import { runObjectName } from "./members.ts";
import { type ForgetRun, pruneFinishedRuns } from "./runs-index.ts";

/**
 * Retention of update runs (bounded storage): a finished run leaves the fleet's index
 * after the operation retention, or when newer runs push it out, and its own object is
 * emptied by a durable delivery.
 */

/** The fleet's tick: drops runs finished longer than `retentionMs` ago. */
export async function pruneRuns(runtime: ObjectRuntime, retentionMs: number): Promise<void> {
  await runtime.commit((tx) => pruneFinishedRuns(tx, retentionMs));
}

/**
 * Empties a dropped run's object. False from it means a newer run of that name lives
 * there now: nothing to forget either, so both answers take the delivery.
 */
export function sendForgetRun(env: Env, message: ForgetRun): Promise<boolean> {
  const { run } = message;
  return env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(run.fleet, run.name))).forget(
    run.createdAt,
  );
}
