import { ok, type Result, refuse } from "../rules/violation.ts";
import { CLUSTER_NODE_CAP } from "./defaults.ts";
import { sliceNodeCount } from "./tpu.ts";
import type { AutoscalerPool } from "./types.ts";
import { type GatedCluster, requireFeature } from "./version-gates.ts";

/** The pool settings validation looks at. */
export type AutoscalingPoolSettings = Pick<
  AutoscalerPool,
  "autoscaling" | "flexStart" | "spot" | "tpu" | "zones"
> & {
  machineType: string;
  /** Nodes per zone the pool is put with (CA-13: a multi-host pool holds 0 or a slice). */
  nodeCount?: number;
};

function isCount(n: number | undefined): boolean {
  return n === undefined || (Number.isInteger(n) && n >= 0);
}

/**
 * Checks a pool's `autoscaling` settings before they are stored. CA-1: per-zone or total
 * limits, not both; whole numbers ≥ 0; min ≤ max; total limits need control plane 1.24.
 * CA-10: a location policy needs 1.24.1-gke.800; BALANCED is rejected for flex-start
 * pools. CA-13: a multi-host TPU pool's topology must name a whole slice that fits one
 * zone and the pool's maximum, and its minimum and size are 0 or the slice in one zone.
 * CA-16: no pool may be allowed past 15,000 nodes.
 *
 * @example validateAutoscaling({ machineType: "e2-standard-4", zones: ["a"], flexStart: true, autoscaling: { enabled: true, locationPolicy: "BALANCED" } }, { controlPlaneVersion: "1.33.5-gke.1000" }) // refuses with CA-10
 */
export function validateAutoscaling(
  pool: AutoscalingPoolSettings,
  cluster: GatedCluster,
): Result<true> {
  const a = pool.autoscaling;
  const zoneLimits = a.minNodes !== undefined || a.maxNodes !== undefined;
  const totalLimits = a.totalMinNodes !== undefined || a.totalMaxNodes !== undefined;
  if (zoneLimits && totalLimits) {
    return refuse(
      "CA-1",
      "refused",
      "CA-1: give per-zone minNodes/maxNodes or totalMinNodes/totalMaxNodes, not both",
    );
  }
  for (const [name, n] of Object.entries({
    minNodes: a.minNodes,
    maxNodes: a.maxNodes,
    totalMinNodes: a.totalMinNodes,
    totalMaxNodes: a.totalMaxNodes,
  })) {
    if (!isCount(n)) return refuse("CA-1", "refused", `CA-1: ${name} must be a whole number ≥ 0`);
  }
  const [min, max, label] = zoneLimits
    ? [a.minNodes, a.maxNodes, "per zone"]
    : [a.totalMinNodes, a.totalMaxNodes, "in total"];
  if (min !== undefined && max !== undefined && min > max) {
    return refuse("CA-1", "refused", `CA-1: minimum ${min} is above maximum ${max} ${label}`);
  }
  if (totalLimits) {
    const gate = requireFeature(cluster, "totalLimits");
    if (!gate.ok) return gate;
  }
  if (a.locationPolicy !== undefined) {
    const gate = requireFeature(cluster, "locationPolicy");
    if (!gate.ok) return gate;
  }
  const poolMax = max === undefined ? undefined : zoneLimits ? max * pool.zones.length : max;
  if (poolMax !== undefined && poolMax > CLUSTER_NODE_CAP) {
    return refuse(
      "CA-16",
      "refused",
      `CA-16: a maximum of ${poolMax} nodes is past the cluster cap of ${CLUSTER_NODE_CAP}`,
    );
  }
  if (pool.flexStart && a.locationPolicy === "BALANCED") {
    return refuse(
      "CA-10",
      "refused",
      "CA-10: location policy BALANCED is not supported for flex-start pools; use ANY",
    );
  }
  if (pool.tpu?.multiHost) {
    const slice = sliceNodeCount(pool.machineType, pool.tpu.topology);
    if (slice === undefined) {
      return refuse(
        "CA-13",
        "refused",
        `CA-13: topology ${pool.tpu.topology} of ${pool.machineType} is not a whole multi-host slice`,
      );
    }
    return validateSlicePool(pool, slice, zoneLimits ? "zone" : "total", min, poolMax);
  }
  return ok(true);
}

/**
 * CA-13: a multi-host slice comes up whole in one zone (scale up puts it there), so a
 * pool that could never hold all of it in one zone never grows: per-zone maximum or
 * total maximum below the slice. Per-zone limits bind every zone alike: a minimum above
 * 0 asks for nodes in every zone, which is one slice only when the pool has one zone.
 */
function validateSlicePool(
  pool: AutoscalingPoolSettings,
  slice: number,
  limits: "zone" | "total",
  min: number | undefined,
  poolMax: number | undefined,
): Result<true> {
  const topology = pool.tpu?.topology;
  const a = pool.autoscaling;
  if (limits === "zone" && a.maxNodes !== undefined && a.maxNodes < slice) {
    return refuse(
      "CA-13",
      "refused",
      `CA-13: a multi-host slice of ${topology} needs ${slice} nodes in one zone; the per-zone maximum is ${a.maxNodes} (over ${pool.zones.length} zones: ${poolMax} nodes, never one whole slice)`,
    );
  }
  if (poolMax !== undefined && poolMax < slice) {
    return refuse(
      "CA-13",
      "refused",
      `CA-13: a multi-host slice of ${topology} needs ${slice} nodes; the maximum is ${poolMax}`,
    );
  }
  const floor = min === undefined ? 0 : limits === "zone" ? min * pool.zones.length : min;
  const oneZone = limits === "total" || pool.zones.length === 1;
  if (floor !== 0 && !(floor === slice && oneZone)) {
    return refuse(
      "CA-13",
      "refused",
      `CA-13: a multi-host TPU pool holds 0 or ${slice} nodes in one zone; a minimum of ${min} ${limits === "zone" ? `per zone over ${pool.zones.length} zones` : "in total"} is neither`,
    );
  }
  const perZone = pool.nodeCount ?? 0;
  const size = perZone * pool.zones.length;
  if (size !== 0 && !(size === slice && pool.zones.length === 1)) {
    return refuse(
      "CA-13",
      "refused",
      `CA-13: a multi-host TPU pool holds 0 or ${slice} nodes in one zone; ${perZone} per zone over ${pool.zones.length} zones (${size} nodes) is neither`,
    );
  }
  return ok(true);
}
