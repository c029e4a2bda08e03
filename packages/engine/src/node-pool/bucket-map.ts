/**
 * A string-keyed map split into a fixed number of hash buckets, as plain JSON. Why: a
 * Durable Object persists the operation after each decision, so one change must touch a
 * small part of the state — one bucket is copied (CPU) and one row rewritten (storage),
 * never the whole 5,000-entry map. Buckets are never mutated once committed.
 */
export interface BucketMap<V> {
  /** Each bucket is a list of [key, value] pairs: cheap to copy, plain JSON. */
  buckets: [string, V][][];
  size: number;
}

/**
 * About 128 entries per bucket: a copy is still only 128 references, a row stays far
 * below 2 MB (tens of KB), and few buckets let a Durable Object batch many changes into
 * few row writes (see {@link bucketChanges}).
 */
const PER_BUCKET = 128;
const MAX_BUCKETS = 4096;

function bucketOf(key: string, buckets: number): number {
  // FNV-1a: stable across runtimes, so a stored map finds its entries after a reload.
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % buckets;
}

/**
 * A map sized for `expected` entries at most.
 *
 * @example const tasks = createBucketMap<number>([["a", 1]], 10);
 */
export function createBucketMap<V>(entries: Iterable<[string, V]>, expected: number): BucketMap<V> {
  const count = Math.min(MAX_BUCKETS, Math.max(1, Math.ceil(expected / PER_BUCKET)));
  const buckets: [string, V][][] = Array.from({ length: count }, () => []);
  let size = 0;
  for (const [key, value] of entries) {
    const bucket = buckets[bucketOf(key, count)]!;
    const at = indexIn(bucket, key);
    if (at < 0) {
      bucket.push([key, value]);
      size++;
    } else {
      bucket[at] = [key, value];
    }
  }
  return { buckets, size };
}

/** @example bucketGet(map, "a") // 1 */
export function bucketGet<V>(map: BucketMap<V>, key: string): V | undefined {
  return find(map.buckets, key);
}

function indexIn<V>(bucket: readonly [string, V][], key: string): number {
  for (let i = 0; i < bucket.length; i++) if (bucket[i]![0] === key) return i;
  return -1;
}

function find<V>(buckets: readonly [string, V][][], key: string): V | undefined {
  const bucket = buckets[bucketOf(key, buckets.length)]!;
  const at = indexIn(bucket, key);
  return at < 0 ? undefined : bucket[at]![1];
}

/** Every value, in bucket order (stable for a given map). @example bucketValues(map).length */
export function bucketValues<V>(map: BucketMap<V>): V[] {
  const out: V[] = [];
  for (const bucket of map.buckets) for (const [, value] of bucket) out.push(value);
  return out;
}

/**
 * Indexes of the buckets that differ between two versions of a map: what a Durable
 * Object must rewrite after a decision (unchanged buckets keep their identity).
 *
 * @example changedBuckets(before.nodes, after.nodes) // [3]
 */
export function changedBuckets<V>(before: BucketMap<V>, after: BucketMap<V>): number[] {
  if (before.buckets.length !== after.buckets.length) return after.buckets.map((_, i) => i);
  const out: number[] = [];
  after.buckets.forEach((bucket, i) => {
    if (bucket !== before.buckets[i]) out.push(i);
  });
  return out;
}

/** One entry's change: its new value, or null when it was deleted (values are never null). */
export type BucketChange<V> = [key: string, value: V | null];

/**
 * The entries that differ between two versions of a map with the same bucket count,
 * found by identity (an edit copies the entry it changes). With {@link applyBucketChanges}
 * a store can keep changes in a small journal and rewrite buckets only now and then.
 *
 * @example bucketChanges(before.nodes, after.nodes) // [["n-1", { … }], ["n-0", null]]
 */
export function bucketChanges<V>(before: BucketMap<V>, after: BucketMap<V>): BucketChange<V>[] {
  if (before.buckets.length !== after.buckets.length) {
    throw new Error("bucketChanges: the maps have different bucket counts");
  }
  const out: BucketChange<V>[] = [];
  for (const i of changedBuckets(before, after)) {
    const old = new Map(before.buckets[i]);
    for (const [key, value] of after.buckets[i]!) {
      if (old.get(key) !== value) out.push([key, value]);
      old.delete(key);
    }
    for (const key of old.keys()) out.push([key, null]);
  }
  return out;
}

/**
 * The map with `changes` applied in order (the input is not changed).
 *
 * @example applyBucketChanges(map, [["a", 2], ["b", null]])
 */
export function applyBucketChanges<V>(
  map: BucketMap<V>,
  changes: readonly BucketChange<V>[],
): BucketMap<V> {
  const draft = new BucketDraft(map);
  for (const [key, value] of changes) {
    if (value === null) draft.delete(key);
    else draft.put(key, value);
  }
  return draft.commit();
}

/**
 * Indexes of the buckets that hold (or would hold) these keys, ascending.
 *
 * @example bucketIndexes(map, ["a", "b"]) // [0, 3]
 */
export function bucketIndexes<V>(map: BucketMap<V>, keys: Iterable<string>): number[] {
  const out = new Set<number>();
  for (const key of keys) out.add(bucketOf(key, map.buckets.length));
  return [...out].sort((a, b) => a - b);
}

/**
 * Copy-on-write editing inside one decision: each touched bucket is copied once, the
 * input map is never changed, `commit` returns the new map.
 *
 * @example
 * const draft = new BucketDraft(map);
 * draft.put("b", 2);
 * const next = draft.commit();
 */
export class BucketDraft<V> {
  readonly #base: BucketMap<V>;
  #buckets: [string, V][][] | undefined;
  readonly #copied = new Set<number>();
  #size: number;

  constructor(base: BucketMap<V>) {
    this.#base = base;
    this.#size = base.size;
  }

  get size(): number {
    return this.#size;
  }

  get(key: string): V | undefined {
    return find(this.#buckets ?? this.#base.buckets, key);
  }

  /** Inserts or replaces an entry. */
  put(key: string, value: V): void {
    const bucket = this.#writable(key);
    const at = indexIn(bucket, key);
    if (at < 0) {
      bucket.push([key, value]);
      this.#size++;
    } else {
      bucket[at] = [key, value];
    }
  }

  delete(key: string): void {
    if (this.get(key) === undefined) return;
    const bucket = this.#writable(key);
    bucket.splice(indexIn(bucket, key), 1);
    this.#size--;
  }

  /** Every entry as it stands in the draft. */
  entries(): [string, V][] {
    return (this.#buckets ?? this.#base.buckets).flat();
  }

  commit(): BucketMap<V> {
    if (this.#buckets === undefined) return this.#base;
    return { buckets: this.#buckets, size: this.#size };
  }

  #writable(key: string): [string, V][] {
    if (this.#buckets === undefined) this.#buckets = this.#base.buckets.slice();
    const index = bucketOf(key, this.#buckets.length);
    if (!this.#copied.has(index)) {
      this.#buckets[index] = this.#buckets[index]!.slice();
      this.#copied.add(index);
    }
    return this.#buckets[index]!;
  }
}
