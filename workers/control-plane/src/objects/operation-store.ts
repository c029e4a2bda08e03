import {
  applyEntryChanges,
  type EntryChange,
  entryChanges,
  type KeyedMap,
  keyedMapFromShards,
  type Maintenance,
  type NodePoolOperation,
  type OperationCore,
  operationParts,
  shardIndexes,
  withParts,
} from "@regatta/engine";
import type { Tx } from "./runtime/types.ts";

/** What the fleet object keeps per operation beside the engine's state. */
export interface HostedOperation {
  op: NodePoolOperation;
  /** The cluster's maintenance the operation watches (MW-4). */
  maintenance?: Maintenance;
  /** True once the final node set was written back to the inventory. */
  synced: boolean;
  /** Counts saves, so a write-back that raced a later change does not mark it synced. */
  revision: number;
}

/*
 * How an operation's parts (engine `operationParts`) map to rows. Storage is billed per
 * row written and a row holds at most 2 MB, so:
 * - the main row `op:<id>` holds the core (header, counters: rewritten by every
 *   decision), the keyed collections small enough to be a single shard, and the
 *   journal of entry changes not yet written to shard rows;
 * - the plan row `op:<id>:plan` is written once: fixed at start, and large for big
 *   pools (a 5,000-node surge lists every node), so the main row stays small enough to
 *   be packed with the sim's state;
 * - every shard of a larger collection has a row `op:<id>:<collection>:<index>` (a
 *   5,000-node blue-green node table is 2.5 MB as one value). A decision changes only
 *   a few entries, so the changes wait in the journal and shards are rewritten in
 *   batches.
 */

/**
 * A collection of one shard (a small pool's nodes, a narrow surge window's
 * replacements) stays in the main row: it changes whenever the core does, so a row of
 * its own would only add a write.
 */
const INLINE_SHARDS = 1;

/**
 * Entry changes of a collection wait in the main row (written at every decision
 * anyway) until there are this many per shard, then every shard they touch is
 * rewritten once. A surge replaces nodes spread over all shards by name, so writing
 * each change to its shard at once would cost about two rows per node; the journal
 * brings that to about one row per {@link JOURNAL_PER_SHARD} changes, at the price of
 * a main row that holds up to that many entries per shard.
 */
const JOURNAL_PER_SHARD = 16;
/** A cap on the journal whatever the shard count, so the main row stays packable. */
const JOURNAL_MAX = 1024;

/** The main row. */
interface StoredOperation extends Omit<HostedOperation, "op"> {
  op: OperationCore;
  /** Each keyed collection: the whole map when inline, else how many shard rows it has. */
  collections: Record<string, KeyedMap<unknown> | number>;
  /** Entry changes per collection not yet in its shard rows. */
  journal?: Record<string, EntryChange<unknown>[]>;
}

const mainKey = (id: string) => `op:${id}`;
const shardKey = (id: string, collection: string, index: number) =>
  `op:${id}:${collection}:${index}`;
const planKey = (id: string) => `op:${id}:plan`;

/** Reassembles an operation from its main row, plan row, shard rows and journal. */
export function loadOperation(tx: Tx, id: string): HostedOperation | undefined {
  const main = tx.getState<StoredOperation>(mainKey(id));
  if (!main) return undefined;
  const { op: core, collections: stored, journal, ...hosted } = main;
  const collections: Record<string, KeyedMap<unknown>> = {};
  for (const [name, value] of Object.entries(stored)) {
    if (typeof value !== "number") {
      collections[name] = value;
      continue;
    }
    const map = keyedMapFromShards(
      Array.from(
        { length: value },
        (_, i) => tx.getState<[string, unknown][]>(shardKey(id, name, i)) ?? [],
      ),
    );
    const changes = journal?.[name];
    collections[name] = changes ? applyEntryChanges(map, changes) : map;
  }
  const op = withParts({ core, plan: tx.getState(planKey(id)), collections });
  return { ...hosted, op };
}

/**
 * Persists the operation: its main row with the changes since `before` journalled, the
 * plan row when the plan is new, and the shard rows of a journal that has grown full.
 * Without `before` (a new operation), every row is written.
 */
export function saveOperation(tx: Tx, hosted: HostedOperation, before?: NodePoolOperation): void {
  const { op, ...rest } = hosted;
  const id = op.header.id;
  const parts = operationParts(op);
  const previous = before && operationParts(before);
  const journal = { ...tx.getState<StoredOperation>(mainKey(id))?.journal };
  const collections: StoredOperation["collections"] = {};
  for (const [name, map] of Object.entries(parts.collections)) {
    if (map.shards.length <= INLINE_SHARDS) {
      collections[name] = map;
      delete journal[name];
      continue;
    }
    collections[name] = map.shards.length;
    const old = previous?.collections[name];
    if (!old || old.shards.length !== map.shards.length) {
      map.shards.forEach((shard, i) => {
        tx.putState(shardKey(id, name, i), shard);
      });
      delete journal[name];
      continue;
    }
    const pending = latestPerKey(journal[name] ?? [], entryChanges(old, map));
    if (pending.length >= Math.min(JOURNAL_MAX, JOURNAL_PER_SHARD * map.shards.length)) {
      for (const i of shardIndexes(
        map,
        pending.map(([key]) => key),
      )) {
        tx.putState(shardKey(id, name, i), map.shards[i]);
      }
      delete journal[name];
    } else if (pending.length > 0) {
      journal[name] = pending;
    }
  }
  if (previous?.plan !== parts.plan) tx.putState(planKey(id), parts.plan);
  const main: StoredOperation = { ...rest, op: parts.core, collections };
  if (Object.keys(journal).length > 0) main.journal = journal;
  tx.putState(mainKey(id), main);
}

/** A key changed twice needs only its last change, in the order of last changes. */
function latestPerKey<V>(
  older: readonly EntryChange<V>[],
  newer: readonly EntryChange<V>[],
): EntryChange<V>[] {
  const last = new Map<string, V | null>();
  for (const [key, value] of [...older, ...newer]) {
    last.delete(key);
    last.set(key, value);
  }
  return [...last];
}
