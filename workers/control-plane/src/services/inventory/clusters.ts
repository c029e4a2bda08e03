import type { z } from "@hono/zod-openapi";
import type { Cluster, ClusterInput } from "@regatta/contract";
import {
  autopilotSwitchRefusal,
  checkAdminUpgrade,
  checkInCatalogue,
  checkUpgradePath,
  checkUserSkew,
  clusterProfile,
  DEFAULT_CONTROL_PLANE_NODES,
  type Instant,
  nextWindowOpen,
  parseVersion,
  restingClusterStatus,
  toRfc3339,
  validateMaintenance,
  validateProfile,
} from "@regatta/engine";
import {
  allPages,
  type ClusterRow,
  constraintViolation,
  deleteCluster,
  getCluster,
  getScope,
  type Inventory,
  listClusters,
  listClustersByFleet,
  listClustersGranted,
  listManagedClusters,
  listNodePools,
  loadCatalogue,
  nodeVersionCounts,
  type Page,
  type PageRequest,
  putClusterAndRead,
  type ReadGrants,
  type Statement,
  selectCluster,
  selectFleet,
  selectNodeVersionCounts,
  selectSimClock,
  sequenceOfFleet,
  updateClusterStatus,
} from "@regatta/inventory";
import { controlPlaneNow } from "../../clock/now.ts";
import type { Env } from "../../env.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { FleetObjects } from "../operations/node-pool-upgrades.ts";
import { evaluateSequence } from "../rollout/sequences.ts";

type ClusterView = z.infer<typeof Cluster>;
type ClusterSpec = z.infer<typeof ClusterInput>;

/** Phase of a cluster whose desired version is ahead of what it runs (VER-8). */
export const UPGRADE_PENDING = "UPGRADE_PENDING";

/**
 * Creates or replaces a cluster. A new cluster is registered at the version it runs.
 * For an existing one, a different `version` is a desired version (spec.version): it
 * must be a legal step from what the cluster runs (VER-2, VER-3, VER-4) and be in the
 * release catalogue (VER-6); status.version moves only when an upgrade succeeds (VER-8).
 * `reads` is what the caller read to authorize the write, in one round trip with it: the
 * cluster as it is, and whether the spec's fleet exists. Answers the cluster's view; its
 * node counts are read beside the write (a cluster's PUT changes no node; a new one has
 * none). `audited` gives the request's audit entry (SEC-11), given whether the cluster
 * is created, to commit with the write.
 */
