import { markReserved, type NodePoolFacts, type ZoneRoom, zoneRoom } from "@regatta/engine";
import {
  allPages,
  type ClusterRow,
  getMachineType,
  type Inventory,
  listNodesByPool,
  type NodePoolRow,
  reservedMachines,
  zoneNodeCapacity,
} from "../queries/index.ts";

/**
 * What a node-pool machine plans from, read from the inventory: the pool, its nodes
 * (reserved machines marked) and the room left in each of its zones (NUP-8). Node-pool
 * upgrades and the cluster preflight (LIFE-2 surge quota) read pools the same way.
 */
export async function poolFacts(
  db: Inventory,
  cluster: ClusterRow,
  pool: NodePoolRow,
): Promise<NodePoolFacts> {
  const poolNodes = await allPages((page) => listNodesByPool(db, cluster.name, pool.name, page));
  const facts: NodePoolFacts = {
    cluster: cluster.name,
    pool: pool.name,
    controlPlaneVersion: cluster.statusVersion,
    autopilotCluster: cluster.autopilot,
    autopilotManaged: pool.autopilotManaged,
    flexStart: pool.flexStart,
    queuedProvisioning: pool.queuedProvisioning,
    autoscalingEnabled: pool.autoscaling?.enabled ?? false,
    machineType: pool.machineType,
    nodes: markReserved(
      poolNodes.map((node) => ({
        name: node.name,
        zone: node.zone,
        version: node.version,
        nodeImage: node.nodeImage,
      })),
      await reservedMachines(db, pool.machineType, pool.zones),
    ),
    freeCapacity: await freeCapacity(db, pool.zones, pool.machineType),
  };
  if (pool.upgradeStrategy) facts.upgradeStrategy = pool.upgradeStrategy;
  return facts;
}

/** NUP-8: room for more of the pool's nodes in each of its zones that has a quota. */
async function freeCapacity(
  db: Inventory,
  poolZones: string[],
  machineType: string,
): Promise<Record<string, ZoneRoom>> {
  const [capacity, machine] = await Promise.all([
    zoneNodeCapacity(db, poolZones),
    getMachineType(db, machineType),
  ]);
  const free: Record<string, ZoneRoom> = {};
  for (const [zone, c] of Object.entries(capacity)) {
    const room = zoneRoom(
      {
        nodes: c.quotaNodes,
        cpuMillis: c.quotaCpuMillis,
        ips: c.quotaIps,
        reservedNodes: c.reservedNodes,
      },
      { nodes: c.usedNodes, cpuMillis: c.usedCpuMillis },
      machine?.cpuMillis,
    );
    if (room !== undefined) free[zone] = room;
  }
  return free;
}
