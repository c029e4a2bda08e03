import type { Tx } from "../../runtime/types.ts";
import type { OperationEnd, Waiter } from "./waiters.ts";

export type { OperationEnd, Waiter };

/**
 * The one way an operation's end reaches whoever waits for it. A waiter opens a watch
 * over the operations it started, in the transaction that starts them (so no end can
 * come first, and nothing polls for a lost one); the rooms that save operations (the
 * node-pool room's save, the cluster-upgrade room's) report every end here, so no path
 * (a write-back that ends it, a pool deleted under it) ends one unheard. A watch is
 * heard once, when it is sealed (no more operations will join) and all its operations
 * ended, by the capability subscribed to its waiter's kind (a room's `ends` in the
 * fleet's table): a cluster upgrade waiting for each worker pool (LIFE-3), a rollout
 * group's phase on a cluster (SEQ-5), an update-run member (RUN-5). This module knows
 * none of them.
 */

interface Watch {
  waiter: Waiter;
  /** Operation id → its end, null while it runs. */
  operations: Record<string, OperationEnd | null>;
  sealed: boolean;
}

const watchKey = (watch: string) => `watch:${watch}`;
const watchersKey = (operation: string) => `watched-by:${operation}`;

/** Who hears a waiter's ends: the fleet's capability table, by the waiter's kind. */
export interface EndSubscribers {
  hear(tx: Tx, waiter: Waiter, ends: readonly OperationEnd[]): void;
}

/**
 * Installed once by the fleet's table as it loads (capabilities.ts). Ends are heard in
 * whatever transaction saved the operation, which no context reaches, and this module
 * cannot import the table (the rooms in it import this module).
 */
let subscribers: EndSubscribers | undefined;

/** Makes `table` the one that hears every waiter's ends (the fleet's table, at load). */
export function subscribeToEnds(table: EndSubscribers): void {
  subscribers = table;
}

/**
 * Opens (or reopens) the watch `watch` for `waiter`; `sealed` when no more operations
 * will join it. Reopening keeps the operations already watched.
 */
export function openWatch(tx: Tx, watch: string, waiter: Waiter, sealed = false): void {
  const existing = tx.getState<Watch>(watchKey(watch));
  tx.putState(watchKey(watch), {
    waiter,
    operations: existing?.operations ?? {},
    sealed,
  } satisfies Watch);
  if (sealed) heardIfDone(tx, watch);
}

/** What opening `watch` and `operation` joining it read, to read ahead for a batch. */
export function watchReads(watch: string, operation: string): string[] {
  return [watchKey(watch), watchersKey(operation)];
}

/** `operation` joins the watch (in the transaction that starts it). */
export function watchOperation(tx: Tx, watch: string, operation: string): void {
  const entry = tx.getState<Watch>(watchKey(watch));
  if (!entry) throw new Error(`watch ${watch} is not open`);
  entry.operations[operation] = null;
  tx.putState(watchKey(watch), entry);
  const watchers = tx.getState<string[]>(watchersKey(operation)) ?? [];
  if (!watchers.includes(watch)) tx.putState(watchersKey(operation), [...watchers, watch]);
}

/** Opens a watch over `operations`, all started in this transaction, and seals it. */
export function watchAll(
  tx: Tx,
  watch: string,
  waiter: Waiter,
  operations: readonly string[],
): void {
  openWatch(tx, watch, waiter);
  for (const operation of operations) watchOperation(tx, watch, operation);
  sealWatch(tx, watch);
}

/** `operation` leaves the watch (it will not report to this waiter after all). */
function unwatchOperation(tx: Tx, watch: string, operation: string): void {
  const entry = tx.getState<Watch>(watchKey(watch));
  if (entry) {
    delete entry.operations[operation];
    tx.putState(watchKey(watch), entry);
  }
  const watchers = (tx.getState<string[]>(watchersKey(operation)) ?? []).filter((w) => w !== watch);
  if (watchers.length > 0) tx.putState(watchersKey(operation), watchers);
  else tx.deleteState(watchersKey(operation));
}

/** No more operations join: heard now if all already ended. */
export function sealWatch(tx: Tx, watch: string): void {
  const entry = tx.getState<Watch>(watchKey(watch));
  if (!entry) return;
  entry.sealed = true;
  tx.putState(watchKey(watch), entry);
  heardIfDone(tx, watch);
}

/** The operations of a watch (ended or not); empty once it was heard. */
export function watchedOperations(tx: Tx, watch: string): string[] {
  return Object.keys(tx.getState<Watch>(watchKey(watch))?.operations ?? {});
}

/** The waiter went away: its watch and every link to it are dropped. */
export function closeWatch(tx: Tx, watch: string): void {
  for (const operation of watchedOperations(tx, watch)) unwatchOperation(tx, watch, operation);
  tx.deleteState(watchKey(watch));
}

/**
 * An operation ended (saved in a terminal state for the first time since it last ran):
 * every watch over it takes the end, and those now complete are heard.
 */
export function operationEnded(tx: Tx, end: OperationEnd): void {
  const watchers = tx.getState<string[]>(watchersKey(end.operation));
  if (watchers === undefined) return;
  tx.deleteState(watchersKey(end.operation));
  for (const watch of watchers) {
    const entry = tx.getState<Watch>(watchKey(watch));
    if (!entry || !(end.operation in entry.operations)) continue;
    entry.operations[end.operation] = end;
    tx.putState(watchKey(watch), entry);
    heardIfDone(tx, watch);
  }
}

function heardIfDone(tx: Tx, watch: string): void {
  const entry = tx.getState<Watch>(watchKey(watch));
  if (!entry?.sealed) return;
  const all = Object.values(entry.operations);
  const ends = all.filter((end) => end !== null);
  if (ends.length < all.length) return;
  tx.deleteState(watchKey(watch));
  if (!subscribers) throw new Error("ends: no capability table subscribed (capabilities.ts)");
  subscribers.hear(tx, entry.waiter, ends);
}
