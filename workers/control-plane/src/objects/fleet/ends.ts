import {
  type ClusterUpgrade,
  isClusterUpgradeTerminal,
  isTerminal,
  type NodePoolOperation,
  poolNodes,
} from "@regatta/engine";
import type { Tx } from "../../runtime/types.ts";
import { wakeAutoscaler } from "./autoscaler/cluster.ts";
import { hearPoolEnd } from "./cluster-upgrade/pool-ends.ts";
import { type HostedOperation, saveOperation } from "./node-pool/store.ts";
import { notifyClusterUpgradeEnd, notifyPoolOperationEnd } from "./notifications/operations.ts";
import { hearPhaseEnd } from "./rollout/owners.ts";
import { hearMemberEnd } from "./run-members/members.ts";
import type { OperationEnd, Waiter } from "./waiters.ts";

export type { OperationEnd, Waiter };

/**
 * The one way an operation's end reaches whoever waits for it. A waiter opens a watch
 * over the operations it started, in the transaction that starts them (so no end can
 * come first, and nothing polls for a lost one); every save of a node-pool operation or
 * a cluster upgrade comes through here, so no path (a write-back that ends it, a pool
 * deleted under it) ends one unheard. A watch is heard once, when it is sealed (no more
 * operations will join) and all its operations ended. Three kinds of waiter use it:
 * a cluster upgrade waiting for each worker pool (LIFE-3), a rollout group's phase on a
 * cluster (SEQ-5), and an update-run member (RUN-5).
 */

interface Watch {
  waiter: Waiter;
  /** Operation id → its end, null while it runs. */
  operations: Record<string, OperationEnd | null>;
  sealed: boolean;
}

const watchKey = (watch: string) => `watch:${watch}`;
const watchersKey = (operation: string) => `watched-by:${operation}`;

/** How each kind of waiter hears a watch's ends (in the transaction that ended the last). */
const HEAR: {
  [K in Waiter["kind"]]: (
    tx: Tx,
    waiter: Extract<Waiter, { kind: K }>,
    ends: OperationEnd[],
  ) => void;
} = {
  "cluster-upgrade": hearPoolEnd,
  "rollout-phase": hearPhaseEnd,
  "run-member": hearMemberEnd,
};

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

function operationEnded(tx: Tx, end: OperationEnd): void {
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
  const ends = Object.values(entry.operations);
  if (ends.some((end) => end === null)) return;
  tx.deleteState(watchKey(watch));
  const hear = HEAR[entry.waiter.kind] as (tx: Tx, waiter: Waiter, ends: OperationEnd[]) => void;
  hear(tx, entry.waiter, ends as OperationEnd[]);
}

/**
 * Saves a node-pool operation and tells its waiters what changed: the one way an
 * operation is written. `before` is what was stored (undefined for a new one).
 */
export function saveForOwners(
  tx: Tx,
  hosted: HostedOperation,
  before: NodePoolOperation | undefined,
): void {
  saveOperation(tx, hosted, before);
  nodePoolOperationSaved(tx, before, hosted.op);
}

/** After a node-pool operation was saved (`before` undefined for a new one). */
function nodePoolOperationSaved(
  tx: Tx,
  before: NodePoolOperation | undefined,
  op: NodePoolOperation,
): void {
  // An upgrade that began, moved on (a phase, a node replaced, cordoned or drained) or
  // ended changes what the pool may scale to (NUP-12) and where pods can run: the
  // autoscaler notices it at the next instant of its scan grid rather than polling it.
  if (
    before === undefined ||
    before.header.state !== op.header.state ||
    before.header.phase !== op.header.phase ||
    before.header.eventCount !== op.header.eventCount
  ) {
    wakeAutoscaler(tx, op.header.cluster);
  }
  if (!isTerminal(op.header.state)) return;
  if (before !== undefined && isTerminal(before.header.state)) return;
  const nodeVersions: Record<string, number> = {};
  for (const node of poolNodes(op)) {
    if (node.state === "DELETING") continue;
    nodeVersions[node.version] = (nodeVersions[node.version] ?? 0) + 1;
  }
  const end: OperationEnd = {
    operation: op.header.id,
    state: op.header.state,
    succeeded: op.header.state === "SUCCEEDED",
    at: tx.now,
    pool: op.header.pool,
    nodeVersions,
  };
  if (op.header.error !== undefined) end.error = op.header.error;
  operationEnded(tx, end);
  notifyPoolOperationEnd(tx, op);
}

/**
 * After a cluster upgrade was saved (`before`: as stored until then, none for a new one):
 * its end, once per ending — a save that repeats an end (same state, same end instant)
 * is not one; a resumed upgrade that ends again is.
 */
export function clusterUpgradeSaved(
  tx: Tx,
  op: ClusterUpgrade,
  before: ClusterUpgrade | undefined,
): void {
  if (!isClusterUpgradeTerminal(op.state)) return;
  if (
    before !== undefined &&
    isClusterUpgradeTerminal(before.state) &&
    before.state === op.state &&
    before.endedAt === op.endedAt
  ) {
    return;
  }
  const end: OperationEnd = {
    operation: op.id,
    state: op.state,
    succeeded: op.state === "SUCCEEDED",
    at: tx.now,
  };
  if (op.error !== undefined) end.error = op.error;
  operationEnded(tx, end);
  notifyClusterUpgradeEnd(tx, op);
}
