import { type Result, type RuleId, refuse } from "../../rules/violation.ts";
import type { OperationState, StrategyType } from "../types.ts";
import type { StrategyOperation } from "./module.ts";

/**
 * Cancel pauses a running or paused upgrade; in any other state it is refused (409).
 *
 * @example cancelRefusal(succeeded, "NUP-7") // conflict "NUP-7: cannot cancel an operation that is SUCCEEDED"
 */
export function cancelRefusal(op: StrategyOperation, rule: RuleId): Result<never> | undefined {
  const { state } = op.header;
  if (state === "RUNNING" || state === "PAUSED") return undefined;
  return refuse(rule, "conflict", `${rule}: cannot cancel an operation that is ${state}`);
}

/**
 * Resume continues an upgrade in one of the `from` states (cancelled; for surge also
 * failed, NUP-7); in any other state it is refused (409).
 *
 * @example resumeRefusal(running, "NUP-9", ["CANCELLED"]) // conflict "NUP-9: only a cancelled upgrade can be resumed; this one is RUNNING"
 */
export function resumeRefusal(
  op: StrategyOperation,
  rule: RuleId,
  from: readonly OperationState[],
): Result<never> | undefined {
  const { state } = op.header;
  if (from.includes(state)) return undefined;
  const which = from.map((s) => s.toLowerCase()).join(" or ");
  return refuse(
    rule,
    "conflict",
    `${rule}: only a ${which} upgrade can be resumed; this one is ${state}`,
  );
}

/**
 * NUP-9: `/complete` skips blue-green's node-pool soak; other strategies have none.
 *
 * @example completeRefusal("SURGE") // refused NUP-9
 */
export function completeRefusal(kind: StrategyType): Result<never> {
  return refuse(
    "NUP-9",
    "refused",
    `NUP-9: complete only applies to blue-green upgrades; this one is ${kind}`,
  );
}
