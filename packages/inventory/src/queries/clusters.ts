import type { Instant } from "@regatta/engine";
import { and, asc, eq, getTableColumns, gt, inArray, or, type SQL, sql } from "drizzle-orm";
import { clusters } from "../schema/clusters.ts";
import { scopeMemberships } from "../schema/memberships.ts";
import { among, chunk, rowsPerInsert, setFromExcluded } from "./chunk.ts";
import {
  everyColumn,
  type Inventory,
  inBatch,
  placeholdersOf,
  prepared,
  runBatch,
  type Statement,
} from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored cluster without its scopes (a subquery per row): what planning reads. */
export type ClusterColumns = typeof clusters.$inferSelect;
type StatusKey = "statusVersion" | "phase" | "components";

/** A stored cluster with the names of the scopes it belongs to. */
export type ClusterRow = ClusterColumns & { scopes: string[] };

/**
 * What `putCluster` writes: the spec, plus optionally the status a new cluster starts
 * with. Status columns are only written on creation (default: `statusVersion` =
 * `specVersion`, phase `RUNNING`, no components); afterwards only
 * `updateClusterStatus` changes them (VER-8).
 */
export type ClusterWrite = Omit<
  typeof clusters.$inferInsert,
  "createdAt" | "updatedAt" | StatusKey
> &
  Partial<Pick<ClusterColumns, StatusKey>> & { scopes?: readonly string[] };

/** The status a controller reports for a cluster (VER-8, LIFE-4). */
export type ClusterStatusWrite = Partial<Pick<ClusterColumns, "specVersion" | StatusKey>>;

/** Phase of a newly created cluster unless the caller says otherwise. */
export const INITIAL_CLUSTER_PHASE = "RUNNING";

// The scopes come back with the cluster in the same query: a correlated subquery
// aggregating the memberships as a JSON array, sorted by name.
const scopesOfCluster =
  sql`(select json_group_array(scope) from (select ${scopeMemberships.scope} as scope from ${scopeMemberships} where ${scopeMemberships.cluster} = ${clusters.name} order by 1))`.mapWith(
    (value: unknown): string[] => (typeof value === "string" ? JSON.parse(value) : []),
  );

const clusterSelection = { ...getTableColumns(clusters), scopes: scopesOfCluster };

function selectClusters(db: Inventory, where: SQL | undefined, take: number) {
  return db
    .select(clusterSelection)
    .from(clusters)
    .where(where)
    .orderBy(asc(clusters.name))
    .limit(take);
}

function afterName(after: string | undefined): SQL | undefined {
  return after === undefined ? undefined : gt(clusters.name, after);
}

/** @example const cluster = await getCluster(db, "prod-eu-1"); */
export async function getCluster(db: Inventory, name: string): Promise<ClusterRow | undefined> {
  const [row] = await clusterStatement(db).execute({ name });
  return row;
}

/** The query of {@link getCluster} (zero or one row), to read in a batch with others. */
export function selectCluster(db: Inventory, name: string) {
  return inBatch(clusterStatement(db), { name });
}

/** Most requests read a cluster by name: built once. */
function clusterStatement(db: Inventory) {
  return prepared(db, "cluster", () =>
    selectClusters(db, eq(clusters.name, sql.placeholder("name")), 1).prepare(),
  );
}

/**
 * The named clusters, their admin clusters and the clusters they manage (VER-5), without
 * scopes, by name: what upgrading them reads of clusters, in one query to read in a batch.
 */
export function selectClustersAround(db: Inventory, names: readonly string[]) {
  const admins = db
    .select({ name: clusters.adminCluster })
    .from(clusters)
    .where(among(clusters.name, names));
  return db
    .select()
    .from(clusters)
    .where(
      or(
        among(clusters.name, names),
        inArray(clusters.name, admins),
        among(clusters.adminCluster, names),
      ),
    )
    .orderBy(asc(clusters.name));
}

/** Rows by cluster name. */
export function clustersByName<T extends ClusterColumns>(rows: readonly T[]): Map<string, T> {
  return new Map(rows.map((row) => [row.name, row]));
}

