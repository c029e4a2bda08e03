import { type ZoneRoom, zoneRoom } from "@regatta/engine";
import { and, count, eq, inArray, sql } from "drizzle-orm";
import { machineTypes, reservations, zones } from "../schema/catalog.ts";
import { nodePools, nodes } from "../schema/clusters.ts";
import { type Inventory, inBatch, prepared } from "./db.ts";
import { getMachineType } from "./machine-types.ts";

/** A zone's quotas and reservations with what its nodes use. */
export type ZoneNodeCapacity = ZoneQuotaRow & ZoneUsageRow;

/** A zone's quotas (null = unlimited) and the machines reserved there. */
export interface ZoneQuotaRow {
  quotaNodes: number | null;
  quotaCpuMillis: number | null;
  quotaIps: number | null;
  reservedNodes: number;
}

/** What a zone's nodes use: their count (one IP address each) and their CPU. */
export interface ZoneUsageRow {
  usedNodes: number;
  usedCpuMillis: number;
}

/**
 * Quotas and reservations per zone (all zones, or the ones named): small tables, cheap
 * to read whenever the sim or a pre-check needs the limits.
 *
 * @example const quotas = await zoneQuotas(db, ["europe-west1-b"]);
 */
export async function zoneQuotas(
  db: Inventory,
  only?: readonly string[],
): Promise<Record<string, ZoneQuotaRow>> {
  const [zoneRows, reserved] = await Promise.all(selectZoneQuotas(db, only));
  return zoneQuotasOf(zoneRows, reserved);
}

/**
 * The two queries of {@link zoneQuotas}, to read them in a batch beside others;
 * {@link zoneQuotasOf} puts their rows together.
 */
export function selectZoneQuotas(db: Inventory, only?: readonly string[]) {
  const names = only ? [...only] : undefined;
  return [
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
  ] as const;
}

/**
 * {@link selectZoneQuotas} of every zone, built once: each call of a fleet object that
 * runs the sim reads them.
 */
export function selectAllZoneQuotas(db: Inventory) {
  const built = prepared(db, "zone-quotas", () => {
    const [zoneRows, reserved] = selectZoneQuotas(db);
    return { zones: zoneRows.prepare(), reservations: reserved.prepare() };
  });
  return [inBatch(built.zones), inBatch(built.reservations)] as const;
}

/** Each zone's quotas with its reservations, from the rows of {@link selectZoneQuotas}. */
export function zoneQuotasOf(
  zoneRows: readonly ({ name: string } & Omit<ZoneQuotaRow, "reservedNodes">)[],
  reserved: readonly { zone: string; total: number }[],
): Record<string, ZoneQuotaRow> {
  const out: Record<string, ZoneQuotaRow> = {};
  for (const { name, ...quota } of zoneRows) {
    out[name] = { ...quota, reservedNodes: reserved.find((r) => r.zone === name)?.total ?? 0 };
  }
  return out;
}

/**
 * Nodes and CPU (by each node's pool machine type) per zone: a pass over the nodes.
 *
 * @example const usage = await zoneUsage(db, ["europe-west1-b"]);
 */
export async function zoneUsage(
  db: Inventory,
  only?: readonly string[],
): Promise<Record<string, ZoneUsageRow>> {
  const names = only ? [...only] : undefined;
  const rows = await db
    .select({
      zone: nodes.zone,
      total: count(),
      cpuMillis: sql<number>`coalesce(sum(${machineTypes.cpuMillis}), 0)`,
    })
    .from(nodes)
    .innerJoin(nodePools, and(eq(nodePools.cluster, nodes.cluster), eq(nodePools.name, nodes.pool)))
    .innerJoin(machineTypes, eq(machineTypes.name, nodePools.machineType))
    .where(names && inArray(nodes.zone, names))
    .groupBy(nodes.zone);
  return Object.fromEntries(
    rows.map((row) => [row.zone, { usedNodes: row.total, usedCpuMillis: row.cpuMillis }]),
  );
}

/**
 * Capacity per zone (all zones, or the ones named), for the NUP-8 quota check: quotas
 * and reservations, and the nodes in the inventory that use them.
 *
 * @example const capacity = await zoneNodeCapacity(db, ["europe-west1-b"]);
 */
export async function zoneNodeCapacity(
  db: Inventory,
  only?: readonly string[],
): Promise<Record<string, ZoneNodeCapacity>> {
  const [quotas, usage] = await Promise.all([zoneQuotas(db, only), zoneUsage(db, only)]);
  const capacity: Record<string, ZoneNodeCapacity> = {};
  for (const [zone, quota] of Object.entries(quotas)) {
    capacity[zone] = { ...quota, ...(usage[zone] ?? { usedNodes: 0, usedCpuMillis: 0 }) };
  }
  return capacity;
}

/**
 * NUP-8, CA-9: room for more nodes of a machine type (`machineCpuMillis` each; undefined
 * when unknown, then the CPU quota is not checked) in each of `zones` that has a quota.
 * A zone without one is absent: unlimited.
 *
 * @example roomInZones(await zoneNodeCapacity(db, ["europe-west1-b"]), ["europe-west1-b"], 4_000) // { "europe-west1-b": { nodes: 2, limitedBy: "CPU" } }
 */
export function roomInZones(
  capacity: Readonly<Record<string, ZoneNodeCapacity>>,
  zones: readonly string[],
  machineCpuMillis: number | undefined,
): Record<string, ZoneRoom> {
  const rooms: Record<string, ZoneRoom> = {};
  for (const zone of zones) {
    const c = capacity[zone];
    if (!c) continue;
    const room = zoneRoom(
      {
        nodes: c.quotaNodes,
        cpuMillis: c.quotaCpuMillis,
        ips: c.quotaIps,
        reservedNodes: c.reservedNodes,
      },
      { nodes: c.usedNodes, cpuMillis: c.usedCpuMillis },
      machineCpuMillis,
    );
    if (room !== undefined) rooms[zone] = room;
  }
  return rooms;
}

/**
 * {@link roomInZones} for one pool's zones and machine type, read from the inventory: what
 * a node-pool upgrade and the cluster preflight plan surge nodes against (NUP-6, NUP-8).
 *
 * @example await zoneRooms(db, ["europe-west1-b"], "e2-standard-4") // { "europe-west1-b": { nodes: 2, limitedBy: "CPU" } }
 */
export async function zoneRooms(
  db: Inventory,
  zones: readonly string[],
  machineType: string,
): Promise<Record<string, ZoneRoom>> {
  const [capacity, machine] = await Promise.all([
    zoneNodeCapacity(db, zones),
    getMachineType(db, machineType),
  ]);
  return roomInZones(capacity, zones, machine?.cpuMillis);
}

/**
 * Reserved machines of one type per zone (NUP-4: nodes on them keep their capacity while
 * they are recreated).
 *
 * @example await reservedMachines(db, "e2-standard-4", ["europe-west1-b"]) // { "europe-west1-b": 3 }
 */
export async function reservedMachines(
  db: Inventory,
  machineType: string,
  only: readonly string[],
): Promise<Record<string, number>> {
  if (only.length === 0) return {};
  const rows = await db
    .select({ zone: reservations.zone, total: sql<number>`sum(${reservations.count})` })
    .from(reservations)
    .where(and(eq(reservations.machineType, machineType), inArray(reservations.zone, [...only])))
    .groupBy(reservations.zone);
  return Object.fromEntries(rows.map((row) => [row.zone, row.total]));
}
