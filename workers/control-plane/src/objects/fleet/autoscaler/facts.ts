import type {
  AutoscalerPool,
  AutoscalingProfile,
  ComputeClass,
  NodeColor,
  NodeState,
  ZoneRoom,
} from "@regatta/engine";
import {
  allPages,
  getCluster,
  type Inventory,
  listComputeClasses,
  listMachineTypes,
  listNodePools,
  listNodesByCluster,
  listReservations,
  type NodePoolRow,
  roomInZones,
  type ZoneNodeCapacity,
  zoneNodeCapacity,
} from "@regatta/inventory";

/**
 * What an autoscaler pass reads from the inventory (D1) before it decides inside the
 * fleet object: the cluster, each pool with its machine type, room per zone (quota and
 * IP space, CA-9) and unused reservations (CA-9, CA-10), and the nodes D1 holds.
 * Read outside the object's transaction (D1 is I/O); the object adds what only it knows
 * (nodes of pools under upgrade, nodes it is creating or removing).
 */

/** A node as D1 has it. */
export interface StoredNode {
  name: string;
  pool: string;
  zone: string;
  state: NodeState;
  color?: NodeColor;
}

/** A pool as the pass needs it: the engine's view plus what new nodes run. */
export interface PoolFacts {
  pool: Omit<AutoscalerPool, "scaling" | "scalableNodes">;
  version: string;
  nodeImage: string;
  /** Set when the pool was created (new node names stay unique across re-creations). */
  uid: string;
}

export interface ClusterFacts {
  name: string;
  fleet: string;
  controlPlaneVersion: string;
  autopilot: boolean;
  /** CA-11: the cluster's `--autoscaling-profile`, when set. */
  profile?: AutoscalingProfile;
  pools: PoolFacts[];
  nodes: StoredNode[];
  computeClasses: ComputeClass[];
  /** Quotas and use of the pools' zones as D1 has them (nodes it holds, any cluster). */
  zoneCapacity: Record<string, ZoneNodeCapacity>;
}

/** The cluster's facts, or undefined when it no longer exists. */
export async function readClusterFacts(
  db: Inventory,
  name: string,
): Promise<ClusterFacts | undefined> {
  const cluster = await getCluster(db, name);
  if (!cluster) return undefined;
  const [pools, nodes, machines, reservations, classes] = await Promise.all([
    allPages((page) => listNodePools(db, name, page)),
    allPages((page) => listNodesByCluster(db, name, page)),
    allPages((page) => listMachineTypes(db, page)),
    allPages((page) => listReservations(db, page)),
    allPages((page) => listComputeClasses(db, page)),
  ]);
  const zones = [...new Set(pools.flatMap((p) => p.zones))];
  const capacity = zones.length > 0 ? await zoneNodeCapacity(db, zones) : {};
  const machineByName = new Map(machines.map((m) => [m.name, m]));
  const poolFacts: PoolFacts[] = [];
  for (const row of pools) {
    const machine = machineByName.get(row.machineType);
    if (!machine) continue;
    const pool: PoolFacts["pool"] = {
      name: row.name,
      machine: {
        machineType: machine.name,
        cpuMillis: machine.cpuMillis,
        memoryMiB: machine.memoryMiB,
        accelerators: machine.gpus,
        ...(machine.gpuType === null ? {} : { gpuType: machine.gpuType }),
        pricePerHour: machine.pricePerHour,
        ...(machine.spotPricePerHour === null
          ? {}
          : { spotPricePerHour: machine.spotPricePerHour }),
      },
      zones: row.zones,
      maxPodsPerNode: row.maxPodsPerNode,
      spot: row.spot,
      flexStart: row.flexStart,
      localSsd: row.localSsd,
      autoscaling: autoscalingOf(row),
      zoneCapacity: nodesPerZone(roomInZones(capacity, row.zones, machine.cpuMillis)),
      reservations: unusedReservations(row, reservations, nodes, pools),
    };
    if (row.tpu) pool.tpu = row.tpu;
    if (row.computeClass) pool.computeClass = row.computeClass;
    if (row.labels) pool.labels = row.labels;
    if (row.taints) pool.taints = row.taints;
    poolFacts.push({ pool, version: row.version, nodeImage: row.nodeImage, uid: row.uid });
  }
  return {
    name,
    fleet: cluster.fleet,
    controlPlaneVersion: cluster.statusVersion,
    autopilot: cluster.autopilot,
    ...(cluster.autoscalingProfile ? { profile: cluster.autoscalingProfile } : {}),
    pools: poolFacts,
    zoneCapacity: capacity,
    computeClasses: classes.map((c) => ({
      name: c.name,
      priorities: c.priorities,
      ...(c.activeMigration ? { activeMigration: c.activeMigration } : {}),
    })),
    nodes: nodes.map((n) => ({
      name: n.name,
      pool: n.pool,
      zone: n.zone,
      state: n.state,
      ...(n.color === null ? {} : { color: n.color }),
    })),
  };
}

