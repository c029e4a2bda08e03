import type { z } from "@hono/zod-openapi";
import type { Node, NodePool, NodePoolInput } from "@regatta/contract";
import {
  compareVersions,
  type Instant,
  toRfc3339,
  tryParseVersion,
  validateAutoscaling,
  validateProfile,
  validateStrategyConfig,
} from "@regatta/engine";
import {
  type ClusterRow,
  deleteNodePool,
  getMachineType,
  getNodePool,
  type Inventory,
  knownZoneNames,
  listNodePools,
  listNodesByCluster,
  listNodesByPool,
  type NodePoolRow,
  type NodeRow,
  type Page,
  type PageRequest,
  putNodePoolStatements,
  runBatch,
} from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { FleetObjects } from "../operations/node-pool-upgrades.ts";

type PoolSpec = z.infer<typeof NodePoolInput>;

/**
 * Creates or replaces a node pool with its nodes (one batch). A pool's version may not
 * exceed its cluster's control plane (VER-7); an Autopilot cluster's or Autopilot-managed
 * pool takes no strategy but surge at its defaults (NUP-1). Changing the version or image of an
 * existing pool is an upgrade, which has its own endpoint and strategy (NUP).
 */
export async function putNodePool(
  db: Inventory,
  fleets: FleetObjects,
  cluster: ClusterRow,
  name: string,
  spec: PoolSpec,
  now: Instant,
): Promise<Outcome<{ created: boolean; pool: NodePoolRow }>> {
  const poolVersion = tryParseVersion(spec.version);
  const controlPlane = tryParseVersion(cluster.statusVersion);
  if (poolVersion && controlPlane && compareVersions(poolVersion, controlPlane) > 0) {
    return refused(
      "refused",
      `VER-7: node pool version ${spec.version} is newer than the control plane of ${cluster.name} (${cluster.statusVersion}); upgrade the control plane first`,
      "VER-7",
    );
  }
  const strategy = validateStrategyConfig(
    { autopilotCluster: cluster.autopilot, autopilotManaged: spec.autopilotManaged },
    spec.upgradeStrategy,
  );
  if (!strategy.ok) return strategy;
  if (!(await getMachineType(db, spec.machineType))) {
    return refused(
      "refused",
      `machine type ${spec.machineType} does not exist; PUT /v1/machine-types/${spec.machineType} first`,
    );
  }
  if (spec.autoscaling) {
    // CA-1, CA-10, CA-13, CA-16: limits the autoscaler could never honour, and settings
    // the cluster's control plane does not have yet, are refused here.
    const checked = validateAutoscaling(
      { ...spec, autoscaling: spec.autoscaling },
      { controlPlaneVersion: cluster.statusVersion, autopilot: cluster.autopilot },
    );
    if (!checked.ok) return refused("refused", checked.error.detail, checked.error.rule);
    const profile = validateProfile({
      autopilot: cluster.autopilot,
      profile: spec.autoscaling.profile,
    });
    if (!profile.ok) return profile;
  }
  const known = await knownZoneNames(db, spec.zones);
  const missing = spec.zones.filter((zone) => !known.includes(zone));
  if (missing.length > 0) return refused("refused", `unknown zone(s): ${missing.join(", ")}`);

  const existing = await getNodePool(db, cluster.name, name);
  if (existing && (existing.version !== spec.version || existing.nodeImage !== spec.nodeImage)) {
    return refused(
      "conflict",
      `node pool ${name} runs ${existing.version} / ${existing.nodeImage}; change its version or image with POST /v1/clusters/${cluster.name}/node-pools/${name}/upgrade`,
    );
  }
  const write = {
    cluster: cluster.name,
    name,
    machineType: spec.machineType,
    zones: spec.zones,
    nodeCount: spec.nodeCount,
    version: spec.version,
    nodeImage: spec.nodeImage,
    maxPodsPerNode: spec.maxPodsPerNode,
    spot: spec.spot,
    flexStart: spec.flexStart,
    queuedProvisioning: spec.queuedProvisioning,
    autopilotManaged: spec.autopilotManaged,
    localSsd: spec.localSsd,
    tpu: spec.tpu ?? null,
    computeClass: spec.computeClass ?? null,
    labels: spec.labels ?? null,
    taints: spec.taints ?? null,
    autoscaling: spec.autoscaling ?? null,
    upgradeStrategy: spec.upgradeStrategy ?? null,
  };
  await runBatch(db, putNodePoolStatements(db, write, now));
  const pool = await getNodePool(db, cluster.name, name);
  if (!pool) return refused("conflict", `node pool ${name} was deleted while being written`);
  try {
    // An idle cluster's autoscaler keeps no timer: a changed pool wakes it.
    await fleets
      .get(fleets.idFromName(cluster.fleet))
      .nodePoolPut(cluster.name, spec.autoscaling?.enabled === true);
  } catch (error) {
    console.error(`fleet ${cluster.fleet} did not hear that pool ${name} changed`, error);
  }
  return accepted({ created: !existing, pool });
}

