import {
  applyBucketChanges,
  type BucketChange,
  type BucketMap,
  bucketChanges,
  bucketIndexes,
  type Maintenance,
  type NodePoolOperation,
} from "@regatta/engine";
import type { Tx } from "./runtime/runtime.ts";

/** What the fleet object keeps per operation beside the engine's state. */
export interface HostedOperation {
  op: NodePoolOperation;
  /** The cluster's maintenance the operation watches (MW-4). */
  maintenance?: Maintenance;
  /** True once the final node set was written back to the inventory. */
  synced: boolean;
  /** Counts saves, so a write-back that raced a later change does not mark it synced. */
  revision?: number;
}

/**
 * The bucketed maps of an operation (its node table, and surge's in-flight tasks) are
 * stored one bucket per row: a 5,000-node blue-green state is 2.5 MB as one value, over
 * the platform's 2 MB row limit, and a decision changes only a few entries, so those
 * changes are journalled and buckets rewritten in batches (storage is billed per row
 * written).
 */
interface BucketField {
  tag: string;
  get(op: NodePoolOperation): BucketMap<unknown> | undefined;
  with(op: NodePoolOperation, map: BucketMap<unknown>): NodePoolOperation;
}

const FIELDS: BucketField[] = [
  {
    tag: "n",
    get: (op) => op.nodes as BucketMap<unknown>,
    with: (op, map) => ({ ...op, nodes: map }) as NodePoolOperation,
  },
  {
    tag: "t",
    get: (op) => ("tasks" in op ? (op.tasks.items as BucketMap<unknown>) : undefined),
    with: (op, map) =>
      "tasks" in op ? ({ ...op, tasks: { ...op.tasks, items: map } } as NodePoolOperation) : op,
  },
];

/**
 * A map of one bucket (a small pool's nodes, a narrow surge window's tasks) stays in
 * the main row: it changes whenever the header does, so a row of its own would only
 * add a write.
 */
const INLINE_BUCKETS = 1;

/**
 * Entry changes of a bucketed map wait in the main row (written at every decision
 * anyway) until there are this many per bucket, then every bucket they touch is
 * rewritten once. A surge replaces nodes spread over all buckets by name, so writing
 * each change to its bucket at once would cost about two rows per node; the journal
 * brings that to about one row per {@link JOURNAL_PER_BUCKET} changes, at the price of
 * a main row that holds up to that many entries per bucket.
 */
const JOURNAL_PER_BUCKET = 16;
/** A cap on the journal whatever the bucket count, so the main row stays packable. */
const JOURNAL_MAX = 1024;

/** The main row: the operation without its bucketed entries, and their pending changes. */
interface StoredOperation extends HostedOperation {
  journal?: Record<string, BucketChange<unknown>[]>;
}

const mainKey = (id: string) => `op:${id}`;
const bucketKey = (id: string, tag: string, index: number) => `op:${id}:${tag}:${index}`;
const planKey = (id: string) => `op:${id}:plan`;

/** Reassembles an operation from its main row, bucket rows and journal. */
export function loadOperation(tx: Tx, id: string): HostedOperation | undefined {
  const main = tx.getState<StoredOperation>(mainKey(id));
  if (!main) return undefined;
  const { journal, ...hosted } = main;
  // The plan has a row of its own (older main rows still carry it).
  const carried: Partial<Pick<NodePoolOperation, "plan">> = hosted.op;
  let op =
    carried.plan !== undefined
      ? hosted.op
      : ({ ...hosted.op, plan: tx.getState(planKey(id)) } as NodePoolOperation);
  for (const field of FIELDS) {
    const map = field.get(op);
    if (!map || map.buckets.length <= INLINE_BUCKETS) continue;
    const buckets = Array.from(
      { length: map.buckets.length },
      (_, i) => tx.getState<[string, unknown][]>(bucketKey(id, field.tag, i)) ?? [],
    );
    const stored = { buckets, size: buckets.reduce((sum, bucket) => sum + bucket.length, 0) };
    const changes = journal?.[field.tag];
    op = field.with(op, changes ? applyBucketChanges(stored, changes) : stored);
  }
  return { ...hosted, op };
}

/**
 * Persists the operation: its main row with the changes since `before` journalled, and
 * the bucket rows of a journal that has grown full. Without `before` (a new operation),
 * every bucket is written.
 */
export function saveOperation(tx: Tx, hosted: HostedOperation, before?: NodePoolOperation): void {
  const id = hosted.op.header.id;
  const journal = { ...tx.getState<StoredOperation>(mainKey(id))?.journal };
  let stripped = hosted.op;
  for (const field of FIELDS) {
    const map = field.get(hosted.op);
    if (!map || map.buckets.length <= INLINE_BUCKETS) {
      delete journal[field.tag];
      continue;
    }
    const previous = before && field.get(before);
    if (!previous || previous.buckets.length !== map.buckets.length) {
      map.buckets.forEach((bucket, i) => {
        tx.putState(bucketKey(id, field.tag, i), bucket);
      });
      delete journal[field.tag];
    } else {
      const pending = latestPerKey(journal[field.tag] ?? [], bucketChanges(previous, map));
      if (pending.length >= Math.min(JOURNAL_MAX, JOURNAL_PER_BUCKET * map.buckets.length)) {
        for (const i of bucketIndexes(
          map,
          pending.map(([key]) => key),
        )) {
          tx.putState(bucketKey(id, field.tag, i), map.buckets[i]);
        }
        delete journal[field.tag];
      } else if (pending.length > 0) {
        journal[field.tag] = pending;
      }
    }
    // The main row keeps the map's shape (bucket count, size) but not its entries.
    stripped = field.with(stripped, { ...map, buckets: map.buckets.map(() => []) });
  }
  // The plan is fixed when the operation starts and can be large (a 5,000-node surge
  // lists every node): a row of its own, written once, keeps the main row small enough
  // to be packed with the sim's state.
  const { plan, ...withoutPlan } = stripped;
  if (before?.plan !== plan) tx.putState(planKey(id), plan);
  const main: StoredOperation = { ...hosted, op: withoutPlan as NodePoolOperation };
  if (Object.keys(journal).length > 0) main.journal = journal;
  tx.putState(mainKey(id), main);
}

/** A key changed twice needs only its last change, in the order of last changes. */
function latestPerKey<V>(
  older: readonly BucketChange<V>[],
  newer: readonly BucketChange<V>[],
): BucketChange<V>[] {
  const last = new Map<string, V | null>();
  for (const [key, value] of [...older, ...newer]) {
    last.delete(key);
    last.set(key, value);
  }
  return [...last];
}
