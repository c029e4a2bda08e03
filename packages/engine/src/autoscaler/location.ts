import type { LocationPolicy } from "./types.ts";

/** One zone of a pool as scale up sees it. */
export interface ZoneSlot {
  zone: string;
  /** Nodes of the pool (or of its scaling half) in the zone now, planned ones included. */
  size: number;
  /** How many more nodes the zone takes (per-zone max, zone capacity). */
  room: number;
  /** Unused reservations left in the zone. */
  reserved: number;
}

function byZoneName(a: ZoneSlot, b: ZoneSlot): number {
  return a.zone < b.zone ? -1 : a.zone > b.zone ? 1 : 0;
}

/**
 * CA-10: spreads `count` new nodes over a pool's zones. BALANCED adds each node to the
 * zone with the fewest nodes (unused reservations first, as the seed says they are
 * always preferred when balancing); ANY takes unused reservations first, then the zones
 * with the most room. Balancing applies to scale up only; scale down ignores zones.
 * Returns fewer than `count` when the zones' room runs out. Mutates the slots' sizes.
 *
 * @example spreadOverZones(5, [{zone:"a",size:1,room:9,reserved:0},{zone:"b",size:1,room:9,reserved:0},{zone:"c",size:1,room:9,reserved:0}], "BALANCED") // {a: 2, b: 2, c: 1}
 */
export function spreadOverZones(
  count: number,
  slots: ZoneSlot[],
  policy: LocationPolicy,
): Record<string, number> {
  const placed: Record<string, number> = {};
  const take = (slot: ZoneSlot, n: number): void => {
    placed[slot.zone] = (placed[slot.zone] ?? 0) + n;
    slot.size += n;
    slot.room -= n;
    slot.reserved = Math.max(0, slot.reserved - n);
  };
  let left = count;
  if (policy === "ANY") {
    const order = [...slots].sort(byZoneName);
    for (const slot of order) {
      const n = Math.min(left, slot.reserved, slot.room);
      if (n > 0) take(slot, n);
      left -= n;
    }
    order.sort((a, b) => b.room - a.room || byZoneName(a, b));
    for (const slot of order) {
      const n = Math.min(left, slot.room);
      if (n > 0) take(slot, n);
      left -= n;
    }
    return placed;
  }
  while (left > 0) {
    let best: ZoneSlot | undefined;
    for (const slot of slots) {
      if (slot.room > 0 && (best === undefined || balancedBefore(slot, best))) best = slot;
    }
    if (!best) break;
    const step = balancedStep(best, slots, left);
    take(best, step);
    left -= step;
  }
  return placed;
}

/** BALANCED order: zones with unused reservations, then the smallest, then by name. */
function balancedBefore(a: ZoneSlot, b: ZoneSlot): boolean {
  if (a.reserved > 0 !== b.reserved > 0) return a.reserved > 0;
  if (a.size !== b.size) return a.size < b.size;
  return a.zone < b.zone;
}

/**
 * How many nodes the chosen zone takes before another zone is due, so thousands of
 * nodes are spread in a few steps rather than one at a time. Same result as one by one.
 */
function balancedStep(best: ZoneSlot, slots: readonly ZoneSlot[], left: number): number {
  let step = Math.min(left, best.room);
  if (best.reserved > 0) return 1;
  for (const other of slots) {
    if (other === best || other.room <= 0) continue;
    step = Math.min(step, other.size - best.size + (other.zone > best.zone ? 1 : 0));
  }
  return Math.max(1, step);
}
