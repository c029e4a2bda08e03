import type { PoolUpgradeEnded } from "@regatta/engine";
import { type Tx, timerId } from "../../../runtime/types.ts";
import type { OperationEnd, Waiter } from "../waiters.ts";
import { CLUSTER_OP_TIMER } from "./keys.ts";

/**
 * Node-pool operations a cluster upgrade started for its worker pools (LIFE-3): each is
 * watched on its own (ends.ts), and its end goes to the cluster upgrade's inbox with its
 * timer due now, where the upgrade's machine takes it on its next step.
 */

/** Pool ends a cluster upgrade has not taken yet. */
export const inboxKey = (clusterOperation: string) => `cu-inbox:${clusterOperation}`;

/** The watch of one pool operation for its cluster upgrade. */
export const poolWatch = (poolOperation: string) => `cu/${poolOperation}`;

/** Hears a worker pool's end (with the pool's nodes by version, LIFE-4). */
export function hearPoolEnd(
  tx: Tx,
  waiter: Extract<Waiter, { kind: "cluster-upgrade" }>,
  ends: readonly OperationEnd[],
): void {
  const owner = waiter.operation;
  const inbox = tx.getState<PoolUpgradeEnded[]>(inboxKey(owner)) ?? [];
  for (const end of ends) {
    const ended: PoolUpgradeEnded = {
      type: "POOL_UPGRADE_ENDED",
      pool: end.pool ?? "",
      operationId: end.operation,
      state: end.state as PoolUpgradeEnded["state"],
      nodeVersions: end.nodeVersions ?? {},
      at: end.at,
    };
    if (end.error !== undefined) ended.error = end.error;
    inbox.push(ended);
  }
  tx.putState(inboxKey(owner), inbox);
  tx.setTimer({
    id: timerId(CLUSTER_OP_TIMER, owner),
    due: tx.now,
    kind: CLUSTER_OP_TIMER,
    payload: owner,
  });
}
