/**
 * The `q` quantile (0..1) of ascending `sorted` values, interpolating linearly between
 * the two nearest ranks (the "R-7" definition spreadsheets and numpy use by default).
 *
 * @example percentile([1, 2, 3, 4], 0.5) // 2.5
 */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) throw new RangeError("percentile of no samples");
  if (q < 0 || q > 1) throw new RangeError(`quantile ${q} is outside 0..1`);
  const rank = (sorted.length - 1) * q;
  const below = Math.floor(rank);
  const above = Math.ceil(rank);
  const low = sorted[below]!;
  return low + (sorted[above]! - low) * (rank - below);
}

/** @example median([5, 1, 3]) // 3 */
export function median(values: readonly number[]): number {
  return percentile(ascending(values), 0.5);
}

/** Latency distribution of one benchmark case, in the unit of its samples. */
export interface Summary {
  count: number;
  min: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** @example summarize([1, 2, 3, 4]).p50 // 2.5 */
export function summarize(samples: readonly number[]): Summary {
  const sorted = ascending(samples);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    count: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: total / sorted.length,
  };
}

function ascending(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}
