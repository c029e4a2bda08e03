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
