import type { Instant } from "@regatta/engine";
import { and, asc, count, eq, gt, inArray, type SQL } from "drizzle-orm";
import { nodes } from "../schema/clusters.ts";
import { chunk, MAX_BOUND_PARAMETERS, rowsPerInsert, setFromExcluded } from "./chunk.ts";
import type { Inventory, Statement } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored node. */
export type NodeRow = typeof nodes.$inferSelect;
/** What node writes take; timestamps come from `now`. */
export type NodeWrite = Omit<typeof nodes.$inferInsert, "createdAt" | "updatedAt">;
/** Fields of a node that change while it is upgraded or scaled. */
export type NodePatch = Partial<Pick<NodeRow, "state" | "color" | "version" | "nodeImage">>;

/** @example const node = await getNode(db, "prod", "prod-default-us-east1-b-0000"); */
export async function getNode(
  db: Inventory,
  cluster: string,
  name: string,
): Promise<NodeRow | undefined> {
  return db
    .select()
    .from(nodes)
    .where(and(eq(nodes.cluster, cluster), eq(nodes.name, name)))
    .get();
}

function listNodesWhere(db: Inventory, where: SQL | undefined, page?: PageRequest) {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(nodes)
        .where(and(where, after === undefined ? undefined : gt(nodes.name, after)))
        .orderBy(asc(nodes.name))
        .limit(take),
    (n: NodeRow) => n.name,
  );
}

/** The nodes of a cluster by name. */
export function listNodesByCluster(
  db: Inventory,
  cluster: string,
  page?: PageRequest,
): Promise<Page<NodeRow>> {
  return listNodesWhere(db, eq(nodes.cluster, cluster), page);
}

/** The nodes of one node pool by name. */
export function listNodesByPool(
  db: Inventory,
  cluster: string,
  pool: string,
  page?: PageRequest,
): Promise<Page<NodeRow>> {
  return listNodesWhere(db, and(eq(nodes.cluster, cluster), eq(nodes.pool, pool)), page);
}

/**
 * LIFE-4: each cluster's nodes by version, in one grouped query per 100 clusters (a list
 * page asks once, not once per cluster). A cluster without nodes has an empty record.
 *
 * @example (await nodeVersionCounts(db, ["prod"])).get("prod") // { "1.30.1-gke.100": 6 }
 */
export async function nodeVersionCounts(
  db: Inventory,
  clusters: readonly string[],
): Promise<Map<string, Record<string, number>>> {
  const out = new Map<string, Record<string, number>>(clusters.map((c) => [c, {}]));
  for (const part of chunk([...new Set(clusters)], MAX_BOUND_PARAMETERS)) {
    for (const row of await selectNodeVersionCounts(db, part)) {
      out.get(row.cluster)![row.version] = row.count;
    }
  }
  return out;
}

/**
 * The query of {@link nodeVersionCounts} for at most 100 clusters, to read in a batch
 * with others: one row per cluster and version.
 */
export function selectNodeVersionCounts(db: Inventory, clusters: readonly string[]) {
  return db
    .select({ cluster: nodes.cluster, version: nodes.version, count: count() })
    .from(nodes)
    .where(inArray(nodes.cluster, [...clusters]))
    .groupBy(nodes.cluster, nodes.version);
}

/**
 * Inserts new nodes, split so no statement binds more than D1's 100 parameters; run the
 * statements in one `db.batch`. A name already in the cluster fails the batch.
 */
export function insertNodesStatements(
  db: Inventory,
  rows: readonly NodeWrite[],
  now: Instant,
): Statement[] {
  const values = rows.map((row) => ({ ...row, createdAt: now, updatedAt: now }));
  return chunk(values, rowsPerInsert(nodes)).map((part) => db.insert(nodes).values(part));
}

/** Creates or replaces one node. */
export function putNode(db: Inventory, node: NodeWrite, now: Instant) {
  return db
    .insert(nodes)
    .values({ ...node, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [nodes.cluster, nodes.name],
      set: setFromExcluded(nodes, ["cluster", "name", "createdAt"]),
    });
}

/** Changes a node's state, colour, version or image; resolves to the updated keys. */
export function updateNode(
  db: Inventory,
  cluster: string,
  name: string,
  patch: NodePatch,
  now: Instant,
) {
  return db
    .update(nodes)
    .set({ ...patch, updatedAt: now })
    .where(and(eq(nodes.cluster, cluster), eq(nodes.name, name)))
    .returning({ name: nodes.name });
}

/** Deletes one node; resolves to the deleted keys. */
export function deleteNode(db: Inventory, cluster: string, name: string) {
  return db
    .delete(nodes)
    .where(and(eq(nodes.cluster, cluster), eq(nodes.name, name)))
    .returning({ name: nodes.name });
}

/** Deletes many nodes of a cluster, chunked under the parameter limit. */
export function deleteNodesStatements(
  db: Inventory,
  cluster: string,
  names: readonly string[],
): Statement[] {
  // One parameter is the cluster; the rest are names.
  return chunk([...new Set(names)], MAX_BOUND_PARAMETERS - 1).map((part) =>
    db.delete(nodes).where(and(eq(nodes.cluster, cluster), inArray(nodes.name, part))),
  );
}
