import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import type { SurgeOperation } from "./operation.ts";
import { SurgeRun } from "./run.ts";

/**
 * NUP-7 cancel: started nodes finish, the rest wait; upgraded nodes stay.
 *
 * @example cancelSurge(op, now).state.header.state // "CANCELLED"
 */
export function cancelSurge(op: SurgeOperation, now: Instant): Decision<SurgeOperation> {
  const run = new SurgeRun(op, now);
  run.op.cancelled = true;
  run.fx.log(
    `NUP-7: cancelled; ${op.replacements.size} nodes already started finish, ${op.upgraded} upgraded nodes stay`,
  );
  return run.finish();
}

/**
 * NUP-7 resume: the nodes not yet upgraded are upgraded. After a failure the failed
 * node steps are retried first; a failed rollback goes on rolling back.
 *
 * @example resumeSurge(cancelled, now).state.header.state // "RUNNING"
 */
export function resumeSurge(op: SurgeOperation, now: Instant): Decision<SurgeOperation> {
  const run = new SurgeRun(op, now);
  run.op.cancelled = false;
  const retried = run.reviveFailed();
  const rest = op.direction === "UPGRADE" ? "upgrading the remaining nodes" : "rolling back";
  run.fx.log(
    retried > 0
      ? `NUP-7: resumed after failure; retrying ${retried} failed nodes, then ${rest}`
      : `NUP-7: resumed; ${rest}`,
  );
  return run.finish();
}

/**
 * NUP-7 rollback: every upgraded node is replaced again with its original configuration,
 * by the same surge steps and bounds; nodes never started are not touched. Works on a
 * cancelled pool and on one whose upgrade failed part-way.
 *
 * @example rollbackSurge(cancelled, now).state.header.phase // "ROLLING_BACK"
 */
export function rollbackSurge(op: SurgeOperation, now: Instant): Decision<SurgeOperation> {
  const run = new SurgeRun(op, now);
  run.op.cancelled = false;
  run.op.direction = "ROLLBACK";
  run.op.cursors = run.op.cursors.map((c) => ({ ...c, rollbackNext: 0 }));
  const after = op.header.state === "FAILED" ? " after the failure" : "";
  run.reviveFailed();
  const finishing = run.op.load.reduce((sum, load) => sum + load.upgrading, 0);
  run.fx.log(
    `NUP-7: rolling back${after}; ${run.op.upgraded} upgraded nodes${finishing > 0 ? ` and ${finishing} still finishing` : ""} go back to their original configuration`,
  );
  return run.finish();
}
