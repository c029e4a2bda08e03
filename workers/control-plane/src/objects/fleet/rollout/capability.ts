import type { FleetCapability, FleetContext } from "../capability.ts";
import { type RolloutDeps, runRolloutPass } from "./host.ts";
import { ROLLOUT_TIMER } from "./keys.ts";

/** What a rollout pass needs, from the context the fleet object lends. */
export function rolloutDeps(fleet: FleetContext): RolloutDeps {
  return {
    runtime: fleet.runtime,
    inventory: fleet.inventory,
    fleets: fleet.env.FLEET,
    inFlight: fleet.carryingOut,
  };
}

/** SEQ: rollout sequencing of the groups the fleet owns (the fleet, or its team scopes). */
export const rollout: FleetCapability = {
  name: "rollout",
  timers: {
    [ROLLOUT_TIMER]: (fleet, timer) => runRolloutPass(rolloutDeps(fleet), timer.payload ?? ""),
  },
};
