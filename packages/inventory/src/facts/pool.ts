import { markReserved, type NodePoolFacts } from "@regatta/engine";
import {
  allPages,
  type ClusterColumns,
  type Inventory,
  listNodesByPool,
  type NodePoolRow,
  reservedMachines,
  zoneRooms,
} from "../queries/index.ts";

/**
 * What a node-pool machine plans from, read from the inventory: the pool, its nodes
 * (reserved machines marked) and the room left in each of its zones (NUP-8). Node-pool
 * upgrades and the cluster preflight (LIFE-2 surge quota) read pools the same way.
 */
export async function poolFacts(
  db: Inventory,
  cluster: ClusterColumns,
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
    freeCapacity: await zoneRooms(db, pool.zones, pool.machineType),
  };
  if (pool.upgradeStrategy) facts.upgradeStrategy = pool.upgradeStrategy;
  return facts;
}
