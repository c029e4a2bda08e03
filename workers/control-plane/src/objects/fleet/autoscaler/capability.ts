import { type FleetCapability, inTransaction } from "../capability.ts";
import { applyAutoscalerEvents } from "./answers.ts";
import { forgetAutoscaler } from "./cluster.ts";
import { fireAutoscalerTimer } from "./host.ts";
import { AS_RETIRE_TIMER, AS_SYNC_TIMER, AS_TIMER } from "./keys.ts";
import { endAutoscalerOperation, retireAutoscalerOperation } from "./operation.ts";
import { adoptSyncTimer, autoscalerNodeChanges } from "./sync.ts";

/** CA: the cluster autoscaler's passes, its node changes and their write-back. */
export const autoscaler: FleetCapability = {
  name: "autoscaler",
  timers: {
    [AS_TIMER]: (fleet, timer) => fireAutoscalerTimer(fleet.runtime, fleet.inventory, timer),
    [AS_SYNC_TIMER]: inTransaction((tx, timer) => adoptSyncTimer(tx, timer.payload ?? "")),
    [AS_RETIRE_TIMER]: (fleet, timer) =>
      retireAutoscalerOperation(fleet.runtime, fleet.inventory, timer.payload ?? ""),
  },
  deliveries: { "autoscaler-nodes": autoscalerNodeChanges },
  claimEvents: applyAutoscalerEvents,
  clusterDeleted(tx, cluster, _pools, retentionMs) {
    endAutoscalerOperation(tx, cluster, retentionMs);
    forgetAutoscaler(tx, cluster);
  },
};
