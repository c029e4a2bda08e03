import type { FleetCapability } from "../capability.ts";
import { deliverRunReport, RUN_REPORT_TIMER, wakeRuns } from "./members.ts";
import { FORGET_RUN_TIMER, forgetRuns, pruneRuns } from "./retention.ts";

/** RUN: the fleet's side of update runs (members' ends, the runs index, retention). */
export const runMembers: FleetCapability = {
  name: "update-run members",
  timers: {
    [RUN_REPORT_TIMER]: (fleet, timer) => deliverRunReport(fleet.runtime, fleet.env, timer),
    [FORGET_RUN_TIMER]: (fleet) => forgetRuns(fleet.runtime, fleet.env),
  },
  async onTick(fleet) {
    await wakeRuns(fleet.runtime, fleet.env);
    await pruneRuns(fleet.runtime, fleet.retentionMs);
  },
};
