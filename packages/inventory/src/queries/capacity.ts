import { count, inArray, sql } from "drizzle-orm";
import { reservations, zones } from "../schema/catalog.ts";
import { nodes } from "../schema/clusters.ts";
import type { InventoryDb } from "./db.ts";

/** A zone's node capacity: quota (null = unlimited), reserved nodes, nodes running. */
export interface ZoneNodeCapacity {
  quotaNodes: number | null;
  reservedNodes: number;
  usedNodes: number;
}

/**
 * Node capacity per zone (all zones, or the ones named), for the sim provider and the
 * NUP-8 quota check: capacity = quota + reservations, use = nodes in the inventory.
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
      .select({ name: zones.name, quotaNodes: zones.quotaNodes })
      .from(zones)
      .where(names && inArray(zones.name, names)),
    db
      .select({ zone: reservations.zone, total: sql<number>`sum(${reservations.count})` })
      .from(reservations)
      .where(names && inArray(reservations.zone, names))
      .groupBy(reservations.zone),
    db
      .select({ zone: nodes.zone, total: count() })
      .from(nodes)
      .where(names && inArray(nodes.zone, names))
      .groupBy(nodes.zone),
  ]);
  const capacity: Record<string, ZoneNodeCapacity> = {};
  for (const zone of zoneRows) {
    capacity[zone.name] = {
      quotaNodes: zone.quotaNodes,
      reservedNodes: reserved.find((r) => r.zone === zone.name)?.total ?? 0,
      usedNodes: used.find((u) => u.zone === zone.name)?.total ?? 0,
    };
  }
  return capacity;
}