/** Managed clusters by their admin, in the rows' order (a cluster without one is left out). */
export function clustersByAdmin<T extends ClusterColumns>(rows: readonly T[]): Map<string, T[]> {
  const byAdmin = new Map<string, T[]>();
  for (const row of rows) {
    const admin = row.adminCluster;
    if (admin === null) continue;
    const list = byAdmin.get(admin);
    if (list) list.push(row);
    else byAdmin.set(admin, [row]);
  }
  return byAdmin;
}

/** All clusters by name. */
export function listClusters(db: Inventory, page?: PageRequest): Promise<Page<ClusterRow>> {
  return keysetPage(page, (after, take) => selectClusters(db, afterName(after), take), nameOf);
}

/**
 * What a narrowed token may read: whole fleets, and team scopes as `fleet/scope`. A
 * cluster is readable when its fleet is granted or it belongs to a granted scope.
 */
export interface ReadGrants {
  fleets: readonly string[];
  scopes: readonly string[];
}

/**
 * The clusters `grants` can read (of one fleet when given), by name. Filtered in the
 * query, so pages are full and a cursor only ever names a readable cluster. Grants travel
 * as JSON parameters (`json_each`), within D1's 100 bound parameters for any token.
 */
export function listClustersGranted(
  db: Inventory,
  grants: ReadGrants,
  fleet: string | undefined,
  page?: PageRequest,
): Promise<Page<ClusterRow>> {
  const readable = sql`(${clusters.fleet} in (select value from json_each(${JSON.stringify(grants.fleets)})) or exists (select 1 from ${scopeMemberships} where ${scopeMemberships.cluster} = ${clusters.name} and ${scopeMemberships.fleet} || '/' || ${scopeMemberships.scope} in (select value from json_each(${JSON.stringify(grants.scopes)}))))`;
  const ofFleet = fleet === undefined ? undefined : eq(clusters.fleet, fleet);
  return keysetPage(
    page,
    (after, take) => selectClusters(db, and(readable, ofFleet, afterName(after)), take),
    nameOf,
  );
}

/** The clusters of one fleet by name. */
export function listClustersByFleet(
  db: Inventory,
  fleet: string,
  page?: PageRequest,
): Promise<Page<ClusterRow>> {
  return keysetPage(
    page,
    (after, take) => selectClusters(db, and(eq(clusters.fleet, fleet), afterName(after)), take),
    nameOf,
  );
}

/** What an update run knows of a cluster of its fleet (its candidates, EXT-8). */
export type FleetClusterFacts = Pick<
  ClusterColumns,
  "name" | "region" | "statusVersion" | "maintenance" | "updateGroup"
>;

/**
 * The fleet's clusters by name with only what a run reads of them: no scopes (a
 * subquery per row) and no spec, so a run that looks at its fleet on every batch of ends
 * moves a fraction of the rows' bytes. All of them in one query, to read in a batch.
 */
export function selectFleetClusterFacts(db: Inventory, fleet: string) {
  return db
    .select({
      name: clusters.name,
      region: clusters.region,
      statusVersion: clusters.statusVersion,
      maintenance: clusters.maintenance,
      updateGroup: clusters.updateGroup,
    })
    .from(clusters)
    .where(eq(clusters.fleet, fleet))
    .orderBy(asc(clusters.name));
}

/** The user clusters an admin cluster manages (VER-5), by name. */
export function listManagedClusters(
  db: Inventory,
  adminCluster: string,
  page?: PageRequest,
): Promise<Page<ClusterRow>> {
  return keysetPage(
    page,
    (after, take) =>
      selectClusters(db, and(eq(clusters.adminCluster, adminCluster), afterName(after)), take),
    nameOf,
  );
}

/**
 * Statements that create or replace a cluster's spec and its scope memberships, for one
 * `db.batch`. The fleet, admin cluster and every scope (in the cluster's fleet) must exist.
 */
