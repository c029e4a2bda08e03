import type { Instant } from "@regatta/engine";
import { and, asc, eq, gt } from "drizzle-orm";
import { clusters, nodePools, nodes } from "../schema/clusters.ts";
import { among, setFromExcluded } from "./chunk.ts";
import { type Inventory, runBatch, type Statement } from "./db.ts";
import { plannedNodeNames } from "./node-names.ts";
import { insertNodesStatements, type NodeWrite } from "./nodes.ts";
import { settlePoolOperations } from "./operations.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored node pool. */
export type NodePoolRow = typeof nodePools.$inferSelect;
/** What `putNodePool` writes; timestamps come from `now`. */
export type NodePoolWrite = Omit<typeof nodePools.$inferInsert, "uid" | "createdAt" | "updatedAt">;

/** @example const pool = await getNodePool(db, "prod", "default"); */
export async function getNodePool(
  db: Inventory,
  cluster: string,
  name: string,
): Promise<NodePoolRow | undefined> {
  return db
    .select()
    .from(nodePools)
    .where(and(eq(nodePools.cluster, cluster), eq(nodePools.name, name)))
    .get();
}

/** The node pools of a cluster by name. */
export function listNodePools(
  db: Inventory,
  cluster: string,
  page?: PageRequest,
): Promise<Page<NodePoolRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(nodePools)
        .where(
          and(
            eq(nodePools.cluster, cluster),
            after === undefined ? undefined : gt(nodePools.name, after),
          ),
        )
        .orderBy(asc(nodePools.name))
        .limit(take),
    (p) => p.name,
  );
}

/**
 * The node pools of each of `clusters` by cluster then name, in one query whatever their
 * number: what starting many cluster upgrades at once reads, in a batch with the rest.
 */
export function selectNodePoolsOfClusters(db: Inventory, clusterNames: readonly string[]) {
  return db
    .select()
    .from(nodePools)
    .where(among(nodePools.cluster, clusterNames))
    .orderBy(asc(nodePools.cluster), asc(nodePools.name));
}

/** Pools by their cluster, in the rows' order. */
export function poolsByCluster(rows: readonly NodePoolRow[]): Map<string, NodePoolRow[]> {
  const byCluster = new Map<string, NodePoolRow[]>();
  for (const row of rows) {
    const list = byCluster.get(row.cluster);
    if (list) list.push(row);
    else byCluster.set(row.cluster, [row]);
  }
  return byCluster;
}

/**
 * The node pools of every cluster of a fleet with their images and versions, in one query (an update
 * run reads its members' pools on each pass, EXT-8), by cluster then name.
 *
 * @example const pools = await listFleetNodePoolImages(db, "prod");
 */
export function listFleetNodePoolImages(db: Inventory, fleet: string) {
  return db
    .select({
      cluster: nodePools.cluster,
      name: nodePools.name,
      nodeImage: nodePools.nodeImage,
      version: nodePools.version,
    })
    .from(nodePools)
    .innerJoin(clusters, eq(clusters.name, nodePools.cluster))
    .where(eq(clusters.fleet, fleet))
    .orderBy(asc(nodePools.cluster), asc(nodePools.name));
}

/**
 * The nodes a pool is created with: `nodeCount` READY nodes per zone at the pool's
 * version and image, named by `nodeName`.
 */
export function plannedNodes(pool: NodePoolWrite): NodeWrite[] {
  return plannedNodeNames(pool.cluster, pool.name, pool.zones, pool.nodeCount).map(
    ({ name, zone }) => ({
      cluster: pool.cluster,
      name,
      pool: pool.name,
      zone,
      version: pool.version,
      nodeImage: pool.nodeImage,
      state: "READY",
      color: null,
    }),
  );
}

/**
 * Statements that create or replace a node pool and recreate its nodes (every node of
 * the pool is deleted, then `plannedNodes` inserted in chunks), for one `db.batch`.
 * The cluster and machine type must exist.
 *
 * @example await runBatch(db, putNodePoolStatements(db, pool, now));
 */
export function putNodePoolStatements(
  db: Inventory,
  pool: NodePoolWrite,
  now: Instant,
): Statement[] {
  return [
    db
      .insert(nodePools)
      .values({ uid: crypto.randomUUID(), ...pool, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [nodePools.cluster, nodePools.name],
        // Replacing a pool keeps its identity (uid): it is the same pool with new settings.
        set: setFromExcluded(nodePools, ["cluster", "name", "uid", "createdAt"]),
      }),
    db.delete(nodes).where(and(eq(nodes.cluster, pool.cluster), eq(nodes.pool, pool.name))),
    ...insertNodesStatements(db, plannedNodes(pool), now),
  ];
}

/** Creates or replaces a node pool and its nodes in one batch. */
export function putNodePool(db: Inventory, pool: NodePoolWrite, now: Instant): Promise<void> {
  return runBatch(db, putNodePoolStatements(db, pool, now));
}

/**
 * Deletes a node pool with its nodes; resolves to the deleted keys. In the same batch its
 * operations stop being live: node listings no longer ask the fleet object for a pool of
 * that name (a new pool created with it reads from the inventory).
 */
export async function deleteNodePool(
  db: Inventory,
  cluster: string,
  name: string,
): Promise<{ cluster: string; name: string; uid: string }[]> {
  const [deleted] = await db.batch([
    db
      .delete(nodePools)
      .where(and(eq(nodePools.cluster, cluster), eq(nodePools.name, name)))
      .returning({ cluster: nodePools.cluster, name: nodePools.name, uid: nodePools.uid }),
    settlePoolOperations(db, cluster, name),
  ]);
  return deleted;
}

/**
 * The statement that records a pool's new version and image once its upgrade succeeded,
 * for the write-back's batch.
 *
 * With `uid`, only the pool of that identity is changed (not one re-created with its name).
 *
 * @example await setNodePoolTarget(db, "prod", "default", { version: "1.24.5-gke.600", nodeImage: "cos" }, now)
 */
export function setNodePoolTarget(
  db: Inventory,
  cluster: string,
  name: string,
  target: Pick<NodePoolRow, "version" | "nodeImage">,
  now: Instant,
  uid?: string,
) {
  return db
    .update(nodePools)
    .set({ ...target, updatedAt: now })
    .where(
      and(
        eq(nodePools.cluster, cluster),
        eq(nodePools.name, name),
        uid === undefined ? undefined : eq(nodePools.uid, uid),
      ),
    );
}
