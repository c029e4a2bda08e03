import type { ScalingGroupPolicy } from "../node-pool/scaling.ts";
import type { Instant } from "../time/instant.ts";
import { backingOff } from "./backoff.ts";
import { classMiss, classRank } from "./compute-class.ts";
import { type DaemonSetOverhead, daemonSetOverhead } from "./daemonsets.ts";
import { locationPolicyOf, type PoolBounds, poolBounds } from "./limits.ts";
import type { ZoneSlot } from "./location.ts";
import type { SimNode, Snapshot } from "./snapshot.ts";
import { atomicSliceSize } from "./tpu.ts";
import type { AutoscalerInput, AutoscalerPool, LocationPolicy, PoolBackoff } from "./types.ts";

/** One pool's facts for a pass, computed once. */
export interface PoolContext {
  pool: AutoscalerPool;
  bounds: PoolBounds;
  policy: LocationPolicy;
  /** Zones that are up. */
  zones: string[];
  /** NUP-12: the part of the pool that may grow (all of it when no upgrade runs). */
  growing?: ScalingGroupPolicy;
  /** Nodes counted against the limits (of the growing half during blue-green). */
  size: number;
  zoneSizes: Record<string, number>;
  /** Nodes this pass adds. */
  added: number;
  overhead: DaemonSetOverhead;
  /** CA-13: multi-host slice size. */
  slice?: number;
  classRank: number;
  /** CA-15: why the pool serves none of its class's rules (then it is not grown). */
  classMiss?: string;
  backoff?: PoolBackoff;
}

const WHOLE_POOL: ScalingGroupPolicy = {
  scaleUp: true,
  scaleDown: true,
  ignoreMinNodes: false,
  reason: "no upgrade in progress",
};

/** NUP-12: the pool's scaling groups, the whole pool scaling both ways when no upgrade runs. */
export function scalingGroups(pool: AutoscalerPool): ScalingGroupPolicy[] {
  return pool.scaling?.groups ?? [WHOLE_POOL];
}

/** NUP-12: the group a node belongs to (by colour during blue-green). */
export function groupOf(
  pool: AutoscalerPool,
  node: Pick<SimNode, "color">,
): ScalingGroupPolicy | undefined {
  return scalingGroups(pool).find((g) => g.color === undefined || g.color === node.color);
}

/** Whether a node counts toward the pool's size: it exists and is not on its way out. */
export function countsTowardSize(node: SimNode): boolean {
  return node.state !== "DELETING";
}

/** Builds every pool's context for the pass. */
export function poolContexts(
  input: AutoscalerInput,
  snapshot: Snapshot,
  now: Instant,
): Map<string, PoolContext> {
  const down = input.cluster.zonesDown ?? [];
  const contexts = new Map<string, PoolContext>();
  for (const pool of [...input.pools].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const growing = scalingGroups(pool).find((g) => g.scaleUp);
    const zoneSizes: Record<string, number> = {};
    let size = 0;
    for (const node of snapshot.nodes) {
      if (node.pool.name !== pool.name || !countsTowardSize(node)) continue;
      if (growing?.color !== undefined && node.color !== growing.color) continue;
      size += 1;
      zoneSizes[node.zone] = (zoneSizes[node.zone] ?? 0) + 1;
    }
    const backoff = backingOff(input.state, pool.name, now);
    const slice = atomicSliceSize(pool);
    const miss = classMiss(pool, input.computeClasses ?? []);
    contexts.set(pool.name, {
      pool,
      bounds: poolBounds(pool, down),
      policy: locationPolicyOf(pool),
      zones: pool.zones.filter((z) => !down.includes(z)),
      ...(growing ? { growing } : {}),
      size,
      zoneSizes,
      added: 0,
      overhead: daemonSetOverhead(snapshot, pool),
      ...(slice !== undefined ? { slice } : {}),
      classRank: classRank(pool, input.computeClasses ?? []),
      ...(miss !== undefined ? { classMiss: miss } : {}),
      ...(backoff ? { backoff } : {}),
    });
  }
  return contexts;
}

/**
 * CA-1/CA-6/CA-9: the zones new nodes of the pool may go to now and their room: the
 * per-zone maximum (when limits are per zone), the zone's capacity, unused reservations.
 */
export function zoneSlots(ctx: PoolContext): ZoneSlot[] {
  return ctx.zones.map((zone) => {
    const size = ctx.zoneSizes[zone] ?? 0;
    const zoneMax = ctx.bounds.zones?.[zone]?.max ?? Number.POSITIVE_INFINITY;
    const capacity = ctx.pool.zoneCapacity?.[zone] ?? Number.POSITIVE_INFINITY;
    return {
      zone,
      size,
      room: Math.max(0, Math.min(zoneMax - size, capacity)),
      reserved: ctx.pool.reservations?.[zone] ?? 0,
    };
  });
}