/** The node pool, or a 404. */
export async function readNodePool(
  db: Inventory,
  cluster: string,
  name: string,
): Promise<Outcome<NodePoolRow>> {
  const pool = await getNodePool(db, cluster, name);
  if (!pool) return refused("missing", `node pool ${name} does not exist in cluster ${cluster}`);
  return accepted(pool);
}

export function listPools(
  db: Inventory,
  cluster: string,
  request: PageRequest,
): Promise<Page<NodePoolRow>> {
  return listNodePools(db, cluster, request);
}

/**
 * Deletes a node pool with its nodes; 404 when unknown. An upgrade of the pool ends
 * with it (FAILED, "node pool deleted") and writes nothing back; should the fleet object
 * not hear of it, the write-back still finds the pool gone (its uid) and writes nothing.
 */
export async function removeNodePool(
  db: Inventory,
  fleets: FleetObjects,
  cluster: ClusterRow,
  name: string,
): Promise<Outcome<void>> {
  const deleted = await deleteNodePool(db, cluster.name, name);
  if (deleted.length === 0)
    return refused("missing", `node pool ${name} does not exist in cluster ${cluster.name}`);
  try {
    await fleets.get(fleets.idFromName(cluster.fleet)).nodePoolDeleted(cluster.name, name);
  } catch (error) {
    console.error(`fleet ${cluster.fleet} did not hear that pool ${name} was deleted`, error);
  }
  return accepted(undefined);
}

export function listNodes(
  db: Inventory,
  cluster: string,
  request: PageRequest & { pool?: string | undefined },
): Promise<Page<NodeRow>> {
  return request.pool === undefined
    ? listNodesByCluster(db, cluster, request)
    : listNodesByPool(db, cluster, request.pool, request);
}

export function nodePoolView(row: NodePoolRow): z.infer<typeof NodePool> {
  const view: z.infer<typeof NodePool> = {
    cluster: row.cluster,
    name: row.name,
    machineType: row.machineType,
    zones: row.zones,
    nodeCount: row.nodeCount,
    version: row.version,
    nodeImage: row.nodeImage,
    maxPodsPerNode: row.maxPodsPerNode,
    spot: row.spot,
    flexStart: row.flexStart,
    queuedProvisioning: row.queuedProvisioning,
    autopilotManaged: row.autopilotManaged,
    localSsd: row.localSsd,
    createdAt: toRfc3339(row.createdAt),
    updatedAt: toRfc3339(row.updatedAt),
  };
  if (row.tpu) view.tpu = row.tpu;
  if (row.computeClass) view.computeClass = row.computeClass;
  if (row.labels) view.labels = row.labels;
  if (row.taints) view.taints = row.taints;
  if (row.autoscaling) view.autoscaling = row.autoscaling as NonNullable<typeof view.autoscaling>;
  if (row.upgradeStrategy)
    view.upgradeStrategy = row.upgradeStrategy as NonNullable<typeof view.upgradeStrategy>;
  return view;
}

export function nodeView(row: NodeRow): z.infer<typeof Node> {
  const view: z.infer<typeof Node> = {
    name: row.name,
    pool: row.pool,
    zone: row.zone,
    version: row.version,
    nodeImage: row.nodeImage,
    state: row.state,
  };
  if (row.color) view.color = row.color;
  return view;
}
