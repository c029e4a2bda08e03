import type { ZoneCapacityConfig } from "./config.ts";

/**
 * Node capacity of one zone and how much of it is taken. No `capacity` means the zone
 * is unlimited (kept out of the state rather than stored as Infinity, which JSON
 * cannot hold).
 *
 * @example const zone: ZoneCapacity = { capacity: 5, used: 2 };
 */
export interface ZoneCapacity {
  capacity?: number;
  used: number;
  /**
   * NUP-4: reserved capacity of deleted nodes, still counted in `used`, kept for the
   * nodes named here (their recreated replacements); nobody else can take it.
   */
  held?: string[];
}

export type Zones = Readonly<Record<string, ZoneCapacity>>;

/**
 * @example zonesFromConfig({ a: { quotaNodes: 3, reservedNodes: 1, inUse: 2 } }).a
 * // { capacity: 4, used: 2 }
 */
export function zonesFromConfig(config: Record<string, ZoneCapacityConfig> = {}): Zones {
  return Object.fromEntries(
    Object.entries(config).map(([zone, c]) => [
      zone,
      { capacity: c.quotaNodes + (c.reservedNodes ?? 0), used: c.inUse ?? 0 },
    ]),
  );
}

/**
 * Takes one node of capacity in `zone` for `node`, or says why it cannot. Capacity held
 * for that node (NUP-4) is taken first and is always there.
 *
 * @example takeNode({ a: { capacity: 1, used: 1 } }, "a").ok // false
 */
export function takeNode(
  zones: Zones,
  zone: string,
  node?: string,
): { ok: true; zones: Zones } | { ok: false; zone: ZoneCapacity } {
  const current = zones[zone] ?? { used: 0 };
  const held = current.held ?? [];
  if (node !== undefined && held.includes(node)) {
    const rest = held.filter((name) => name !== node);
    const { held: _held, ...zoneWithout } = current;
    return {
      ok: true,
      zones: { ...zones, [zone]: rest.length > 0 ? { ...current, held: rest } : zoneWithout },
    };
  }
  if (current.capacity !== undefined && current.used >= current.capacity) {
    return { ok: false, zone: current };
  }
  return { ok: true, zones: { ...zones, [zone]: { ...current, used: current.used + 1 } } };
}

/**
 * Gives one node of capacity back. Nodes the sim was not told about (a delete of a node
 * that predates the sim and was not counted in `inUse`) must not push usage below 0.
 *
 * @example releaseNode({ a: { capacity: 1, used: 1 } }, "a").a?.used // 0
 */
export function releaseNode(zones: Zones, zone: string): Zones {
  const current = zones[zone];
  if (current === undefined || current.used === 0) return zones;
  return { ...zones, [zone]: { ...current, used: current.used - 1 } };
}

/**
 * NUP-4: a deleted node's reserved capacity stays taken, kept for `node`.
 *
 * @example holdNode({ a: { capacity: 1, used: 1 } }, "a", "n-new").a?.held // ["n-new"]
 */
export function holdNode(zones: Zones, zone: string, node: string): Zones {
  const current = zones[zone] ?? { used: 0 };
  if (current.used === 0) return zones;
  return { ...zones, [zone]: { ...current, held: [...(current.held ?? []), node] } };
}
