import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { BLUE_GREEN_PHASE_NUMBER, type BlueGreenOperation } from "./operation.ts";
import { BlueGreenRun } from "./run.ts";

/**
 * NUP-9 cancel (phases 1–4): pause in place; sent commands still finish.
 *
 * @example cancelBlueGreen(op, now).state.header.state // "CANCELLED"
 */
export function cancelBlueGreen(
  op: BlueGreenOperation,
  now: Instant,
): Decision<BlueGreenOperation> {
  const run = new BlueGreenRun(op, now);
  run.op.cancelled = true;
  run.fx.log(`NUP-9: cancelled in phase ${BLUE_GREEN_PHASE_NUMBER[op.phase]} (${op.phase})`);
  return run.finish();
}

/**
 * NUP-9 resume: continue where it paused; in phase 3 after a drained batch the next
 * batch starts at once, without the rest of the batch soak (seed).
 *
 * @example resumeBlueGreen(cancelled, now).state.header.state // "RUNNING"
 */
export function resumeBlueGreen(
  op: BlueGreenOperation,
  now: Instant,
): Decision<BlueGreenOperation> {
  const run = new BlueGreenRun(op, now);
  run.op.cancelled = false;
  run.fx.log(`NUP-9: resumed in phase ${BLUE_GREEN_PHASE_NUMBER[op.phase]} (${op.phase})`);
  const soak = run.op.soak;
  if (run.op.phase === "DRAINING_BLUE" && soak !== undefined && soak.until > now) {
    run.op.soak = { ...soak, until: now };
    run.fx.log("NUP-9: next batch starts without the rest of the batch soak");
  }
  return run.finish();
}

/**
 * NUP-9 complete (phase 4): skip the rest of the soak and start deleting blue.
 *
 * @example completeBlueGreen(soaking, now).state.phase // "DELETING_BLUE"
 */
export function completeBlueGreen(
  op: BlueGreenOperation,
  now: Instant,
): Decision<BlueGreenOperation> {
  const run = new BlueGreenRun(op, now);
  run.op.cancelled = false;
  if (run.op.soak !== undefined) run.op.soak = { ...run.op.soak, until: now };
  run.fx.log("NUP-9: complete: skipping the rest of the node-pool soak");
  return run.finish();
}

/**
 * NUP-9 rollback (phases 1–4, after cancel or failure): phase 1 deletes green; phase 2
 * uncordons blue and deletes green; phases 3–4 stop draining, uncordon blue, then drain
 * and delete green.
 *
 * @example rollbackBlueGreen(cancelledInPhase2, now).commands[0].type // "UNCORDON_NODE"
 */
export function rollbackBlueGreen(
  op: BlueGreenOperation,
  now: Instant,
): Decision<BlueGreenOperation> {
  const run = new BlueGreenRun(op, now);
  run.rollBack();
  return run.finish();
}
