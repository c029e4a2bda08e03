import {
  applyEntryChanges,
  type EntryChange,
  entryChanges,
  isTerminal,
  type KeyedMap,
  keyedMapFromShards,
  type Maintenance,
  type NodePoolOperation,
  type OperationCore,
  operationParts,
  shardIndexes,
  withParts,
} from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";

/** What the fleet object keeps per operation beside the engine's state. */
export interface HostedOperation {
  op: NodePoolOperation;
  /** The cluster's maintenance the operation watches (MW-4). */
  maintenance?: Maintenance;
  /**
   * The pool's uid when the operation started: the write-back goes to that pool only
   * (absent for operations started before pools had one, which matches the empty uid).
   */
  poolUid?: string;
  /** True once the final node set was written back to the inventory. */
  synced: boolean;
  /** Counts saves, so a write-back that raced a later change does not mark it synced. */
  revision: number;
  /**
   * How long it is kept once finished, or once cancelled and at rest (absent for
   * operations started before it was kept: the default retention applies).
   */
  retentionMs?: number;
  /**
   * Why the operation no longer belongs to its pool ("node pool deleted", "superseded by
   * op-…"): it takes no more events or controls and is kept only to be read until retired.
   */
  detached?: string;
}

/*
 * How an operation's parts (engine `operationParts`) map to rows. Storage is billed per
 * row written and a row holds at most 2 MB, so:
 * - the main row `op:<id>` holds the core (header, counters: rewritten by every
 *   decision), the keyed collections small enough to be a single shard, and the
 *   journal of entry changes not yet written to shard rows;
 * - the plan row `op:<id>:plan` is written once: fixed at start, and large for big
 *   pools (a 5,000-node surge lists every node), so the main row stays small enough to
 *   be packed with the sim's state. A plan larger than {@link PLAN_CHUNK} characters of
 *   JSON (a 16,000-node surge's is about 2 MB) is cut into rows `op:<id>:plan:<i>`;
 * - a finished operation's main row moves to `op:<id>:main`, out of the packed row that
 *   every provider answer rewrites (the key decides packing, see fleet-object.ts);
 * - every shard of a larger collection has a row `op:<id>:<collection>:<index>` (a
 *   5,000-node blue-green node table is 2.5 MB as one value). A decision changes only
 *   a few entries, so the changes wait in the journal and shards are rewritten in
 *   batches.
 */

/**
 * A collection of up to two shards (about 256 entries: the nodes of a pool of up to
 * about 100, a narrow surge window's replacements) stays in the main row: it changes
 * whenever the core does, and the main row is packed with the sim's state, which every
 * provider answer rewrites anyway. Rows of its own would add writes (at 100 nodes a
 * surge flushed its journal into both shard rows 6 times: 0.14 rows per node) and save
 * none; the main row grows by about 40 KB, far below the packed row's limits.
 */
const INLINE_SHARDS = 2;

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

/**
 * Characters of plan JSON per plan row. A row holds at most 2 MB and a chunk is stored
 * as a JSON string, whose escapes can at most double it.
 */
const PLAN_CHUNK = 256 * 1024;

/** The main row. */
interface StoredOperation extends Omit<HostedOperation, "op"> {
  op: OperationCore;
  /** Each keyed collection: the whole map when inline, else how many shard rows it has. */
  collections: Record<string, KeyedMap<unknown> | number>;
  /** Entry changes per collection not yet in its shard rows. */
  journal?: Record<string, EntryChange<unknown>[]>;
  /** Rows the plan's JSON is cut into; absent when the plan row holds the plan itself. */
  planChunks?: number;
}

const liveKey = (id: string) => `op:${id}`;
const finishedKey = (id: string) => `op:${id}:main`;
const shardKey = (id: string, collection: string, index: number) =>
  `op:${id}:${collection}:${index}`;
const planKey = (id: string) => `op:${id}:plan`;
const planChunkKey = (id: string, index: number) => `op:${id}:plan:${index}`;

/** Ended or detached: nothing but its own late reports and controls rewrite it. */
export function isFinished(hosted: HostedOperation): boolean {
  return isTerminal(hosted.op.header.state) || hosted.detached !== undefined;
}

/** The rows an operation's main row may be in, to read ahead for a batch of them. */
export function mainKeys(id: string): string[] {
  return [liveKey(id), finishedKey(id)];
}

function storedMain(tx: Tx, id: string): StoredOperation | undefined {
  return tx.getState<StoredOperation>(liveKey(id)) ?? tx.getState<StoredOperation>(finishedKey(id));
}

/** Reassembles an operation from its main row, plan rows, shard rows and journal. */
export function loadOperation(tx: Tx, id: string): HostedOperation | undefined {
  const main = storedMain(tx, id);
  if (!main) return undefined;
  const { op: core, collections: stored, journal, planChunks, ...hosted } = main;
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
  const op = withParts({ core, plan: loadPlan(tx, id, planChunks), collections });
  return { ...hosted, op };
}

function loadPlan(tx: Tx, id: string, chunks: number | undefined): unknown {
  if (chunks === undefined) return tx.getState(planKey(id));
  let json = "";
  for (let i = 0; i < chunks; i++) json += tx.getState<string>(planChunkKey(id, i)) ?? "";
  return JSON.parse(json);
}

/** Writes a new plan; returns how many chunk rows it took (undefined: one plan row). */
function savePlan(tx: Tx, id: string, plan: unknown): number | undefined {
  const json = JSON.stringify(plan);
  if (json === undefined || json.length <= PLAN_CHUNK) {
    tx.putState(planKey(id), plan);
    return undefined;
  }
  const chunks = Math.ceil(json.length / PLAN_CHUNK);
  for (let i = 0; i < chunks; i++) {
    tx.putState(planChunkKey(id, i), json.slice(i * PLAN_CHUNK, (i + 1) * PLAN_CHUNK));
  }
  return chunks;
}

/** Removes every row of the operation (retention). */
export function deleteOperationRows(tx: Tx, id: string): void {
  const main = storedMain(tx, id);
  if (!main) return;
  for (const [name, value] of Object.entries(main.collections)) {
    if (typeof value !== "number") continue;
    for (let i = 0; i < value; i++) tx.deleteState(shardKey(id, name, i));
  }
  if (main.planChunks === undefined) tx.deleteState(planKey(id));
  else for (let i = 0; i < main.planChunks; i++) tx.deleteState(planChunkKey(id, i));
  tx.deleteState(liveKey(id));
  tx.deleteState(finishedKey(id));
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
  const stored = before && storedMain(tx, id);
  const journal = { ...stored?.journal };
  const collections: StoredOperation["collections"] = {};
  for (const [name, map] of Object.entries(parts.collections)) {
    if (map.shards.length <= INLINE_SHARDS) {
      collections[name] = map;
      delete journal[name];
      // Stored in shard rows before collections this small were kept inline.
      const rows = stored?.collections[name];
      if (typeof rows === "number")
        for (let i = 0; i < rows; i++) tx.deleteState(shardKey(id, name, i));
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
  const planChunks =
    previous?.plan === parts.plan ? stored?.planChunks : savePlan(tx, id, parts.plan);
  const main: StoredOperation = { ...rest, op: parts.core, collections };
  if (Object.keys(journal).length > 0) main.journal = journal;
  if (planChunks !== undefined) main.planChunks = planChunks;
  // A finished operation leaves the packed row, a revived one comes back to it.
  const [key, other] = isFinished(hosted)
    ? [finishedKey(id), liveKey(id)]
    : [liveKey(id), finishedKey(id)];
  tx.putState(key, main);
  if (stored) tx.deleteState(other);
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
