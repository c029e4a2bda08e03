import { fnv1a } from "../../collections/fnv.ts";
/**
 * Ids of every command the sim accepted, spread over fixed hash buckets: recording a
 * batch copies only the buckets it touches, so a pure update stays cheap with tens of
 * thousands of ids, and the state is plain arrays of the ids themselves (no hashes
 * standing in for them, so two ids can never be mistaken for one another).
 */
export type SeenIds = readonly (readonly string[])[];

const BUCKETS = 256;
/**
 * Ids kept per bucket (about 4,000 in all): an idempotency window, like a provider's
 * idempotency keys with a time to live. Redelivery comes from an outbox retry minutes
 * later, never after thousands of newer commands, and an unbounded set would grow with
 * every command a long-lived fleet ever ran.
 */
const KEPT_PER_BUCKET = 16;

/** @example rememberIds(noSeenIds(), ["a"]).fresh // [true] */
export function noSeenIds(): SeenIds {
  return Array.from({ length: BUCKETS }, () => []);
}

/**
 * Records ids and reports which were new; a repeat inside the same batch is not new.
 * The oldest ids of a full bucket are forgotten (see KEPT_PER_BUCKET).
 *
 * @example rememberIds(seen, ["a", "a"]).fresh // [true, false] if "a" was unknown
 */
export function rememberIds(
  seen: SeenIds,
  ids: readonly string[],
): { seen: SeenIds; fresh: boolean[] } {
  const buckets = [...seen];
  // Buckets this call copied are its own to extend; the others are shared with `seen`.
  const copies = new Map<number, string[]>();
  const fresh = ids.map((id) => {
    // Bucket count comes from the state so a state written with another count still works.
    const index = fnv1a(id) % buckets.length;
    if (buckets[index]?.includes(id)) return false;
    const own = copies.get(index);
    if (own === undefined) {
      const copy = [...(buckets[index] ?? []), id];
      if (copy.length > KEPT_PER_BUCKET) copy.shift();
      copies.set(index, copy);
      buckets[index] = copy;
    } else {
      own.push(id);
      if (own.length > KEPT_PER_BUCKET) own.shift();
    }
    return true;
  });
  return { seen: fresh.includes(true) ? buckets : seen, fresh };
}

/** @example countSeenIds(noSeenIds()) // 0 */
export function countSeenIds(seen: SeenIds): number {
  return seen.reduce((sum, bucket) => sum + bucket.length, 0);
}
