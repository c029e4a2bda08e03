/**
 * How many more nodes of one machine type a zone can take (NUP-6, NUP-8). Each quota
 * that is set limits it: the node quota (plus the zone's reservations), the CPU quota
 * (in the machine type's size) and the IP quota (one address per node). An absent quota
 * does not limit; no quota at all means the zone is not checked.
 */

/** A zone's quotas (null = unlimited) and reserved nodes, from the inventory. */
export interface ZoneQuota {
  nodes: number | null;
  cpuMillis: number | null;
  ips: number | null;
  reservedNodes: number;
}

/** What the zone's running nodes already take. */
export interface ZoneUse {
  nodes: number;
  cpuMillis: number;
}

export type QuotaKind = "NODES" | "CPU" | "IPS";

/** Room for more nodes, and which quota sets it. */
export interface ZoneRoom {
  nodes: number;
  limitedBy: QuotaKind;
}

/**
 * @example zoneRoom({ nodes: 10, cpuMillis: 16_000, ips: null, reservedNodes: 0 }, { nodes: 2, cpuMillis: 8_000 }, 4_000)
 * // { nodes: 2, limitedBy: "CPU" }
 */
export function zoneRoom(
  quota: ZoneQuota,
  use: ZoneUse,
  machineCpuMillis: number | undefined,
): ZoneRoom | undefined {
  const limits: ZoneRoom[] = [];
  if (quota.nodes !== null) {
    limits.push({ nodes: quota.nodes + quota.reservedNodes - use.nodes, limitedBy: "NODES" });
  }
  if (quota.cpuMillis !== null && machineCpuMillis !== undefined && machineCpuMillis > 0) {
    const free = quota.cpuMillis - use.cpuMillis;
    limits.push({ nodes: Math.floor(free / machineCpuMillis), limitedBy: "CPU" });
  }
  if (quota.ips !== null) limits.push({ nodes: quota.ips - use.nodes, limitedBy: "IPS" });
  let room: ZoneRoom | undefined;
  for (const limit of limits) if (room === undefined || limit.nodes < room.nodes) room = limit;
  return room && { ...room, nodes: Math.max(0, room.nodes) };
}

const QUOTA_NAMES: Record<QuotaKind, string> = {
  NODES: "node quota (with its reservations)",
  CPU: "CPU quota",
  IPS: "IP address quota",
};

/** @example quotaName("CPU") // "CPU quota" */
export function quotaName(kind: QuotaKind): string {
  return QUOTA_NAMES[kind];
}

/**
 * NUP-4: which nodes run on reserved capacity. Reservations are per zone and machine
 * type, not per node, so the first nodes of each zone (by name) up to the reserved
 * count are taken to be the reserved ones; pools sharing a reservation each count it.
 *
 * @example markReserved([{ name: "a-0", zone: "a", … }, { name: "a-1", zone: "a", … }], { a: 1 })
 * // a-0 reserved, a-1 not
 */
export function markReserved<N extends { name: string; zone: string; reserved?: boolean }>(
  nodes: readonly N[],
  reservedByZone: Readonly<Record<string, number>>,
): N[] {
  const left = new Map(Object.entries(reservedByZone));
  const order = [...nodes].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const reserved = new Set<string>();
  for (const node of order) {
    const count = left.get(node.zone) ?? 0;
    if (count <= 0) continue;
    reserved.add(node.name);
    left.set(node.zone, count - 1);
  }
  return nodes.map((node) => (reserved.has(node.name) ? { ...node, reserved: true } : node));
}
