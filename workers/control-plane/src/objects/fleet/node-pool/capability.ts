import { type FleetCapability, inTransaction } from "../capability.ts";
import { applyEvents, fireTimer } from "./host.ts";
import { OP_TIMER, RETIRE_TIMER, SYNC_TIMER, WINDOW_TIMER } from "./keys.ts";
import { detachPool } from "./lifecycle.ts";
import { retireOperation } from "./retention.ts";
import { syncOperation } from "./write-back.ts";

/** NUP: node-pool upgrades (surge, blue-green, autoscaled blue-green, short-lived). */
export const nodePoolUpgrades: FleetCapability = {
  name: "node-pool upgrades",
  timers: {
    [OP_TIMER]: inTransaction(fireTimer),
    [WINDOW_TIMER]: inTransaction(fireTimer),
    [SYNC_TIMER]: (fleet, timer) =>
      syncOperation(fleet.runtime, fleet.inventory, timer.payload ?? "", fleet.retentionMs),
    [RETIRE_TIMER]: (fleet, timer) =>
      retireOperation(fleet.runtime, fleet.inventory, timer.payload ?? ""),
  },
  claimEvents: applyEvents,
  // Each operation's main row (its shard rows are written in batches and stay apart),
  // and which operation a pool has, written with a new operation's main row.
  packs: (key) => key.startsWith("pool-op:") || (key.startsWith("op:") && key.indexOf(":", 3) < 0),
  clusterDeleted(tx, cluster, pools, retentionMs) {
    for (const pool of pools) detachPool(tx, cluster, pool, retentionMs);
  },
};
