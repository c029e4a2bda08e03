import type { DecisionView } from "./types.ts";

/** One step of a pool's size: from `at` on, `size` nodes (as the decision log tells it). */
export interface SizePoint {
  at: number;
  size: number;
  /** The scale-up or scale-down that set this size; absent for the first and last points. */
  decision?: DecisionView;
}

/**
 * Each pool's size over time, derived: the API keeps no history of sizes, only the
 * decision log (CA-17, the last 1,000 decisions) and the nodes there are now. So the
 * series is counted back from the live node count through each scale-up's and
 * scale-down's `delta`, newest first: what the autoscaler decided, not what the provider
 * delivered when (a refused node shows as a later BACKOFF, not here). Before the oldest
 * decision kept the size is unknown, and the series starts there.
 */
export function poolSizes(
  pools: readonly string[],
  liveNodes: ReadonlyMap<string, number>,
  scaling: readonly DecisionView[],
  now: number,
): Map<string, SizePoint[]> {
  const series = new Map<string, SizePoint[]>();
  for (const pool of pools) {
    const decisions = scaling
      .filter((d) => d.pool === pool && (d.action === "SCALE_UP" || d.action === "SCALE_DOWN"))
      .sort((a, b) => Date.parse(a.at) - Date.parse(b.at) || a.id - b.id);
    const current = liveNodes.get(pool) ?? 0;
    const points: SizePoint[] = [{ at: now, size: current }];
    let size = current;
    for (let i = decisions.length - 1; i >= 0; i--) {
      const decision = decisions[i]!;
      points.unshift({ at: Date.parse(decision.at), size, decision });
      // A count below zero means nodes the log no longer holds: the floor is zero.
      size = Math.max(0, size - decision.delta);
    }
    const first = decisions[0];
    points.unshift({ at: first ? Date.parse(first.at) : now, size });
    series.set(pool, points);
  }
  return series;
}
