import type { AutoscalerPool } from "./types.ts";

/** Chips in a TPU topology: the product of its dimensions (`16x16` → 256). */
export function topologyChips(topology: string): number | undefined {
  if (!/^\d+(x\d+){1,2}$/.test(topology)) return undefined;
  return topology.split("x").reduce((chips, d) => chips * Number(d), 1);
}

/** Chips per host from a TPU machine type's `-<n>t` suffix (`ct5lp-hightpu-4t` → 4). */
export function chipsPerHost(machineType: string): number | undefined {
  const match = /-(\d+)t$/.exec(machineType);
  return match ? Number(match[1]) : undefined;
}

/**
 * CA-13: the node count of a multi-host TPU slice — topology chips over chips per host.
 * Seed 001: 16x16 of ct5lp-hightpu-4t → 64 nodes.
 *
 * @example sliceNodeCount("ct5lp-hightpu-4t", "16x16") // 64
 */
export function sliceNodeCount(machineType: string, topology: string): number | undefined {
  const chips = topologyChips(topology);
  const perHost = chipsPerHost(machineType);
  if (chips === undefined || perHost === undefined || perHost <= 0 || chips % perHost !== 0) {
    return undefined;
  }
  return chips / perHost;
}

/**
 * CA-13: the slice size when the pool is a multi-host TPU pool (it scales atomically
 * between 0 and this), undefined otherwise (single-host TPU pools scale 0..max).
 */
export function atomicSliceSize(pool: AutoscalerPool): number | undefined {
  if (!pool.tpu?.multiHost) return undefined;
  return sliceNodeCount(pool.machine.machineType, pool.tpu.topology);
}