export async function putCluster(
  db: Inventory,
  objects: Pick<Env, "FLEET" | "ROLLOUT_SEQUENCE">,
  name: string,
  spec: ClusterSpec,
  reads: ClusterPutReads,
  audited?: (created: boolean) => Statement,
): Promise<Outcome<{ created: boolean; view: ClusterView }>> {
  const { existing, now } = reads;
  const version = parseVersion(spec.version);
  if (!version.ok) return version;
  if (spec.maintenance) {
    const maintenance = validateMaintenance(spec.maintenance);
    if (!maintenance.ok) return maintenance;
  }

  const profile = validateProfile({ autopilot: spec.autopilot, profile: spec.autoscalingProfile });
  if (!profile.ok) return profile;
  if (spec.autopilot) {
    // CA-11: an Autopilot cluster has no balanced pool either.
    const pools = await allPages((page) => listNodePools(db, name, page));
    const balanced = pools.filter((p) => p.autoscaling?.profile === "balanced").map((p) => p.name);
    if (balanced.length > 0) {
      return refused(
        "refused",
        `CA-11: the balanced autoscaling profile is not available on Autopilot clusters; node pools ${balanced.join(", ")} set it`,
        "CA-11",
      );
    }
    const surgeOnly = autopilotSwitchRefusal(
      name,
      pools.map((p) => ({ name: p.name, upgradeStrategy: p.upgradeStrategy ?? undefined })),
    );
    if (!surgeOnly.ok) return surgeOnly;
  }

  const admin = await checkReferences(db, name, spec, reads.fleetExists);
  if (!admin.ok) return admin;
  if (admin.value) {
    const skew = checkUserSkew(spec.version, admin.value.statusVersion);
    if (!skew.ok) return skew;
  }

  let phase: string | undefined;
  if (existing && spec.version !== existing.specVersion) {
    const step = checkUpgradePath(existing.statusVersion, spec.version);
    if (!step.ok) return step;
    if (step.value.kind !== "NO_OP") {
      const listed = checkInCatalogue(spec.version, await loadCatalogue(db));
      if (!listed.ok) return listed;
    }
    if (step.value.kind === "MINOR" && spec.role !== "user") {
      const managed = (await allPages((page) => listManagedClusters(db, name, page))).map((c) => ({
        name: c.name,
        version: c.statusVersion,
      }));
      const fleetOfUsers = checkAdminUpgrade(existing.statusVersion, spec.version, managed);
      if (!fleetOfUsers.ok) return fleetOfUsers;
    }
    phase = step.value.kind === "NO_OP" ? "RUNNING" : UPGRADE_PENDING;
  }

  const write = {
    name,
    fleet: spec.fleet,
    scopes: spec.scopes,
    role: spec.role,
    adminCluster: spec.adminCluster ?? null,
    region: spec.region,
    releaseChannel: spec.releaseChannel,
    autopilot: spec.autopilot,
    autoscalingProfile: spec.autoscalingProfile ?? null,
    specVersion: spec.version,
    updateGroup: spec.updateGroup ?? null,
    // SEQ-16: a PUT replaces the cluster, so one without labels clears them.
    labels: spec.labels ?? null,
    maintenance: spec.maintenance ?? null,
    deprecatedApiUsage: spec.deprecatedApiUsage,
    loadBalancerNodes: spec.loadBalancerNodePool?.nodeCount ?? null,
    controlPlaneNodes: spec.controlPlaneNodePool?.nodeCount ?? null,
  };
  const then: Statement[] = phase ? [updateClusterStatus(db, name, { phase }, now)] : [];
  if (audited) then.push(audited(!existing));
  // A new cluster has no nodes yet (pools and nodes go with a deleted cluster): no count.
  const [cluster, counts] = await Promise.all([
    putClusterAndRead(db, write, now, then),
    existing ? nodeVersionCounts(db, [name]) : new Map<string, Record<string, number>>(),
  ]);
  if (!cluster) return refused("conflict", `cluster ${name} was deleted while being written`);
  if (existing) {
    const fleets = objects.FLEET;
    try {
      // CA-11: a profile (or anything else a pass reads) changed; an idle cluster's
      // autoscaler keeps no timer, so it is told.
      await fleets.get(fleets.idFromName(cluster.fleet)).clusterPut(name);
    } catch (error) {
      console.error(`fleet ${cluster.fleet} did not hear that cluster ${name} changed`, error);
    }
    await stagesMayHaveChanged(db, objects.ROLLOUT_SEQUENCE, existing, cluster);
  }
  return accepted({ created: !existing, view: clusterView(cluster, now, counts.get(name) ?? {}) });
}

/**
 * SEQ-19: a cluster whose labels or fleet changed may belong to another stage now; the
 * sequences of its fleets look at once rather than at the next cron, so a cluster made a
 * canary while the canaries upgrade starts with them. Only such a change costs a read.
 */
async function stagesMayHaveChanged(
  db: Inventory,
  sequences: Env["ROLLOUT_SEQUENCE"],
  before: ClusterRow,
  after: ClusterRow,
): Promise<void> {
  const same =
    before.fleet === after.fleet &&
    JSON.stringify(before.labels ?? {}) === JSON.stringify(after.labels ?? {});
  if (same) return;
  const names = new Set<string>();
  for (const fleet of new Set([before.fleet, after.fleet])) {
    const sequence = await sequenceOfFleet(db, fleet);
    if (sequence !== undefined) names.add(sequence);
  }
  for (const sequence of names) await evaluateSequence(sequences, sequence);
}

