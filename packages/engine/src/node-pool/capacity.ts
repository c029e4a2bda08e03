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
