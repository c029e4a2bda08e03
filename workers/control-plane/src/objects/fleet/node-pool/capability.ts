import { urlPolicy } from "../../../outbound/url-policy.ts";
import { deliveryKey } from "../../../runtime/deliveries.ts";
import {
  callHealthUrl,
  HEALTH_CHECK_ATTEMPTS,
  type HealthAnswer,
  unreachable,
} from "../../health-checks/url-check.ts";
import { type FleetCapability, type FleetCourier, inTransaction } from "../capability.ts";
import { applyEvents, fireTimer, soakCheckFailed } from "./host.ts";
import { OP_TIMER, RETIRE_TIMER, SYNC_TIMER, WINDOW_TIMER, writeBackDelivery } from "./keys.ts";
import { detachPool } from "./lifecycle.ts";
import { retireOperation } from "./retention.ts";
import type { SoakHealthCheck } from "./soak-checks.ts";
import { adoptWriteBackTimer, nodePoolWriteBack } from "./write-back.ts";

const WRITE_BACK_DELIVERIES = deliveryKey(writeBackDelivery(""));

/** EXT-7: a blue-green soak's URL check; a failure (or no answer) rolls the pool back. */
const soakHealth: FleetCourier<SoakHealthCheck, HealthAnswer> = {
  send: (fleet, message) => callHealthUrl(message.url, urlPolicy(fleet.env)),
  taken(tx, message, answer) {
    if (!answer.passed) soakCheckFailed(tx, message.operation, answer.detail);
  },
  maxAttempts: () => HEALTH_CHECK_ATTEMPTS,
  gaveUp(tx, message, lastError) {
    soakCheckFailed(tx, message.operation, unreachable(lastError).detail);
  },
};

/** NUP: node-pool upgrades (surge, blue-green, autoscaled blue-green, short-lived). */
export const nodePoolUpgrades: FleetCapability = {
  name: "node-pool upgrades",
  timers: {
    [OP_TIMER]: inTransaction(fireTimer),
    [WINDOW_TIMER]: inTransaction(fireTimer),
    [SYNC_TIMER]: inTransaction((tx, timer) => adoptWriteBackTimer(tx, timer.payload ?? "")),
    [RETIRE_TIMER]: (fleet, timer) =>
      retireOperation(fleet.runtime, fleet.inventory, timer.payload ?? ""),
  },
  claimEvents: applyEvents,
  deliveries: { "soak-health": soakHealth, "node-pool-write-back": nodePoolWriteBack },
  // Each operation's main row (its shard rows are written in batches and stay apart),
  // which operation a pool has, written with a new operation's main row, and its
  // write-back, recorded and taken with a change of its main row.
  packs: (key) =>
    key.startsWith("pool-op:") ||
    (key.startsWith("op:") && key.indexOf(":", 3) < 0) ||
    key.startsWith(WRITE_BACK_DELIVERIES),
  clusterDeleted(tx, cluster, pools, retentionMs) {
    for (const pool of pools) detachPool(tx, cluster, pool, retentionMs);
  },
};
