import type { Decision } from "../machine/decision.ts";
import type { Result } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { type NodePoolOperation, strategyModule } from "./strategies/index.ts";

type Controlled = Result<Decision<NodePoolOperation>>;

/**
 * `/cancel`: pauses the upgrade. Surge (NUP-7): started nodes finish, the rest wait.
 * Blue-green (NUP-9): phases 1–4 only. Autoscaled blue-green (NUP-10): until blue is
 * being deleted. Short-lived has no controls (NUP-11).
 *
 * @example cancelUpgrade(op, now) // ok, state CANCELLED — or conflict NUP-9 in phase 5
 */
export function cancelUpgrade(op: NodePoolOperation, now: Instant): Controlled {
  return strategyModule(op.kind).controls.cancel(op, now);
}

/**
 * `/resume`: continues a cancelled upgrade where it paused (NUP-7, NUP-9, NUP-10); a
 * failed surge upgrade retries its failed nodes and goes on (NUP-7).
 *
 * @example resumeUpgrade(cancelled, now) // ok, state RUNNING
 */
export function resumeUpgrade(op: NodePoolOperation, now: Instant): Controlled {
  return strategyModule(op.kind).controls.resume(op, now);
}

/**
 * `/rollback`. Surge (NUP-7): a cancelled or failed, partly upgraded pool goes back; a
 * completed upgrade cannot (409). Blue-green (NUP-9): after cancel or failure in phases
 * 1–4. Autoscaled blue-green never (422, NUP-10).
 *
 * @example rollbackUpgrade(succeeded, now) // conflict NUP-7: a completed upgrade cannot be rolled back
 */
export function rollbackUpgrade(op: NodePoolOperation, now: Instant): Controlled {
  return strategyModule(op.kind).controls.rollback(op, now);
}

/**
 * `/complete`: blue-green only, in phase 4 — skips the rest of the node-pool soak and
 * starts deleting blue (NUP-9).
 *
 * @example completeUpgrade(soaking, now) // ok, phase DELETING_BLUE
 */
export function completeUpgrade(op: NodePoolOperation, now: Instant): Controlled {
  return strategyModule(op.kind).controls.complete(op, now);
}
