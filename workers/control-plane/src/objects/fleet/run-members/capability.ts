import type { FleetCapability, FleetCourier } from "../capability.ts";
import { hearMemberEnd, type MembersEnded, sendMembersEnded, unsentEnds } from "./members.ts";
import { pruneRuns, sendForgetRun } from "./retention.ts";
import { type ForgetRun, RUNS_RETIRE_TIMER } from "./runs-index.ts";

const membersEnded: FleetCourier<MembersEnded> = {
  send: (fleet, message) => sendMembersEnded(fleet.env, message),
  remainder: unsentEnds,
};
const forgetRun: FleetCourier<ForgetRun> = {
  send: (fleet, message) => sendForgetRun(fleet.env, message),
};

/** RUN: the fleet's side of update runs (members' ends, the runs index, retention). */
export const runMembers: FleetCapability = {
  name: "update-run members",
  timers: {
    [RUNS_RETIRE_TIMER]: (fleet) => pruneRuns(fleet.runtime, fleet.retentionMs),
  },
  // RUN-5: a member's operations, all ended, reported to its run.
  ends: { "run-member": { hear: hearMemberEnd } },
  deliveries: {
    "members-ended": membersEnded,
    "forget-run": forgetRun,
  },
  // No run is woken from here: each wakes on its own alarm and tells its state (RUN-8).
  async onTick(fleet) {
    await pruneRuns(fleet.runtime, fleet.retentionMs);
  },
};
