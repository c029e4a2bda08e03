import {
  isTerminal,
  type NodePoolOperation,
  type PoolUpgradeEnded,
  poolNodes,
} from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { CLUSTER_OP_TIMER } from "./keys.ts";

/**
 * Node-pool operations a cluster upgrade started for its worker pools (LIFE-3) report
 * their end to it through an inbox and a timer: node-pool-host.ts writes, the cluster
 * upgrade host reads, and neither imports the other.
 */

/** The cluster upgrade that owns a node-pool operation. */
const ownerKey = (poolOperation: string) => `pool-op-owner:${poolOperation}`;
/** Pool ends a cluster upgrade has not taken yet. */
export const inboxKey = (clusterOperation: string) => `cu-inbox:${clusterOperation}`;

/** Marks `poolOperation` as one `clusterOperation` waits for. */
export function ownPoolOperation(tx: Tx, poolOperation: string, clusterOperation: string): void {
  tx.putState(ownerKey(poolOperation), clusterOperation);
}

/** `poolOperation` will not report to a cluster upgrade after all. */
export function disownPoolOperation(tx: Tx, poolOperation: string): void {
  tx.deleteState(ownerKey(poolOperation));
}

/**
 * Called whenever a node-pool operation is saved: the first time an owned one is
 * terminal, its end (with the pool's nodes by version, LIFE-4) goes to the owner's inbox
 * and the owner's timer is due now.
 */
export function reportPoolEnd(
  tx: Tx,
  before: NodePoolOperation | undefined,
  op: NodePoolOperation,
) {
  if (!isTerminal(op.header.state)) return;
  if (before !== undefined && isTerminal(before.header.state)) return;
  const owner = tx.getState<string>(ownerKey(op.header.id));
  if (owner === undefined) return;
  const nodeVersions: Record<string, number> = {};
  for (const node of poolNodes(op)) {
    if (node.state === "DELETING") continue;
    nodeVersions[node.version] = (nodeVersions[node.version] ?? 0) + 1;
  }
  const ended: PoolUpgradeEnded = {
    type: "POOL_UPGRADE_ENDED",
    pool: op.header.pool,
    operationId: op.header.id,
    state: op.header.state,
    nodeVersions,
    at: tx.now,
  };
  if (op.header.error !== undefined) ended.error = op.header.error;
  // An end is reported once (a retry of the cluster upgrade starts a new pool operation),
  // so the link has done its work.
  tx.deleteState(ownerKey(op.header.id));
  const inbox = tx.getState<PoolUpgradeEnded[]>(inboxKey(owner)) ?? [];
  inbox.push(ended);
  tx.putState(inboxKey(owner), inbox);
  tx.setTimer({
    id: timerId(CLUSTER_OP_TIMER, owner),
    due: tx.now,
    kind: CLUSTER_OP_TIMER,
    payload: owner,
  });
}
