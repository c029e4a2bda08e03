import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import type { AutoscaledBlueGreenOperation } from "./operation.ts";
import { AutoscaledRun } from "./run.ts";

/**
 * NUP-10 cancel: pause; drains already sent still finish.
 *
 * @example cancelAutoscaledBlueGreen(op, now).state.header.state // "CANCELLED"
 */
export function cancelAutoscaledBlueGreen(
  op: AutoscaledBlueGreenOperation,
  now: Instant,
): Decision<AutoscaledBlueGreenOperation> {
  const run = new AutoscaledRun(op, now);
  run.op.cancelled = true;
  run.fx.log(`NUP-10: cancelled in ${op.phase}`);
  return run.finish();
}

/**
 * NUP-10 resume: continue where it paused (a wait that ended meanwhile is over).
 *
 * @example resumeAutoscaledBlueGreen(cancelled, now).state.header.state // "RUNNING"
 */
export function resumeAutoscaledBlueGreen(
  op: AutoscaledBlueGreenOperation,
  now: Instant,
): Decision<AutoscaledBlueGreenOperation> {
  const run = new AutoscaledRun(op, now);
  run.op.cancelled = false;
  run.fx.log(`NUP-10: resumed in ${op.phase}`);
  return run.finish();
}
