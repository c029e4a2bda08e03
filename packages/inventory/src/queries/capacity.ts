import { and, count, eq, inArray, sql } from "drizzle-orm";
import { machineTypes, reservations, zones } from "../schema/catalog.ts";
import { nodePools, nodes } from "../schema/clusters.ts";
import type { InventoryDb } from "./db.ts";

/**
 * A zone's quotas (null = unlimited), reserved nodes, and what its nodes use: their
 * count (one IP address each) and their CPU (by their pool's machine type).
 */
export interface ZoneNodeCapacity {
  quotaNodes: number | null;
  quotaCpuMillis: number | null;
  quotaIps: number | null;
  reservedNodes: number;
  usedNodes: number;
  usedCpuMillis: number;
}

/**
 * Capacity per zone (all zones, or the ones named), for the sim provider and the NUP-8
 * quota check: quotas and reservations, and the nodes in the inventory that use them.
 *
 * @example const capacity = await zoneNodeCapacity(db, ["europe-west1-b"]);
 */
export async function zoneNodeCapacity(
  db: InventoryDb,
  only?: readonly string[],
): Promise<Record<string, ZoneNodeCapacity>> {
  const names = only ? [...only] : undefined;
  const [zoneRows, reserved, used] = await Promise.all([
    db
      .select({
        name: zones.name,
        quotaNodes: zones.quotaNodes,
        quotaCpuMillis: zones.quotaCpuMillis,
        quotaIps: zones.quotaIps,
      })
      .from(zones)
      .where(names && inArray(zones.name, names)),
    db
      .select({ zone: reservations.zone, total: sql<number>`sum(${reservations.count})` })
      .from(reservations)
      .where(names && inArray(reservations.zone, names))
      .groupBy(reservations.zone),
    db
      .select({
        zone: nodes.zone,
        total: count(),
        cpuMillis: sql<number>`coalesce(sum(${machineTypes.cpuMillis}), 0)`,
      })
      .from(nodes)
      .innerJoin(
        nodePools,
        and(eq(nodePools.cluster, nodes.cluster), eq(nodePools.name, nodes.pool)),
      )
      .innerJoin(machineTypes, eq(machineTypes.name, nodePools.machineType))
      .where(names && inArray(nodes.zone, names))
      .groupBy(nodes.zone),
  ]);
  const capacity: Record<string, ZoneNodeCapacity> = {};
  for (const zone of zoneRows) {
    const use = used.find((u) => u.zone === zone.name);
    capacity[zone.name] = {
      quotaNodes: zone.quotaNodes,
      quotaCpuMillis: zone.quotaCpuMillis,
      quotaIps: zone.quotaIps,
      reservedNodes: reserved.find((r) => r.zone === zone.name)?.total ?? 0,
      usedNodes: use?.total ?? 0,
      usedCpuMillis: use?.cpuMillis ?? 0,
    };
  }
  return capacity;
}
