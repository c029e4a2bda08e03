import type { AutoscalerNode, NodeColor } from "@regatta/engine";
import { deleteNode, type Inventory, putNode, runBatch } from "@regatta/inventory";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { autoscalerSyncKey } from "./cluster.ts";
import { AS_SYNC_TIMER } from "./keys.ts";

/**
 * Nodes the autoscaler created or removed in pools no upgrade owns reach the inventory
 * (D1) here: the change is queued in the transaction that learnt of it and written by
 * the sync timer afterwards (D1 is I/O, outside the object's transaction). Until then,
 * passes and listings see the queue as an overlay over D1.
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

interface Queue {
  changes: NodeChange[];
  failures: number;
}

/** After this many failed writes in a row the queue is dropped (the pool is gone). */
const MAX_SYNC_FAILURES = 5;
const RETRY_MS = 60_000;

const queueKey = autoscalerSyncKey;

export function queueNodeSync(tx: Tx, cluster: string, change: NodeChange): void {
  const queue = tx.getState<Queue>(queueKey(cluster)) ?? { changes: [], failures: 0 };
  tx.putState(queueKey(cluster), { ...queue, changes: [...queue.changes, change] });
  tx.setTimer({
    id: timerId(AS_SYNC_TIMER, cluster),
    due: tx.now,
    kind: AS_SYNC_TIMER,
    payload: cluster,
  });
}

/** What D1 does not have yet: nodes added (READY) and names removed. */
export function syncOverlay(
  tx: Tx,
  cluster: string,
): { added: AutoscalerNode[]; removed: Set<string> } {
  const added = new Map<string, AutoscalerNode>();
  const removed = new Set<string>();
  for (const change of tx.getState<Queue>(queueKey(cluster))?.changes ?? []) {
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

/** The sync timer: writes the queue to D1, then forgets what was written. */
export async function syncAutoscalerNodes(
  runtime: ObjectRuntime,
  db: Inventory,
  cluster: string,
): Promise<void> {
  const queue = await runtime.commit((tx) => tx.getState<Queue>(queueKey(cluster)));
  if (!queue || queue.changes.length === 0) return;
  const now = runtime.now();
  const written = queue.changes.length;
  try {
    await runBatch(
      db,
      queue.changes.map((change) => statement(db, cluster, change, now)),
    );
  } catch (error) {
    // One bad change (its pool was deleted meanwhile) must not hold back the others:
    // write them one by one and drop the ones D1 refuses.
    console.error(`fleet: autoscaler nodes of ${cluster} not written as a batch`, error);
    let failed = 0;
    for (const change of queue.changes) {
      try {
        await runBatch(db, [statement(db, cluster, change, now)]);
      } catch {
        failed += 1;
      }
    }
    if (failed === queue.changes.length) {
      await retryLater(runtime, cluster);
      return;
    }
  }
  await runtime.commit((tx) => {
    const current = tx.getState<Queue>(queueKey(cluster));
    if (!current) return;
    const rest = current.changes.slice(written);
    if (rest.length === 0) tx.deleteState(queueKey(cluster));
    else tx.putState(queueKey(cluster), { changes: rest, failures: 0 });
  });
}

function statement(db: Inventory, cluster: string, change: NodeChange, now: number) {
  return "put" in change
    ? putNode(db, { cluster, ...change.put }, now)
    : deleteNode(db, cluster, change.remove);
}

/** D1 refused every change: try again later, and give up after a few tries. */
async function retryLater(runtime: ObjectRuntime, cluster: string): Promise<void> {
  await runtime.commit((tx) => {
    const current = tx.getState<Queue>(queueKey(cluster));
    if (!current) return;
    if (current.failures + 1 >= MAX_SYNC_FAILURES) {
      tx.deleteState(queueKey(cluster));
      return;
    }
    tx.putState(queueKey(cluster), { ...current, failures: current.failures + 1 });
    tx.setTimer({
      id: timerId(AS_SYNC_TIMER, cluster),
      due: tx.now + RETRY_MS,
      kind: AS_SYNC_TIMER,
      payload: cluster,
    });
  });
}
