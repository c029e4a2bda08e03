import { type ClusterUpgrade, isTerminal, type NodePoolOperation } from "@regatta/engine";
import type { Tx } from "../../runtime/types.ts";
import { wakeAutoscaler } from "./autoscaler/cluster.ts";
import { reportPoolEnd } from "./cluster-upgrade/pool-ends.ts";
import { type HostedOperation, saveOperation } from "./node-pool/store.ts";
import { reportRolloutEnd } from "./rollout/owners.ts";
import { reportRunClusterEnd, reportRunPoolEnd } from "./run-members/members.ts";

/**
 * Whoever waits for an operation hears its end here: the cluster upgrade that started a
 * pool's upgrade (pool-owners.ts), an update-run member (run-members.ts), a rollout
 * phase (rollout-owners.ts). Every save of an operation comes through, the end of one
 * whose pool was deleted included, so no owner can be left waiting; each owner takes an
 * end once. The autoscaler, which keeps no timer for an idle cluster, hears that an
 * upgrade began, moved on or ended.
 */

/**
 * Saves a node-pool operation and tells its owners what changed: the one way an
 * operation is written, so no path (a write-back that ends it, a pool deleted under it)
 * can end it unheard. `before` is what was stored (undefined for a new one).
 */
export function saveForOwners(
  tx: Tx,
  hosted: HostedOperation,
  before: NodePoolOperation | undefined,
): void {
  saveOperation(tx, hosted, before);
  nodePoolOperationSaved(tx, before, hosted.op);
}

/** After a node-pool operation was saved (`before` undefined for a new one). */
export function nodePoolOperationSaved(
  tx: Tx,
  before: NodePoolOperation | undefined,
  op: NodePoolOperation,
): void {
  reportPoolEnd(tx, before, op);
  reportRunPoolEnd(tx, before, op);
  // An upgrade that began, moved on (a phase, a node replaced, cordoned or drained) or
  // ended changes what the pool may scale to (NUP-12) and where pods can run: the
  // autoscaler looks at the cluster at that instant rather than polling it.
  if (
    before === undefined ||
    before.header.state !== op.header.state ||
    before.header.phase !== op.header.phase ||
    before.header.eventCount !== op.header.eventCount
  ) {
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
