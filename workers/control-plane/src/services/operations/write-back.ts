import { type NodePoolOperation, poolNodes } from "@regatta/engine";
import {
  allPages,
  deleteNodesStatements,
  insertNodesStatements,
  listNodesByPool,
  markOperationLive,
  runBatch,
} from "@regatta/inventory";
import { nodePools } from "@regatta/inventory/schema";
import { and, eq } from "drizzle-orm";
import { inventoryDb } from "../../db.ts";

/**
 * Makes the inventory match a finished node-pool operation: the pool's nodes as the
 * operation left them and, when it succeeded, the pool's new version and image. One
 * batch, so a reader sees either the old pool or the new one.
 */
export async function writeBackOperation(
  d1: D1Database,
  op: NodePoolOperation,
  now: number,
): Promise<void> {
  const db = inventoryDb(d1);
  const { cluster, pool, target, state } = op.header;
  const existing = (await allPages((page) => listNodesByPool(db, cluster, pool, page))).map(
    (node) => node.name,
  );
  const nodes = poolNodes(op).filter((node) => node.state !== "DELETING");
  const statements = [
    ...deleteNodesStatements(db, cluster, existing),
    ...insertNodesStatements(
      db,
      nodes.map((node) => ({
        cluster,
        pool,
        name: node.name,
        zone: node.zone,
        version: node.version,
        nodeImage: node.nodeImage,
        state: node.state,
        color: null,
      })),
      now,
    ),
  ];
  // In the same batch: from now on node listings read this pool from the inventory.
  statements.push(markOperationLive(db, op.header.id, false));
  if (state === "SUCCEEDED") {
    statements.push(
      db
        .update(nodePools)
        .set({ version: target.version, nodeImage: target.nodeImage, updatedAt: now })
        .where(and(eq(nodePools.cluster, cluster), eq(nodePools.name, pool))),
    );
  }
  await runBatch(db, statements);
}