export function putClusterStatements(
  db: Inventory,
  cluster: ClusterWrite,
  now: Instant,
): Statement[] {
  const { scopes = [], ...spec } = cluster;
  const memberships = [...new Set(scopes)].map((scope) => ({
    cluster: spec.name,
    fleet: spec.fleet,
    scope,
  }));
  const put = clusterPutStatements(db);
  const row = {
    ...spec,
    statusVersion: spec.statusVersion ?? spec.specVersion,
    phase: spec.phase ?? INITIAL_CLUSTER_PHASE,
    createdAt: now,
    updatedAt: now,
  };
  return [
    inBatch(put.upsert, everyColumn(clusters, row)),
    inBatch(put.leaveScopes, { name: spec.name }),
    ...chunk(memberships, rowsPerInsert(scopeMemberships)).map((rows) =>
      db.insert(scopeMemberships).values(rows),
    ),
  ];
}

/** Every cluster PUT writes the row and clears its memberships: built once. */
function clusterPutStatements(db: Inventory) {
  return prepared(db, "cluster-put", () => ({
    upsert: db
      .insert(clusters)
      .values(placeholdersOf(clusters) as unknown as typeof clusters.$inferInsert)
      .onConflictDoUpdate({
        target: clusters.name,
        set: setFromExcluded(clusters, [
          "name",
          "createdAt",
          "statusVersion",
          "phase",
          "components",
        ]),
      })
      .prepare(),
    leaveScopes: db
      .delete(scopeMemberships)
      .where(eq(scopeMemberships.cluster, sql.placeholder("name")))
      .prepare(),
  }));
}

/**
 * Creates or replaces a cluster with `then` (status changes of the same write) in one
 * batch, and answers the row as stored, read in that batch: one round trip, not two.
 */
export async function putClusterAndRead(
  db: Inventory,
  cluster: ClusterWrite,
  now: Instant,
  then: readonly Statement[] = [],
): Promise<ClusterRow | undefined> {
  const [first, ...rest] = putClusterStatements(db, cluster, now);
  const read = selectCluster(db, cluster.name);
  const results = await db.batch([first!, ...rest, ...then, read]);
  const [row] = results[results.length - 1] as ClusterRow[];
  return row;
}

/** Creates or replaces a cluster in one batch (see `putClusterStatements`). */
export function putCluster(db: Inventory, cluster: ClusterWrite, now: Instant): Promise<void> {
  return runBatch(db, putClusterStatements(db, cluster, now));
}

/** Records what a controller observed (VER-8: only a finished upgrade sets statusVersion). */
export function updateClusterStatus(
  db: Inventory,
  name: string,
  status: ClusterStatusWrite,
  now: Instant,
) {
  return db
    .update(clusters)
    .set({ ...status, updatedAt: now })
    .where(eq(clusters.name, name))
    .returning({ name: clusters.name });
}

/**
 * Several clusters' status writes (`updateClusterStatus`) in one D1 batch: clusters given
 * the same status share one statement, so a batch of upgrades that ended alike costs
 * one statement, not one per cluster.
 */
export function updateClustersStatus(
  db: Inventory,
  updates: readonly { name: string; status: ClusterStatusWrite }[],
  now: Instant,
): Promise<void> {
  const alike = new Map<string, { status: ClusterStatusWrite; names: string[] }>();
  for (const { name, status } of updates) {
    const key = JSON.stringify(status);
    const same = alike.get(key) ?? { status, names: [] };
    same.names.push(name);
    alike.set(key, same);
  }
  return runBatch(
    db,
    [...alike.values()].map(({ status, names }) =>
      db
        .update(clusters)
        .set({ ...status, updatedAt: now })
        .where(among(clusters.name, names)),
    ),
  );
}

/**
 * Deletes a cluster with its node pools, nodes and memberships. Refused by the foreign
 * key while it is the admin cluster of others.
 */
export function deleteCluster(db: Inventory, name: string) {
  return db.delete(clusters).where(eq(clusters.name, name)).returning({ name: clusters.name });
}

function nameOf(cluster: ClusterRow): string {
  return cluster.name;
}
