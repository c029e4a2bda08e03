import { CLUSTER_NODE_CAP } from "./defaults.ts";
import type { AutoscalerPool, AutoscalingSettings, LocationPolicy } from "./types.ts";

/** Bounds of one zone of a pool with per-zone limits. */
export interface ZoneBounds {
  min: number;
  max: number;
}

/**
 * CA-1: a pool's size bounds. Per-zone limits apply to each zone that is up and their
 * sums bound the pool; total limits bound the pool whatever the spread (`zones` absent).
 */
export interface PoolBounds {
  min: number;
  max: number;
  zones?: Record<string, ZoneBounds>;
}

function hasZoneLimits(a: AutoscalingSettings): boolean {
  return a.minNodes !== undefined || a.maxNodes !== undefined;
}

/**
 * CA-1: the pool's bounds with the zones that are down left out. Seed 001: 3 zones with
 * 1..4 nodes each → 3..12; one zone down → 2..8. Total limits ignore zones. Without a
 * maximum the cluster cap bounds the pool (CA-16).
 *
 * @example poolBounds({ ...pool, zones: ["a", "b", "c"], autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 } }, ["c"]) // { min: 2, max: 8, zones: {a: {min 1, max 4}, b: …} }
 */
export function poolBounds(
  pool: Pick<AutoscalerPool, "zones" | "autoscaling">,
  zonesDown: readonly string[] = [],
): PoolBounds {
  const a = pool.autoscaling;
  if (hasZoneLimits(a)) {
    const zones: Record<string, ZoneBounds> = {};
    let min = 0;
    let max = 0;
    for (const zone of pool.zones) {
      if (zonesDown.includes(zone)) continue;
      const z = { min: a.minNodes ?? 0, max: a.maxNodes ?? CLUSTER_NODE_CAP };
      zones[zone] = z;
      min += z.min;
      max += z.max;
    }
    return { min, max: Math.min(max, CLUSTER_NODE_CAP), zones };
  }
  return { min: a.totalMinNodes ?? 0, max: a.totalMaxNodes ?? CLUSTER_NODE_CAP };
}

/**
 * CA-10 defaults: ANY for spot and flex-start pools (seed: "Standardrichtlinie für
 * Flex-Start und Spot-VMs"), BALANCED for on-demand and reservation pools.
 */
export function locationPolicyOf(
  pool: Pick<AutoscalerPool, "autoscaling" | "spot" | "flexStart">,
): LocationPolicy {
  if (pool.autoscaling.locationPolicy) return pool.autoscaling.locationPolicy;
  return pool.spot || pool.flexStart ? "ANY" : "BALANCED";
}
