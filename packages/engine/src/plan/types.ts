import type { Instant } from "../time/instant.ts";

/**
 * EXT-6: something a member or group waited for before it could go on — a closed
 * maintenance window or another RUN-8 Pending reason, a stage's `afterStageWaitSeconds`,
 * a soak — with the reason as the engine gave it.
 */
export interface PlanWait {
  from: Instant;
  until: Instant;
  reason: string;
}

/**
 * One link of the critical path: the chain of member upgrades, waits and soaks that ends
 * last; shortening any link moves the end.
 */
export interface PathStep {
  kind: "member" | "wait" | "stage-wait" | "control-plane" | "nodes" | "soak";
  /** A member's cluster, a stage's or a group's name. */
  name: string;
  from: Instant;
  until: Instant;
  reason?: string;
}

/** Why a plan stopped short of the run's (or the sequence's) end. */
export interface PlanCutoff {
  at: Instant;
  reason: string;
}

/**
 * SEC-3: instants one plan may step through. A plan runs in a request, on whoever asked
 * for it (a viewer too): past this it stops and says where, instead of holding the
 * worker's CPU for minutes. Thousands of members at a few commands each fit well inside.
 */
export const PLAN_STEP_BUDGET = 200_000;

/** The cutoff reason of a plan that ran out of steps. */
export function budgetSpent(budget: number): string {
  return `SEC-3: the plan stopped after its budget of ${budget.toLocaleString("en-US")} steps; what comes after is not planned`;
}