/** What a cluster's PUT reads before it is authorized, all at once (see `putCluster`). */
export interface ClusterPutReads {
  existing: ClusterRow | undefined;
  fleetExists: boolean;
  /** The control plane's clock, read with them. */
  now: Instant;
}

/**
 * The reads of {@link ClusterPutReads}, in one round trip: one D1 batch, the clock's row
 * in it. Under load every statement waits its turn at the database, so three reads sent
 * at once cost three turns where a batch costs one.
 */
export async function readForClusterPut(
  env: Env,
  db: Inventory,
  name: string,
  spec: ClusterSpec,
): Promise<ClusterPutReads> {
  const [[existing], [fleet], [clock]] = await db.batch([
    selectCluster(db, name),
    selectFleet(db, spec.fleet),
    selectSimClock(db),
  ]);
  const now = await controlPlaneNow(env, db, { row: clock });
  return { existing, fleetExists: fleet !== undefined, now };
}

/** The fleet, scopes and admin cluster a spec names must exist; answers the admin. */
async function checkReferences(
  db: Inventory,
  name: string,
  spec: ClusterSpec,
  fleetExists: boolean,
): Promise<Outcome<ClusterRow | undefined>> {
  if (!fleetExists) {
    return refused(
      "refused",
      `fleet ${spec.fleet} does not exist; PUT /v1/fleets/${spec.fleet} first`,
    );
  }
  const scopes = await Promise.all(spec.scopes.map((scope) => getScope(db, spec.fleet, scope)));
  const missing = spec.scopes.find((_, i) => !scopes[i]);
  if (missing !== undefined) {
    return refused("refused", `team scope ${missing} does not exist in fleet ${spec.fleet}`);
  }
  if (spec.adminCluster === undefined) return accepted(undefined);
  if (spec.adminCluster === name)
    return refused("refused", "LIFE-1: a user cluster cannot be its own admin", "LIFE-1");
  const admin = await getCluster(db, spec.adminCluster);
  if (!admin || (admin.role !== "admin" && admin.role !== "hybrid")) {
    return refused(
      "refused",
      `LIFE-1: adminCluster ${spec.adminCluster} must be an existing admin or hybrid cluster`,
      "LIFE-1",
    );
  }
  return accepted(admin);
}

/** A cluster as `GET /v1/clusters/{cluster}` shows it, before it is authorized. */
export interface ClusterRead {
  cluster: ClusterRow;
  view: ClusterView;
}

/**
 * The cluster, the control plane's clock and the cluster's node counts (LIFE-4) in one
 * D1 batch, or a 404: one turn at the database rather than three. The caller authorizes
 * `cluster` before it shows `view`.
 */
export async function readClusterView(
  env: Env,
  db: Inventory,
  name: string,
): Promise<Outcome<ClusterRead>> {
  const [[cluster], [clock], counts] = await db.batch([
    selectCluster(db, name),
    selectSimClock(db),
    selectNodeVersionCounts(db, [name]),
  ]);
  if (!cluster) return refused("missing", `cluster ${name} does not exist`);
  const now = await controlPlaneNow(env, db, { row: clock });
  const byVersion: Record<string, number> = {};
  for (const row of counts) byVersion[row.version] = row.count;
  return accepted({ cluster, view: clusterView(cluster, now, byVersion) });
}

/** The cluster, or a 404. */
export async function readCluster(db: Inventory, name: string): Promise<Outcome<ClusterRow>> {
  const cluster = await getCluster(db, name);
  if (!cluster) return refused("missing", `cluster ${name} does not exist`);
  return accepted(cluster);
}

/**
 * A page of clusters (of one fleet when asked), only those `grants` can read when the
 * caller is narrowed: filtered in the query, so cursors name readable clusters only.
 */
export function listClusterPage(
  db: Inventory,
  request: PageRequest & { fleet?: string | undefined },
  grants: ReadGrants | undefined,
): Promise<Page<ClusterRow>> {
  if (grants !== undefined) return listClustersGranted(db, grants, request.fleet, request);
  return request.fleet === undefined
    ? listClusters(db, request)
    : listClustersByFleet(db, request.fleet, request);
}

