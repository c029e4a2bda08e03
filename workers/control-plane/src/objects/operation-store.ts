import type { BucketMap, Maintenance, NodePoolOperation } from "@regatta/engine";
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
 * the platform's 2 MB row limit, and a decision changes only a few buckets, so only
 * those rows are rewritten (storage is billed per row written).
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

const mainKey = (id: string) => `op:${id}`;
const bucketKey = (id: string, tag: string, index: number) => `op:${id}:${tag}:${index}`;

/** Reassembles an operation from its main row and bucket rows. */
export function loadOperation(tx: Tx, id: string): HostedOperation | undefined {
  const main = tx.getState<HostedOperation>(mainKey(id));
  if (!main) return undefined;
  let op = main.op;
  for (const field of FIELDS) {
    const map = field.get(op);
    if (!map || map.buckets.length <= INLINE_BUCKETS) continue;
    const count = map.buckets.length;
    const buckets = Array.from(
      { length: count },
      (_, i) => tx.getState<[string, unknown][]>(bucketKey(id, field.tag, i)) ?? [],
    );
    op = field.with(op, { ...map, buckets });
  }
  return { ...main, op };
}

/**
 * Writes the main row and the buckets that differ from `before` (by identity: the
 * engine copies a bucket only when it changes it). Without `before`, every bucket.
 */
export function saveOperation(tx: Tx, hosted: HostedOperation, before?: NodePoolOperation): void {
  const id = hosted.op.header.id;
  let stripped = hosted.op;
  for (const field of FIELDS) {
    const map = field.get(hosted.op);
    if (!map || map.buckets.length <= INLINE_BUCKETS) continue;
    const previous = before && field.get(before);
    map.buckets.forEach((bucket, i) => {
      if (previous?.buckets.length === map.buckets.length && previous.buckets[i] === bucket) return;
      tx.putState(bucketKey(id, field.tag, i), bucket);
    });
    // The main row keeps the map's shape (bucket count, size) but not its entries.
    stripped = field.with(stripped, { ...map, buckets: map.buckets.map(() => []) });
  }
  tx.putState(mainKey(id), { ...hosted, op: stripped });
}
