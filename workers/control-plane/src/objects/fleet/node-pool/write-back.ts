import { type Instant, type NodePoolOperation, poolNodes } from "@regatta/engine";
import { type Inventory, type WriteBackOutcome, writeBackNodePool } from "@regatta/inventory";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import { wakeRolloutGroups } from "../rollout/index.ts";
import { getHosted, markSynced, writeBackFailed } from "./lifecycle.ts";

/**
 * Makes the inventory match a finished node-pool operation: the pool's nodes as the
 * operation left them (those being deleted are gone) and, when it succeeded, the pool's
 * new version and image — only if the pool is still the one it started on (`poolUid`).
 */
export function writeBackOperation(
  db: Inventory,
  op: NodePoolOperation,
  poolUid: string,
  now: Instant,
): Promise<WriteBackOutcome> {
  const { id, cluster, pool, target, state } = op.header;
  const nodes = poolNodes(op)
    .filter((node) => node.state !== "DELETING")
    .map((node) => ({
      name: node.name,
      zone: node.zone,
      version: node.version,
      nodeImage: node.nodeImage,
      state: node.state,
      color: null,
    }));
  const upgradedTo =
    state === "SUCCEEDED" ? { version: target.version, nodeImage: target.nodeImage } : undefined;
  return writeBackNodePool(
    db,
    { operationId: id, cluster, pool, poolUid, nodes, ...(upgradedTo ? { upgradedTo } : {}) },
    now,
  );
}

/**
 * The write-back timer: writes the operation back and records it, or schedules the
 * next try with backoff when D1 refused. A pool deleted or re-created meanwhile is no
 * failure: nothing is written and the operation settles.
 */
export async function syncOperation(
  runtime: ObjectRuntime,
  db: Inventory,
  id: string,
  retentionMs: number,
): Promise<void> {
  const source = await runtime.commit((tx) => getHosted(tx, id));
  if (!source) return;
  let outcome: WriteBackOutcome;
  try {
    outcome = await writeBackOperation(db, source.op, source.poolUid, runtime.now());
  } catch (error) {
    console.error(`fleet: write-back of ${id} failed; retrying with backoff`, error);
    await runtime.commit((tx) => writeBackFailed(tx, id, source.revision));
    return;
  }
  // Chaos tests stop the object here: D1 has the nodes, the object does not know yet.
  runtime.crashPoint("after-write-back");
  await runtime.commit((tx) => {
    markSynced(tx, id, source.revision, outcome === "POOL_REPLACED", retentionMs);
    // SEQ-8: nodes upgraded by hand count for the fleet's rollout groups.
    if (outcome === "WRITTEN" && source.op.header.state === "SUCCEEDED") wakeRolloutGroups(tx);
  });
}
