import { type ClusterUpgrade, isTerminal, type NodePoolOperation } from "@regatta/engine";
import type { Tx } from "../runtime/types.ts";
import { wakeAutoscaler } from "./autoscaler-cluster.ts";
import { reportPoolEnd } from "./pool-owners.ts";
import { reportRolloutEnd } from "./rollout-owners.ts";
import { reportRunClusterEnd, reportRunPoolEnd } from "./run-members.ts";

/**
 * Whoever waits for an operation hears its end here: the cluster upgrade that started a
 * pool's upgrade (pool-owners.ts), an update-run member (run-members.ts), a rollout
 * phase (rollout-owners.ts). Every save of an operation comes through, the end of one
 * whose pool was deleted included, so no owner can be left waiting; each owner takes an
 * end once. The autoscaler, which keeps no timer for an idle cluster, hears that an
 * upgrade began or ended.
 */

/** After a node-pool operation was saved (`before` undefined for a new one). */
export function nodePoolOperationSaved(
  tx: Tx,
  before: NodePoolOperation | undefined,
  op: NodePoolOperation,
): void {
  reportPoolEnd(tx, before, op);
  reportRunPoolEnd(tx, before, op);
  // A new upgrade changes how the pool may scale (NUP-12), an ended one leaves other
  // nodes; in between the autoscaler scans a pool under upgrade on its own.
  if (before === undefined || isTerminal(op.header.state) !== isTerminal(before.header.state)) {
    wakeAutoscaler(tx, op.header.cluster);
  }
  if (isTerminal(op.header.state)) {
    reportRolloutEnd(tx, op.header.id, op.header.state, op.header.error);
  }
}

/** After a cluster upgrade was saved. */
export function clusterUpgradeSaved(tx: Tx, op: ClusterUpgrade): void {
  if (op.state !== "SUCCEEDED" && op.state !== "FAILED") return;
  reportRunClusterEnd(tx, op);
  reportRolloutEnd(tx, op.id, op.state, op.error);
}
