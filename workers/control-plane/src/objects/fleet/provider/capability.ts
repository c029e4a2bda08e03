import { advanceSim } from "../../../providers/sim/state.ts";
import { PROVIDER_TIMER } from "../../../runtime/types.ts";
import type { FleetCapability } from "../capability.ts";

/** The embedded sim provider: its reports are timed events of the object's own queue. */
export const provider: FleetCapability = {
  name: "provider",
  // The sim's state changes with every report it makes.
  packs: (key) => key === "sim",
  timers: {
    // Advancing the sim and applying what it reports is one transaction: a crash cannot
    // lose an event the sim already considers delivered. No inbox row per event either:
    // nothing can deliver these twice.
    [PROVIDER_TIMER]: (fleet) => fleet.runtime.commit((tx) => fleet.route(tx, advanceSim(tx))),
  },
};
