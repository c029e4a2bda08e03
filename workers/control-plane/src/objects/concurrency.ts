/** Objects called at once when many are woken; the rest wait for a free slot. */
export const WAKE_CONCURRENCY = 8;

/**
 * Runs `work` on every item, at most `limit` at a time: a slow item does not hold the
 * others back, and a thousand items do not mean a thousand calls at once. `work` owns
 * its errors (a rejection stops the pool).
 *
 * @example await atMost(8, fleets, (fleet) => wake(fleet));
 */
export async function atMost<T>(
  limit: number,
  items: readonly T[],
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
