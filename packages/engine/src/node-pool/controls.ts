import type { Decision } from "../machine/decision.ts";
import { ok, type Result, refuse } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { cancelAutoscaledBlueGreen, resumeAutoscaledBlueGreen } from "./autoscaled-blue-green.ts";
import {
  BLUE_GREEN_PHASE_NUMBER,
  cancelBlueGreen,
  completeBlueGreen,
  resumeBlueGreen,
  rollbackBlueGreen,
} from "./blue-green.ts";
import { isTerminal } from "./operation.ts";
import { cancelSurge, resumeSurge, rollbackSurge } from "./surge.ts";
import type { NodePoolOperation } from "./upgrade.ts";

type Controlled = Result<Decision<NodePoolOperation>>;

/**
 * `/cancel`: pauses the upgrade. Surge (NUP-7): started nodes finish, the rest wait.
 * Blue-green (NUP-9): phases 1–4 only. Autoscaled blue-green (NUP-10): until blue is
 * being deleted. Short-lived has no controls (NUP-11).
 *
 * @example cancelUpgrade(op, now) // ok, state CANCELLED — or 409 NUP-9 in phase 5
 */
export function cancelUpgrade(op: NodePoolOperation, now: Instant): Controlled {
  const { state } = op.header;
  if (state !== "RUNNING" && state !== "PAUSED") {
    return refuse(ruleOf(op), 409, `${ruleOf(op)}: cannot cancel an operation that is ${state}`);
  }
  switch (op.kind) {
    case "SURGE":
      if (op.direction === "ROLLBACK") {
        return refuse("NUP-7", 409, "NUP-7: a rollback in progress cannot be cancelled");
      }
      return ok(cancelSurge(op, now));
    case "BLUE_GREEN": {
      const phase = BLUE_GREEN_PHASE_NUMBER[op.phase];
      if (phase === undefined || phase > 4) {
        return refuse(
          "NUP-9",
          409,
          `NUP-9: cancel is possible in phases 1–4 only; the upgrade is in ${op.phase}`,
        );
      }
      return ok(cancelBlueGreen(op, now));
    }
    case "AUTOSCALED_BLUE_GREEN":
      if (op.phase === "DELETING_BLUE" || op.phase === "DONE") {
        return refuse(
          "NUP-10",
          409,
          `NUP-10: blue is being deleted (${op.phase}); too late to cancel`,
        );
      }
      return ok(cancelAutoscaledBlueGreen(op, now));
    case "SHORT_LIVED":
      return refuse(
        "NUP-11",
        422,
        "NUP-11: short-lived upgrades follow preemptions and have no controls",
      );
    default:
      return op satisfies never;
  }
}

/**
 * `/resume`: continues a cancelled upgrade where it paused (NUP-7, NUP-9, NUP-10); a
 * failed surge upgrade retries its failed nodes and goes on (NUP-7).
 *
 * @example resumeUpgrade(cancelled, now) // ok, state RUNNING
 */
export function resumeUpgrade(op: NodePoolOperation, now: Instant): Controlled {
  if (op.kind === "SHORT_LIVED") {
    return refuse(
      "NUP-11",
      422,
      "NUP-11: short-lived upgrades follow preemptions and have no controls",
    );
  }
  const failedSurge = op.kind === "SURGE" && op.header.state === "FAILED";
  if (op.header.state !== "CANCELLED" && !failedSurge) {
    return refuse(
      ruleOf(op),
      409,
      `${ruleOf(op)}: only a cancelled${op.kind === "SURGE" ? " or failed" : ""} upgrade can be resumed; this one is ${op.header.state}`,
    );
  }
  switch (op.kind) {
    case "SURGE":
      return ok(resumeSurge(op, now));
    case "BLUE_GREEN":
      return ok(resumeBlueGreen(op, now));
    case "AUTOSCALED_BLUE_GREEN":
      return ok(resumeAutoscaledBlueGreen(op, now));
    default:
      return op satisfies never;
  }
}

