import type { AutoscalerNode, NodeColor } from "@regatta/engine";
import { deleteNode, type Inventory, putNode, runBatch } from "@regatta/inventory";
import {
  cancelDelivery,
  deliver,
  pendingMessage,
  uncollected,
} from "../../../runtime/deliveries.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import type { FleetCourier } from "../capability.ts";
import { AS_SYNC_TIMER } from "./keys.ts";

/**
 * Nodes the autoscaler created or removed in pools no upgrade owns reach the inventory
 * (D1) here: the change is queued in the transaction that learnt of it, as a durable
 * delivery (runtime/deliveries.ts) written afterwards (D1 is I/O, outside the object's
 * transaction). Until then, the passes see the queue as an overlay over D1.
 */

/** A node to write or to remove. */
export type NodeChange =
  | {
      put: {
        name: string;
        pool: string;
        zone: string;
        version: string;
        nodeImage: string;
        state: "READY";
        color: NodeColor | null;
      };
    }
  | { remove: string };

/** The delivery that carries a cluster's node changes to the inventory. */
export interface AutoscalerNodeChanges {
  type: "autoscaler-nodes";
  cluster: string;
  /** At most one per node (the latest), in the order they were made. */
  changes: NodeChange[];
}

/**
 * Attempts before a cluster's changes are dropped (about ten minutes of backoff): the
 * inventory refusing every one of them for that long means their pool went away.
 */
const NODE_CHANGE_ATTEMPTS = 8;

const deliveryOf = (cluster: string) => `as-nodes/${cluster}`;
const nodeOf = (change: NodeChange) => ("put" in change ? change.put.name : change.remove);

/** Queues `change` for the inventory; it replaces a change of the same node not yet written. */
export function queueNodeSync(tx: Tx, cluster: string, change: NodeChange): void {
  const node = nodeOf(change);
  const pending = pendingChanges(tx, cluster).filter((queued) => nodeOf(queued) !== node);
  deliver(tx, deliveryOf(cluster), {
    type: "autoscaler-nodes",
    cluster,
    changes: [...pending, change],
  } satisfies AutoscalerNodeChanges);
}

function pendingChanges(tx: Tx, cluster: string): NodeChange[] {
  return pendingMessage<AutoscalerNodeChanges>(tx, deliveryOf(cluster))?.changes ?? [];
}

/** What D1 does not have yet: nodes added (READY) and names removed. */
export function syncOverlay(
  tx: Tx,
  cluster: string,
): { added: AutoscalerNode[]; removed: Set<string> } {
  const added = new Map<string, AutoscalerNode>();
  const removed = new Set<string>();
  for (const change of pendingChanges(tx, cluster)) {
    if ("put" in change) {
      const { name, pool, zone, color } = change.put;
      added.set(name, { name, pool, zone, state: "READY", ...(color ? { color } : {}) });
      removed.delete(name);
    } else {
      added.delete(change.remove);
      removed.add(change.remove);
    }
  }
  return { added: [...added.values()], removed };
}

/** The cluster was deleted: its changes are not written. */
export function forgetNodeSync(tx: Tx, cluster: string): void {
  cancelDelivery(tx, deliveryOf(cluster));
  tx.deleteState(legacyQueueKey(cluster));
  tx.clearTimer(timerId(AS_SYNC_TIMER, cluster));
}

/**
 * Writes a cluster's queued node changes to D1 in one batch. One bad change (its pool
 * was deleted meanwhile) must not hold back the others: after a refused batch they are
 * written one by one and the ones D1 refuses are dropped; when it refuses them all, the
 * delivery retries with backoff.
 */
export const autoscalerNodeChanges: FleetCourier<AutoscalerNodeChanges> = {
  async send(fleet, { cluster, changes }) {
    const db = fleet.inventory;
    const now = fleet.runtime.now();
    try {
      await runBatch(
        db,
        changes.map((change) => statement(db, cluster, change, now)),
      );
      return;
    } catch (error) {
      console.error(`fleet: autoscaler nodes of ${cluster} not written as a batch`, error);
    }
    let written = 0;
    for (const change of changes) {
      try {
        await runBatch(db, [statement(db, cluster, change, now)]);
        written += 1;
      } catch {}
    }
    if (written === 0) throw new Error(`the inventory refused every node change of ${cluster}`);
  },
  // Changes made while the batch was under way go on; a node's newer change is not the
  // one written.
  remainder: (sent, current) =>
    uncollected(
      {
        items: (message) => message.changes,
        message: (changes) => ({ ...current, changes }),
        key: (change) => JSON.stringify(change),
      },
      sent,
      current,
    ),
  maxAttempts: () => NODE_CHANGE_ATTEMPTS,
};

/** Where an earlier version queued a cluster's changes, for its sync timer. */
const legacyQueueKey = (cluster: string) => `as-sync:${cluster}`;

/** A sync timer of an earlier version: its queue becomes the cluster's delivery. */
export function adoptSyncTimer(tx: Tx, cluster: string): void {
  const legacy = tx.getState<{ changes: NodeChange[] }>(legacyQueueKey(cluster));
  tx.deleteState(legacyQueueKey(cluster));
  for (const change of legacy?.changes ?? []) queueNodeSync(tx, cluster, change);
}

function statement(db: Inventory, cluster: string, change: NodeChange, now: number) {
  return "put" in change
    ? putNode(db, { cluster, ...change.put }, now)
    : deleteNode(db, cluster, change.remove);
}
