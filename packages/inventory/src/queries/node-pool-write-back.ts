import type { Instant } from "@regatta/engine";
import { type Inventory, runBatch, type Statement } from "./db.ts";
import { setNodePoolTarget } from "./node-pools.ts";
import {
  deleteNodesStatements,
  insertNodesStatements,
  listNodesByPool,
  type NodeWrite,
} from "./nodes.ts";
import { markOperationLive } from "./operations.ts";
import { allPages } from "./page.ts";

/** A finished node-pool operation as the inventory records it. */
export interface NodePoolWriteBack {
  operationId: string;
  cluster: string;
  pool: string;
  /** Every node of the pool as the operation left it. */
  nodes: readonly Omit<NodeWrite, "cluster" | "pool">[];
  /** The pool's new version and image, when the operation succeeded. */
  upgradedTo?: { version: string; nodeImage: string };
}

/**
 * Makes the inventory match a finished node-pool operation: the pool's nodes replaced
 * by the operation's, the operation no longer live and, when it succeeded, the pool's
 * new version and image. One batch, so a reader sees either the old pool or the new one.
 *
 * @example await writeBackNodePool(db, { operationId: "op-1", cluster: "c1", pool: "p1", nodes }, now);
 */
export async function writeBackNodePool(
  db: Inventory,
  writeBack: NodePoolWriteBack,
  now: Instant,
): Promise<void> {
  const { operationId, cluster, pool, upgradedTo } = writeBack;
  const existing = (await allPages((page) => listNodesByPool(db, cluster, pool, page))).map(
    (node) => node.name,
  );
  const statements: Statement[] = [
    ...deleteNodesStatements(db, cluster, existing),
    ...insertNodesStatements(
      db,
      writeBack.nodes.map((node) => ({ ...node, cluster, pool })),
      now,
    ),
    // In the same batch: from now on node listings read this pool from the inventory.
    markOperationLive(db, operationId, false),
  ];
  if (upgradedTo) {
    statements.push(setNodePoolTarget(db, cluster, pool, upgradedTo, now));
  }
  await runBatch(db, statements);
}
