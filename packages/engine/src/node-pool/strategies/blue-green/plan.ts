import type { BatchSize } from "./operation.ts";

/** NUP-8: 7 days; total soak reaching it starts the blue pool's deletion at once. */
export const SOAK_CAP_SECONDS = 604_800;

/**
 * NUP-8 batch size: `batchNodeCount` as given, or `batchPercent` of the blue pool
 * rounded down but at least one node. A configured 0 (either way) is 0: phase 3 is
 * skipped. The small epsilon keeps 0.29 × 100 at 29 despite binary fractions.
 *
 * @example batchNodes({ by: "PERCENT", percent: 0.25 }, 10) // 2
 * @example batchNodes({ by: "PERCENT", percent: 0.05 }, 10) // 1
 * @example batchNodes({ by: "COUNT", count: 0 }, 10) // 0
 */
export function batchNodes(batch: BatchSize, blueNodes: number): number {
  switch (batch.by) {
    case "COUNT":
      return batch.count;
    case "PERCENT":
      if (batch.percent === 0) return 0;
      return Math.max(1, Math.floor(batch.percent * blueNodes + 1e-9));
    default:
      return batch satisfies never;
  }
}

/** The soak a blue-green upgrade plans, before any cancel or `complete`. */
export interface SoakPlan {
  batchSize: number;
  batches: number;
  /** Seed: nodePoolSoak + batchSoak × batches. */
  totalSeconds: number;
  /** What is actually waited: the total, capped at 7 days. */
  cappedSeconds: number;
  /** True when the cap cuts the soak short and deletion starts when it is reached. */
  capped: boolean;
}

/**
 * NUP-8 total soak: node-pool soak plus batch soak times the number of batches; once
 * the soak waited reaches 7 days the delete phase starts at once.
 *
 * @example soakPlan({ by: "COUNT", count: 2 }, 600, 3600, 10) // { batches: 5, totalSeconds: 6600, cappedSeconds: 6600, … }
 */
export function soakPlan(
  batch: BatchSize,
  batchSoakSeconds: number,
  nodePoolSoakSeconds: number,
  blueNodes: number,
): SoakPlan {
  const batchSize = batchNodes(batch, blueNodes);
  const batches = batchSize === 0 || blueNodes === 0 ? 0 : Math.ceil(blueNodes / batchSize);
  const totalSeconds = nodePoolSoakSeconds + batchSoakSeconds * batches;
  return {
    batchSize,
    batches,
    totalSeconds,
    cappedSeconds: Math.min(totalSeconds, SOAK_CAP_SECONDS),
    capped: totalSeconds >= SOAK_CAP_SECONDS,
  };
}
