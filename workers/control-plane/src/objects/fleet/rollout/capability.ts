import type { FleetCapability } from "../capability.ts";
import { rolloutIntents, runRolloutPass } from "./host.ts";
import { ROLLOUT_TIMER } from "./keys.ts";
import { hearPhaseEnd } from "./owners.ts";

/** SEQ: rollout sequencing of the groups the fleet owns (the fleet, or its team scopes). */
export const rollout: FleetCapability = {
  name: "rollout",
  timers: {
    [ROLLOUT_TIMER]: (fleet, timer) => runRolloutPass(fleet, timer.payload ?? ""),
  },
  // SEQ-5: a phase's operations on a cluster, all ended.
  ends: { "rollout-phase": { hear: hearPhaseEnd } },
  deliveries: {
    "rollout-intent": rolloutIntents,
  },
};
