import { fnv1a } from "./fnv.ts";
/**
 * A string-keyed map as plain JSON, split into shards by a stable hash of the key.
 * Why: a machine's decision changes a few entries of maps of up to thousands (a pool's
 * nodes); copy-on-write per shard copies one shard, never the whole map, and every
 * shard a decision did not touch is the very same object in the old and new version,
 * so what changed between two versions is found by looking at the changed shards only.
 * Committed shards are never mutated.
 */
export interface KeyedMap<V> {
  /** Each shard is a list of [key, value] pairs: cheap to copy, plain JSON. */
  shards: [string, V][][];
  size: number;
}

/** About 128 entries per shard: one copy-on-write edit copies at most 128 references. */
const PER_SHARD = 128;
const MAX_SHARDS = 4096;

function shardOf(key: string, shards: number): number {
  // Stable across runtimes, so a map rebuilt from its shards finds its entries.
  return fnv1a(key) % shards;
}

/**
 * A map sized for `expected` entries at most.
 *
 * @example const tasks = createKeyedMap<number>([["a", 1]], 10);
 */
export function createKeyedMap<V>(entries: Iterable<[string, V]>, expected: number): KeyedMap<V> {
  const count = Math.min(MAX_SHARDS, Math.max(1, Math.ceil(expected / PER_SHARD)));
  const shards: [string, V][][] = Array.from({ length: count }, () => []);
  let size = 0;
  for (const [key, value] of entries) {
    const shard = shards[shardOf(key, count)]!;
    const at = indexIn(shard, key);
    if (at < 0) {
      shard.push([key, value]);
      size++;
    } else {
      shard[at] = [key, value];
    }
  }
  return { shards, size };
}

/**
 * The map made of these shards (as listed by `map.shards`, in order).
 *
 * @example keyedMapFromShards(map.shards.map((shard) => [...shard])).size // map.size
 */
export function keyedMapFromShards<V>(shards: [string, V][][]): KeyedMap<V> {
  return { shards, size: shards.reduce((sum, shard) => sum + shard.length, 0) };
}

/** @example keyedGet(map, "a") // 1 */
export function keyedGet<V>(map: KeyedMap<V>, key: string): V | undefined {
  return find(map.shards, key);
}

function indexIn<V>(shard: readonly [string, V][], key: string): number {
  for (let i = 0; i < shard.length; i++) if (shard[i]![0] === key) return i;
  return -1;
}

function find<V>(shards: readonly [string, V][][], key: string): V | undefined {
  const shard = shards[shardOf(key, shards.length)]!;
  const at = indexIn(shard, key);
  return at < 0 ? undefined : shard[at]![1];
}

/** Every value, in shard order (stable for a given map). @example keyedValues(map).length */
export function keyedValues<V>(map: KeyedMap<V>): V[] {
  const out: V[] = [];
  for (const shard of map.shards) for (const [, value] of shard) out.push(value);
  return out;
}

/**
 * Indexes of the shards that differ between two versions of a map (unchanged shards
 * keep their identity through copy-on-write edits).
 *
 * @example changedShards(before.nodes, after.nodes) // [3]
 */
export function changedShards<V>(before: KeyedMap<V>, after: KeyedMap<V>): number[] {
  if (before.shards.length !== after.shards.length) return after.shards.map((_, i) => i);
  const out: number[] = [];
  after.shards.forEach((shard, i) => {
    if (shard !== before.shards[i]) out.push(i);
  });
  return out;
}

/** One entry's change: its new value, or null when it was deleted (values are never null). */
export type EntryChange<V> = [key: string, value: V | null];

/**
 * The entries that differ between two versions of a map with the same shard count,
 * found by identity (an edit copies the entry it changes). With
 * {@link applyEntryChanges} a version can be rebuilt from an older one and the changes.
 *
 * @example entryChanges(before.nodes, after.nodes) // [["n-1", { … }], ["n-0", null]]
 */
export function entryChanges<V>(before: KeyedMap<V>, after: KeyedMap<V>): EntryChange<V>[] {
  if (before.shards.length !== after.shards.length) {
    throw new Error("entryChanges: the maps have different shard counts");
  }
  const out: EntryChange<V>[] = [];
  for (const i of changedShards(before, after)) {
    const old = new Map(before.shards[i]);
    for (const [key, value] of after.shards[i]!) {
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
 * @example applyEntryChanges(map, [["a", 2], ["b", null]])
 */
export function applyEntryChanges<V>(
  map: KeyedMap<V>,
  changes: readonly EntryChange<V>[],
): KeyedMap<V> {
  const draft = new KeyedDraft(map);
  for (const [key, value] of changes) {
    if (value === null) draft.delete(key);
    else draft.put(key, value);
  }
  return draft.commit();
}

/**
 * Indexes of the shards that hold (or would hold) these keys, ascending.
 *
 * @example shardIndexes(map, ["a", "b"]) // [0, 3]
 */
export function shardIndexes<V>(map: KeyedMap<V>, keys: Iterable<string>): number[] {
  const out = new Set<number>();
  for (const key of keys) out.add(shardOf(key, map.shards.length));
  return [...out].sort((a, b) => a - b);
}

/**
 * Copy-on-write editing inside one decision: each touched shard is copied once, the
 * input map is never changed, `commit` returns the new map.
 *
 * @example
 * const draft = new KeyedDraft(map);
 * draft.put("b", 2);
 * const next = draft.commit();
 */
export class KeyedDraft<V> {
  readonly #base: KeyedMap<V>;
  #shards: [string, V][][] | undefined;
  readonly #copied = new Set<number>();
  #size: number;

  constructor(base: KeyedMap<V>) {
    this.#base = base;
    this.#size = base.size;
  }

  get size(): number {
    return this.#size;
  }

  get(key: string): V | undefined {
    return find(this.#shards ?? this.#base.shards, key);
  }

  /** Inserts or replaces an entry. */
  put(key: string, value: V): void {
    const shard = this.#writable(key);
    const at = indexIn(shard, key);
    if (at < 0) {
      shard.push([key, value]);
      this.#size++;
    } else {
      shard[at] = [key, value];
    }
  }

  delete(key: string): void {
    if (this.get(key) === undefined) return;
    const shard = this.#writable(key);
    shard.splice(indexIn(shard, key), 1);
    this.#size--;
  }

  /** Every entry as it stands in the draft. */
  entries(): [string, V][] {
    return (this.#shards ?? this.#base.shards).flat();
  }

  commit(): KeyedMap<V> {
    if (this.#shards === undefined) return this.#base;
    return { shards: this.#shards, size: this.#size };
  }

  #writable(key: string): [string, V][] {
    if (this.#shards === undefined) this.#shards = this.#base.shards.slice();
    const index = shardOf(key, this.#shards.length);
    if (!this.#copied.has(index)) {
      this.#shards[index] = this.#shards[index]!.slice();
      this.#copied.add(index);
    }
    return this.#shards[index]!;
  }
}
