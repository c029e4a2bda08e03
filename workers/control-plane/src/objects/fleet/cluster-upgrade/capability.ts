import { type FleetCapability, inTransaction } from "../capability.ts";
import { abandonClusterOperation, applyClusterEvents, fireClusterTimer } from "./host.ts";
import { CLUSTER_OP_TIMER, CLUSTER_RETIRE_TIMER, CLUSTER_SYNC_TIMER } from "./keys.ts";
import { packsWriteBacks } from "./pending-write-backs.ts";
import { hearPoolEnd } from "./pool-ends.ts";
import { forgetPreflight } from "./preflights.ts";
import { packsPlanRefs } from "./store.ts";
import { adoptWriteBackTimer, clusterWriteBack, retireClusterUpgrade } from "./write-back.ts";

/** LIFE: the per-cluster upgrade lifecycle (preflight, ordered components, health checks). */
export const clusterUpgrades: FleetCapability = {
  name: "cluster upgrades",
  timers: {
    [CLUSTER_OP_TIMER]: inTransaction(fireClusterTimer),
    [CLUSTER_SYNC_TIMER]: inTransaction((tx, timer) => adoptWriteBackTimer(tx, timer.payload)),
    [CLUSTER_RETIRE_TIMER]: (fleet, timer) =>
      retireClusterUpgrade(fleet.runtime, fleet.inventory, timer.payload ?? ""),
  },
  deliveries: { "cluster-write-back": clusterWriteBack },
  claimEvents: applyClusterEvents,
  packs: (key) => packsPlanRefs(key) || packsWriteBacks(key),
  // LIFE-3: each worker pool's end, into the upgrade's inbox.
  ends: { "cluster-upgrade": { hear: hearPoolEnd } },
  clusterDeleted(tx, cluster) {
    abandonClusterOperation(tx, cluster);
    forgetPreflight(tx, cluster);
  },
};
