import type { FleetCapability, FleetCourier } from "../capability.ts";
import { rolloutIntents, runRolloutPass } from "./host.ts";
import { ROLLOUT_TIMER } from "./keys.ts";
import { hearPhaseEnd } from "./owners.ts";
import {
  hearSequencePhaseEnd,
  type SequenceEnds,
  sendSequenceEnds,
  unsentSequenceEnds,
} from "./sequence-phases.ts";

const sequenceEnds: FleetCourier<SequenceEnds> = {
  send: (fleet, message) => sendSequenceEnds(fleet.env, message),
  remainder: unsentSequenceEnds,
};

/**
 * SEQ: rollout sequencing of the groups the fleet owns (the fleet, or its team scopes),
 * and the cluster phases rollout sequences with custom stages start in it (SEQ-19).
 */
export const rollout: FleetCapability = {
  name: "rollout",
  timers: {
    [ROLLOUT_TIMER]: (fleet, timer) => runRolloutPass(fleet, timer.payload ?? ""),
  },
  ends: {
    // SEQ-5: a phase's operations on a cluster, all ended.
    "rollout-phase": { hear: hearPhaseEnd },
    "sequence-phase": { hear: hearSequencePhaseEnd },
  },
  deliveries: {
    "rollout-intent": rolloutIntents,
    "sequence-ends": sequenceEnds,
  },
};