/**
 * Deletes a cluster with its pools and nodes (404 when unknown, 409 while it is the admin
 * of user clusters), then tells the fleet object, so its upgrades end at once instead of
 * running on in the provider (their write-back would find nothing to write anyway).
 */
export async function removeCluster(
  db: Inventory,
  fleets: FleetObjects,
  cluster: ClusterRow,
): Promise<Outcome<void>> {
  const { name } = cluster;
  const pools = await allPages((page) => listNodePools(db, name, page));
  let deleted: { name: string }[];
  try {
    deleted = await deleteCluster(db, name);
  } catch (error) {
    if (constraintViolation(error) !== "FOREIGN_KEY") throw error;
    return refused(
      "conflict",
      `cluster ${name} still manages user clusters; move or delete them first`,
    );
  }
  if (deleted.length === 0) return refused("missing", `cluster ${name} does not exist`);
  try {
    const fleet = fleets.get(fleets.idFromName(cluster.fleet));
    await fleet.clusterDeleted(
      name,
      pools.map((pool) => pool.name),
    );
  } catch (error) {
    console.error(`fleet ${cluster.fleet} did not hear that cluster ${name} was deleted`, error);
  }
  return accepted(undefined);
}

/**
 * The API views of clusters with their LIFE-4 status fields: one grouped query counts
 * every cluster's nodes by version, however many clusters there are.
 */
export async function clusterViews(
  db: Inventory,
  rows: readonly ClusterRow[],
  now: Instant,
): Promise<ClusterView[]> {
  const counts = await nodeVersionCounts(
    db,
    rows.map((row) => row.name),
  );
  return rows.map((row) => clusterView(row, now, counts.get(row.name) ?? {}));
}

/**
 * The API view: spec fields plus observed status, with the next window opening (MW-3)
 * and LIFE-4's fields as the inventory has them (`workerVersions`: nodes by version).
 */
export function clusterView(
  row: ClusterRow,
  now: Instant,
  workerVersions: Readonly<Record<string, number>> = {},
): ClusterView {
  const view: ClusterView = {
    name: row.name,
    fleet: row.fleet,
    scopes: row.scopes,
    role: row.role,
    region: row.region,
    releaseChannel: row.releaseChannel,
    autopilot: row.autopilot,
    autoscalingProfile: clusterProfile({
      autopilot: row.autopilot,
      ...(row.autoscalingProfile ? { profile: row.autoscalingProfile } : {}),
    }),
    version: row.specVersion,
    deprecatedApiUsage: row.deprecatedApiUsage,
    status: {
      version: row.statusVersion,
      specVersion: row.specVersion,
      phase: row.phase,
      components: restingClusterStatus({
        role: row.role,
        specVersion: row.specVersion,
        statusVersion: row.statusVersion,
        controlPlaneNodes: row.controlPlaneNodes ?? DEFAULT_CONTROL_PLANE_NODES,
        ...(row.loadBalancerNodes !== null ? { loadBalancerNodes: row.loadBalancerNodes } : {}),
        workerVersions,
      }),
    },
    createdAt: toRfc3339(row.createdAt),
    updatedAt: toRfc3339(row.updatedAt),
  };
  if (row.adminCluster) view.adminCluster = row.adminCluster;
  if (row.updateGroup) view.updateGroup = row.updateGroup;
  if (row.labels) view.labels = row.labels;
  if (row.controlPlaneNodes !== null) {
    view.controlPlaneNodePool = { nodeCount: row.controlPlaneNodes };
  }
  if (row.loadBalancerNodes !== null) {
    view.loadBalancerNodePool = { nodeCount: row.loadBalancerNodes };
  }
  if (row.maintenance) {
    view.maintenance = row.maintenance;
    const next = nextWindowOpen(row.maintenance, now);
    if (next !== undefined) view.status.nextWindowOpen = toRfc3339(next);
  }
  if (row.phase === UPGRADE_PENDING) {
    view.status.reason = `VER-8: spec.version ${row.specVersion} awaits an upgrade; status.version stays ${row.statusVersion} until it succeeds`;
  }
  return view;
}
