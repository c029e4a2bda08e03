import type { Instant } from "@regatta/engine";
import { and, eq, exists, inArray, type SQL, sql } from "drizzle-orm";
import { nodePools, nodes } from "../schema/clusters.ts";
import { chunk, MAX_BOUND_PARAMETERS } from "./chunk.ts";
import type { Inventory, Statement } from "./db.ts";
import { setNodePoolTarget } from "./node-pools.ts";
import { listNodesByPool, type NodeWrite } from "./nodes.ts";
import { markOperationLive } from "./operations.ts";
import { allPages } from "./page.ts";

/** A finished node-pool operation as the inventory records it. */
export interface NodePoolWriteBack {
  operationId: string;
  cluster: string;
  pool: string;
  /**
   * The pool's uid when the operation started: only that pool is written, never one
   * deleted and re-created with its name since.
   */
  poolUid: string;
  /** Every node of the pool as the operation left it. */
  nodes: readonly Omit<NodeWrite, "cluster" | "pool">[];
  /** The pool's new version and image, when the operation succeeded. */
  upgradedTo?: { version: string; nodeImage: string };
}

/** What a write-back did: wrote the pool, or found it gone or replaced and wrote nothing. */
export type WriteBackOutcome = "WRITTEN" | "POOL_REPLACED";

/** Parameters the pool guard binds (cluster, name, uid). */
const GUARD_PARAMETERS = 3;
/** Values bound per node in a guarded insert (the rest are shared by the statement). */
const NODE_PARAMETERS = 6;
/** Shared values of a guarded insert: cluster, pool, createdAt, updatedAt. */
const SHARED_PARAMETERS = 4;

/**
 * Makes the inventory match a finished node-pool operation: the pool's nodes replaced
 * by the operation's, the operation no longer live and, when it succeeded, the pool's
 * new version and image. One batch, so a reader sees either the old pool or the new one;
 * every change in it is conditioned on the pool still having `poolUid`, so a pool
 * deleted (and perhaps re-created) meanwhile is left alone, atomically.
 *
 * @example await writeBackNodePool(db, { operationId: "op-1", cluster: "c1", pool: "p1", poolUid, nodes }, now); // "WRITTEN"
 */
export async function writeBackNodePool(
  db: Inventory,
  writeBack: NodePoolWriteBack,
  now: Instant,
): Promise<WriteBackOutcome> {
  const { operationId, cluster, pool, poolUid, upgradedTo } = writeBack;
  const samePool = () =>
    exists(
      db
        .select({ uid: nodePools.uid })
        .from(nodePools)
        .where(
          and(eq(nodePools.cluster, cluster), eq(nodePools.name, pool), eq(nodePools.uid, poolUid)),
        ),
    );
  const existing = (await allPages((page) => listNodesByPool(db, cluster, pool, page))).map(
    (node) => node.name,
  );
  const deletes = chunk(existing, MAX_BOUND_PARAMETERS - 1 - GUARD_PARAMETERS).map((part) =>
    db.delete(nodes).where(and(eq(nodes.cluster, cluster), inArray(nodes.name, part), samePool())),
  );
  const perInsert = Math.floor(
    (MAX_BOUND_PARAMETERS - SHARED_PARAMETERS - GUARD_PARAMETERS) / NODE_PARAMETERS,
  );
  const inserts = chunk(writeBack.nodes, perInsert).map((part) =>
    db.insert(nodes).select(guardedRows(cluster, pool, part, now, samePool())),
  );
  const statements: Statement[] = [
    ...deletes,
    ...inserts,
    // In the same batch: from now on node listings read this pool from the inventory.
    markOperationLive(db, operationId, false),
  ];
  if (upgradedTo) {
    statements.push(setNodePoolTarget(db, cluster, pool, upgradedTo, now, poolUid));
  }
  // Read in the same batch (one transaction), so the answer says what the writes saw.
  const [found] = await db.batch([
    db
      .select({ uid: nodePools.uid })
      .from(nodePools)
      .where(and(eq(nodePools.cluster, cluster), eq(nodePools.name, pool))),
    ...statements,
  ]);
  return found[0]?.uid === poolUid ? "WRITTEN" : "POOL_REPLACED";
}

/**
 * The rows of a guarded node insert, in the column order of `nodes` (cluster, name,
 * pool, zone, version, node_image, state, color, created_at, updated_at): none when
 * `guard` is false.
 */
function guardedRows(
  cluster: string,
  pool: string,
  part: readonly Omit<NodeWrite, "cluster" | "pool">[],
  now: Instant,
  guard: SQL,
): SQL {
  const values = sql.join(
    part.map(
      (node) =>
        sql`(${node.name}, ${node.zone}, ${node.version}, ${node.nodeImage}, ${node.state}, ${node.color ?? null})`,
    ),
    sql`, `,
  );
  return sql`SELECT ${cluster}, column1, ${pool}, column2, column3, column4, column5, column6, ${now}, ${now} FROM (VALUES ${values}) WHERE ${guard}`;
}
