import { ok, type Result, refuse } from "../rules/violation.ts";
import { CLUSTER_NODE_CAP } from "./defaults.ts";
import { sliceNodeCount } from "./tpu.ts";
import type { AutoscalerPool } from "./types.ts";

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
 * limits, not both; whole numbers ≥ 0; min ≤ max. CA-10: BALANCED is rejected for
 * flex-start pools. CA-13: a multi-host TPU pool's topology must name a whole slice, its
 * maximum must hold one, and its minimum and size are 0 or the slice. CA-16: no pool may
 * be allowed past 15,000 nodes.
 *
 * @example validateAutoscaling({ machineType: "e2-standard-4", zones: ["a"], flexStart: true, autoscaling: { enabled: true, locationPolicy: "BALANCED" } }) // refuses with CA-10
 */
export function validateAutoscaling(pool: AutoscalingPoolSettings): Result<true> {
  const a = pool.autoscaling;
  const zoneLimits = a.minNodes !== undefined || a.maxNodes !== undefined;
  const totalLimits = a.totalMinNodes !== undefined || a.totalMaxNodes !== undefined;
  if (zoneLimits && totalLimits) {
    return refuse(
      "CA-1",
      422,
      "CA-1: give per-zone minNodes/maxNodes or totalMinNodes/totalMaxNodes, not both",
    );
  }
  for (const [name, n] of Object.entries({
    minNodes: a.minNodes,
    maxNodes: a.maxNodes,
    totalMinNodes: a.totalMinNodes,
    totalMaxNodes: a.totalMaxNodes,
  })) {
    if (!isCount(n)) return refuse("CA-1", 422, `CA-1: ${name} must be a whole number ≥ 0`);
  }
  const [min, max, label] = zoneLimits
    ? [a.minNodes, a.maxNodes, "per zone"]
    : [a.totalMinNodes, a.totalMaxNodes, "in total"];
  if (min !== undefined && max !== undefined && min > max) {
    return refuse("CA-1", 422, `CA-1: minimum ${min} is above maximum ${max} ${label}`);
  }
  const poolMax = max === undefined ? undefined : zoneLimits ? max * pool.zones.length : max;
  if (poolMax !== undefined && poolMax > CLUSTER_NODE_CAP) {
    return refuse(
      "CA-16",
      422,
      `CA-16: a maximum of ${poolMax} nodes is past the cluster cap of ${CLUSTER_NODE_CAP}`,
    );
  }
  if (pool.flexStart && a.locationPolicy === "BALANCED") {
    return refuse(
      "CA-10",
      422,
      "CA-10: location policy BALANCED is not supported for flex-start pools; use ANY",
    );
  }
  if (pool.tpu?.multiHost) {
    const slice = sliceNodeCount(pool.machineType, pool.tpu.topology);
    if (slice === undefined) {
      return refuse(
        "CA-13",
        422,
        `CA-13: topology ${pool.tpu.topology} of ${pool.machineType} is not a whole multi-host slice`,
      );
    }
    if (poolMax !== undefined && poolMax < slice) {
      return refuse(
        "CA-13",
        422,
        `CA-13: a multi-host slice of ${pool.tpu.topology} needs ${slice} nodes; the maximum is ${poolMax}`,
      );
    }
    if (min !== undefined && min !== 0 && (zoneLimits ? min * pool.zones.length : min) !== slice) {
      return refuse(
        "CA-13",
        422,
        `CA-13: a multi-host TPU pool holds 0 or ${slice} nodes; minimum ${min} is neither`,
      );
    }
    const size = (pool.nodeCount ?? 0) * pool.zones.length;
    if (size !== 0 && size !== slice) {
      return refuse(
        "CA-13",
        422,
        `CA-13: a multi-host TPU pool holds 0 or ${slice} nodes; ${size} nodes is neither`,
      );
    }
  }
  return ok(true);
}
