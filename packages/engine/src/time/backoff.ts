/** How long to wait before retry number `attempt`: the first wait, growing by a factor. */
export interface BackoffPolicy {
  /** Wait before the first retry (attempt 1), in ms. */
  first: number;
  /** Growth per attempt; 2 doubles each wait. */
  factor?: number;
  /** No wait is longer than this, in ms (unbounded when absent). */
  max?: number;
}

/**
 * Exponential backoff: attempt n waits `min(max, first × factor^(n−1))` ms; attempts
 * below 1 wait `first`. One helper for every retry in the engine and its hosts, so
 * their waits are computed the same way.
 *
 * @example
 * const wait = exponentialBackoff({ first: 30_000, max: 300_000 });
 * wait(1) // 30_000; wait(2) // 60_000; wait(5) // 300_000
 */
export function exponentialBackoff(policy: BackoffPolicy): (attempt: number) => number {
  const { first, factor = 2, max = Number.POSITIVE_INFINITY } = policy;
  return (attempt) => Math.min(max, first * factor ** Math.max(0, attempt - 1));
}
