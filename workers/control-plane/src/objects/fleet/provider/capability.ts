import { advanceSim } from "../../../providers/sim/state.ts";
import { PROVIDER_TIMER } from "../../../runtime/types.ts";
import type { FleetCapability } from "../capability.ts";

/**
 * Rounds of sim reports taken in one firing. Commands answered at once (zero durations)
 * are reported at the same instant as the answer that sent them; taking those rounds in
 * the same transaction keeps the order the runtime would give them (the provider first
 * at an instant) at one commit instead of one per round. Bounded: what is left fires next.
 */
const SIM_ROUNDS_PER_FIRING = 64;

/** The embedded sim provider: its reports are timed events of the object's own queue. */
export const provider: FleetCapability = {
  name: "provider",
  // The sim's state changes with every report it makes.
  packs: (key) => key === "sim",
  timers: {
    // Advancing the sim and applying what it reports is one transaction: a crash cannot
    // lose an event the sim already considers delivered. No inbox row per event either:
    // nothing can deliver these twice.
    [PROVIDER_TIMER]: (fleet) =>
      fleet.runtime.commit((tx) => {
        for (let round = 0; round < SIM_ROUNDS_PER_FIRING; round++) {
          const events = advanceSim(tx);
          if (events.length === 0) return;
          fleet.route(tx, events);
        }
      }),
  },
};
