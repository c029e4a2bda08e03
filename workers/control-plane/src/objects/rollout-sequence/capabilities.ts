import { CapabilityTable } from "../../runtime/capabilities.ts";
import { notificationsCapability } from "../notifications/capability.ts";
import type { SequenceCapability, SequenceContext } from "./context.ts";
import { runSequencePass, SEQUENCE_TIMER } from "./host.ts";
import { phaseStarts } from "./starts.ts";

/** SEQ-19: the sequence's own passes (the engine's wake-up, an end heard). */
const passes: SequenceCapability = {
  name: "sequence passes",
  timers: {
    [SEQUENCE_TIMER]: async (context) => {
      await runSequencePass(context);
    },
  },
};

/** The capabilities of every rollout-sequence object, in the kernel's table. */
export const SEQUENCE_TABLE = new CapabilityTable<SequenceContext>("rollout sequence", [
  passes,
  phaseStarts,
  notificationsCapability<SequenceContext>(),
]);