function autoscalingOf(row: NodePoolRow): AutoscalerPool["autoscaling"] {
  const a = row.autoscaling;
  if (!a) return { enabled: false };
  const settings: AutoscalerPool["autoscaling"] = { enabled: a.enabled };
  if (a.minNodes !== undefined) settings.minNodes = a.minNodes;
  if (a.maxNodes !== undefined) settings.maxNodes = a.maxNodes;
  if (a.totalMinNodes !== undefined) settings.totalMinNodes = a.totalMinNodes;
  if (a.totalMaxNodes !== undefined) settings.totalMaxNodes = a.totalMaxNodes;
  if (a.locationPolicy !== undefined) settings.locationPolicy = a.locationPolicy;
  if (a.profile !== undefined) settings.profile = a.profile;
  return settings;
}

/** CA-9: how many more nodes each zone with a quota can take (a zone absent is unlimited). */
/**
 * CA-4/CA-9: each pool's room per zone once the nodes D1 does not hold yet (those the
 * object is creating, or whose creation it has not synced) count toward the zone's quota:
 * D1 alone would offer the same room again on every pass until they land, and the zone
 * would end past its quota.
 */
export function roomWithUnstored(
  facts: ClusterFacts,
  viewed: readonly { name: string; pool: string; zone: string }[],
): Map<string, Record<string, number>> {
  const stored = new Set(facts.nodes.map((n) => n.name));
  const cpuOf = new Map(facts.pools.map((p) => [p.pool.name, p.pool.machine.cpuMillis]));
  const capacity: Record<string, ZoneNodeCapacity> = structuredClone(facts.zoneCapacity);
  for (const node of viewed) {
    const zone = capacity[node.zone];
    if (stored.has(node.name) || !zone) continue;
    zone.usedNodes += 1;
    zone.usedCpuMillis += cpuOf.get(node.pool) ?? 0;
  }
  const rooms = new Map<string, Record<string, number>>();
  for (const { pool } of facts.pools) {
    rooms.set(pool.name, nodesPerZone(roomInZones(capacity, pool.zones, pool.machine.cpuMillis)));
  }
  return rooms;
}

function nodesPerZone(rooms: Record<string, ZoneRoom>): Record<string, number> {
  return Object.fromEntries(Object.entries(rooms).map(([zone, room]) => [zone, room.nodes]));
}

/**
 * CA-9/CA-10: reserved machines of the pool's type per zone not yet taken by nodes of
 * that type in the cluster (other clusters' use of a reservation is not tracked).
 */
function unusedReservations(
  row: NodePoolRow,
  reservations: readonly { zone: string; machineType: string; count: number }[],
  nodes: readonly { pool: string; zone: string }[],
  pools: readonly NodePoolRow[],
): Record<string, number> {
  const sameType = new Set(
    pools.filter((p) => p.machineType === row.machineType).map((p) => p.name),
  );
  const unused: Record<string, number> = {};
  for (const zone of row.zones) {
    const reserved = reservations
      .filter((r) => r.zone === zone && r.machineType === row.machineType)
      .reduce((sum, r) => sum + r.count, 0);
    if (reserved === 0) continue;
    const used = nodes.filter((n) => n.zone === zone && sameType.has(n.pool)).length;
    if (reserved > used) unused[zone] = reserved - used;
  }
  return unused;
}