/**
 * `/rollback`. Surge (NUP-7): a cancelled or failed, partly upgraded pool goes back; a completed
 * upgrade cannot (409). Blue-green (NUP-9): after cancel or failure in phases 1–4.
 * Autoscaled blue-green never (422, NUP-10).
 *
 * @example rollbackUpgrade(succeeded, now) // 409 NUP-7: a completed upgrade cannot be rolled back
 */
export function rollbackUpgrade(op: NodePoolOperation, now: Instant): Controlled {
  const { state } = op.header;
  switch (op.kind) {
    case "SURGE":
      if (state === "SUCCEEDED") {
        return refuse(
          "NUP-7",
          409,
          "NUP-7: the upgrade completed; a completed upgrade cannot be rolled back (downgrade the pool instead)",
        );
      }
      if (op.direction === "ROLLBACK") {
        return refuse(
          "NUP-7",
          409,
          state === "FAILED"
            ? "NUP-7: the rollback failed; resume retries it"
            : `NUP-7: the pool is already ${state === "ROLLED_BACK" ? "rolled back" : "rolling back"}`,
        );
      }
      if (state !== "CANCELLED" && state !== "FAILED") {
        return refuse(
          "NUP-7",
          409,
          `NUP-7: only a cancelled or failed (partly upgraded) surge upgrade can be rolled back; this one is ${state}${state === "RUNNING" || state === "PAUSED" ? " — cancel it first" : ""}`,
        );
      }
      return ok(rollbackSurge(op, now));
    case "BLUE_GREEN": {
      const phase = BLUE_GREEN_PHASE_NUMBER[op.phase];
      if (state === "SUCCEEDED" || state === "ROLLED_BACK" || phase === undefined || phase > 4) {
        return refuse(
          "NUP-9",
          409,
          `NUP-9: rollback is possible in phases 1–4 only; the upgrade is ${state} in ${op.phase}`,
        );
      }
      if (state !== "CANCELLED" && state !== "FAILED") {
        return refuse(
          "NUP-9",
          409,
          `NUP-9: cancel the upgrade before rolling it back (it is ${state})`,
        );
      }
      return ok(rollbackBlueGreen(op, now));
    }
    case "AUTOSCALED_BLUE_GREEN":
      return refuse("NUP-10", 422, "NUP-10: autoscaled blue-green upgrades cannot be rolled back");
    case "SHORT_LIVED":
      return refuse(
        "NUP-11",
        422,
        "NUP-11: short-lived upgrades follow preemptions and have no controls",
      );
    default:
      return op satisfies never;
  }
}

/**
 * `/complete`: blue-green only, in phase 4 — skips the rest of the node-pool soak and
 * starts deleting blue (NUP-9).
 *
 * @example completeUpgrade(soaking, now) // ok, phase DELETING_BLUE
 */
export function completeUpgrade(op: NodePoolOperation, now: Instant): Controlled {
  switch (op.kind) {
    case "BLUE_GREEN":
      if (op.phase !== "SOAKING_POOL" || isTerminal(op.header.state)) {
        return refuse(
          "NUP-9",
          409,
          `NUP-9: complete skips the node-pool soak (phase 4); the upgrade is ${op.header.state} in ${op.phase}`,
        );
      }
      return ok(completeBlueGreen(op, now));
    case "AUTOSCALED_BLUE_GREEN":
      return refuse(
        "NUP-10",
        422,
        "NUP-10: autoscaled blue-green has no node-pool soak to complete",
      );
    case "SURGE":
    case "SHORT_LIVED":
      return refuse(
        "NUP-9",
        422,
        `NUP-9: complete only applies to blue-green upgrades; this one is ${op.kind}`,
      );
    default:
      return op satisfies never;
  }
}

function ruleOf(op: NodePoolOperation): "NUP-7" | "NUP-9" | "NUP-10" | "NUP-11" {
  switch (op.kind) {
    case "SURGE":
      return "NUP-7";
    case "BLUE_GREEN":
      return "NUP-9";
    case "AUTOSCALED_BLUE_GREEN":
      return "NUP-10";
    case "SHORT_LIVED":
      return "NUP-11";
    default:
      return op satisfies never;
  }
}
