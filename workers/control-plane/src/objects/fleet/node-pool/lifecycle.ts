import {
  abandonUpgrade,
  DAY,
  type NodePoolOperation,
  noteOnOperation,
  workInFlight,
} from "@regatta/engine";
import { cancelDelivery, deliver } from "../../../runtime/deliveries.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import {
  OP_TIMER,
  poolKey,
  RETIRE_TIMER,
  SYNC_TIMER,
  WINDOW_TIMER,
  writeBackDelivery,
} from "./keys.ts";
import { saveForOwners } from "./save.ts";
import { deleteOperationRows, type HostedOperation, isFinished, loadOperation } from "./store.ts";

/**
 * How a node-pool operation leaves its pool and the object: superseded by a new upgrade
 * (NUP-7), ended by the pool's deletion, written back (or not, when the pool is gone),
 * and retired once its retention has passed.
 */

/** Finished operations are kept this many days unless `OPERATION_RETENTION_DAYS` says otherwise. */
export const DEFAULT_RETENTION_DAYS = 30;

/** Why a cancelled operation no one resumed stops taking controls before it is removed. */
export const RETAINED_CANCELLED = "was cancelled and never resumed; its retention has passed";

/** The cancelled operation stays CANCELLED but is finished: the new one owns the pool. */
export function supersede(tx: Tx, hosted: HostedOperation, by: string, retentionMs: number): void {
  const before = hosted.op;
  hosted.op = noteOnOperation(
    before,
    `NUP-7: superseded by ${by}, which upgrades the nodes left`,
    tx.now,
  );
  hosted.detached = `superseded by ${by}`;
  hosted.revision += 1;
  saveForOwners(tx, hosted, before);
  const id = before.header.id;
  tx.clearTimer(timerId(OP_TIMER, id));
  tx.clearTimer(timerId(WINDOW_TIMER, id));
  scheduleRetirement(tx, id, retentionMs);
}

/**
 * The pool was deleted: its operation ends (FAILED, "node pool deleted"), issues no more
 * commands and writes nothing back; the pool's name is free for a new pool and its
 * upgrades. Returns the operation it ended, if any.
 */
export function detachPool(
  tx: Tx,
  cluster: string,
  pool: string,
  retentionMs: number,
): string | undefined {
  const id = tx.getState<string>(poolKey(cluster, pool));
  if (!id) return undefined;
  tx.deleteState(poolKey(cluster, pool));
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.detached !== undefined) return undefined;
  const settled = isFinished(hosted) && hosted.synced;
  const before = hosted.op;
  // EXT-9: led by the rule of the pool's upgrade controls, like a cancel that never resumes.
  hosted.op = abandonUpgrade(before, "NUP-7: node pool deleted", tx.now);
  hosted.detached = "node pool deleted";
  hosted.synced = true;
  hosted.revision += 1;
  // Whoever started this pool's upgrade (cluster upgrade, run, rollout) hears it ended.
  saveForOwners(tx, hosted, before);
  for (const kind of [OP_TIMER, WINDOW_TIMER, SYNC_TIMER]) tx.clearTimer(timerId(kind, id));
  cancelDelivery(tx, writeBackDelivery(id));
  // An operation already settled keeps the retention it started then.
  if (!settled) scheduleRetirement(tx, id, retentionMs);
  return id;
}

/**
 * Retention is bookkeeping: counted on the deployment's wall clock, so a finished
 * operation stays readable for its days even while the sim runs at 3,600×.
 */
export function scheduleRetirement(tx: Tx, id: string, retentionMs: number): void {
  tx.setTimer({
    id: timerId(RETIRE_TIMER, id),
    due: tx.wall + retentionMs,
    kind: RETIRE_TIMER,
    payload: id,
    clock: "wall",
  });
}

/**
 * NUP-7, NUP-9: cancelled, with nothing it started still in flight. Nothing moves until
 * it is resumed, rolled back or superseded; if none comes, retention removes it.
 */
export function restsCancelled(hosted: HostedOperation): boolean {
  return (
    hosted.detached === undefined &&
    hosted.op.header.state === "CANCELLED" &&
    workInFlight(hosted.op) === 0
  );
}

/** Retention removes a cancelled operation at rest its retention after its last change. */
export function scheduleCancelledRetirement(tx: Tx, hosted: HostedOperation): void {
  scheduleRetirement(tx, hosted.op.header.id, hosted.retentionMs ?? DEFAULT_RETENTION_DAYS * DAY);
}

/**
 * Whether retention may remove the operation now: finished and written back, or
 * cancelled and at rest since its retention began. A cancelled one is detached here
 * (it takes no more controls); `writeBack` is set when the inventory must first get the
 * nodes it left (a cancelled blue-green upgrade's are only in the object).
 */
export function retirable(
  tx: Tx,
  id: string,
): { retire: false } | { retire: true; writeBack?: WriteBackSource } {
  const hosted = loadOperation(tx, id);
  if (!hosted) return { retire: false };
  // Its retirement came due (each change while it rests sets it anew).
  if (restsCancelled(hosted)) {
    hosted.detached = RETAINED_CANCELLED;
    hosted.revision += 1;
    saveForOwners(tx, hosted, hosted.op);
  }
  if (!isFinished(hosted)) return { retire: false };
  if (hosted.synced) return { retire: true };
  if (hosted.detached !== RETAINED_CANCELLED) return { retire: false };
  const source = { op: hosted.op, revision: hosted.revision, poolUid: hosted.poolUid ?? "" };
  return { retire: true, writeBack: source };
}

/** Removes every trace of a retired operation from the object. */
export function forgetOperation(tx: Tx, id: string): void {
  const hosted = loadOperation(tx, id);
  if (!hosted) return;
  const { cluster, pool } = hosted.op.header;
  if (tx.getState<string>(poolKey(cluster, pool)) === id) tx.deleteState(poolKey(cluster, pool));
  deleteOperationRows(tx, id);
  for (const kind of [OP_TIMER, WINDOW_TIMER, SYNC_TIMER, RETIRE_TIMER]) {
    tx.clearTimer(timerId(kind, id));
  }
  cancelDelivery(tx, writeBackDelivery(id));
}

/** What travels as an operation's write-back: which one (its state is read when it goes). */
export interface NodePoolWriteBack {
  type: "node-pool-write-back";
  operation: string;
}

/**
 * The operation came to rest, or changed again at rest: its write-back is due now. A
 * write-back under way meanwhile is not recorded (its message was replaced): this one
 * writes what it is now.
 */
export function requestWriteBack(tx: Tx, id: string): void {
  deliver(tx, writeBackDelivery(id), {
    type: "node-pool-write-back",
    operation: id,
  } satisfies NodePoolWriteBack);
}

/** What a write-back needs: the operation as of `revision`, and the pool it started on. */
export interface WriteBackSource {
  op: NodePoolOperation;
  revision: number;
  poolUid: string;
}

/** The operation, when it waits for its write-back (undefined otherwise). */
export function getHosted(tx: Tx, id: string): WriteBackSource | undefined {
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.synced) return undefined;
  return { op: hosted.op, revision: hosted.revision, poolUid: hosted.poolUid ?? "" };
}

/**
 * The write-back of `revision` landed (a later change keeps the operation unsynced).
 * When it found its pool deleted or re-created, nothing was written: the operation ends
 * there (it has no pool left) instead of retrying. A finished operation's retention
 * starts now.
 */
export function markSynced(
  tx: Tx,
  id: string,
  revision: number,
  poolReplaced: boolean,
  retentionMs: number,
): void {
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.revision !== revision) return;
  const before = hosted.op;
  hosted.synced = true;
  if (poolReplaced) {
    const { cluster, pool } = before.header;
    hosted.op = abandonUpgrade(before, "node pool deleted or replaced", tx.now);
    hosted.detached = "node pool deleted or replaced";
    if (tx.getState<string>(poolKey(cluster, pool)) === id) tx.deleteState(poolKey(cluster, pool));
    for (const kind of [OP_TIMER, WINDOW_TIMER]) tx.clearTimer(timerId(kind, id));
  }
  saveForOwners(tx, hosted, before);
  if (isFinished(hosted)) scheduleRetirement(tx, id, retentionMs);
}

/**
 * The inventory refused the write-back for about a week (the delivery gave up): the
 * operation says so and settles, so retention still removes it.
 */
export function writeBackGivenUp(tx: Tx, id: string): void {
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.synced) return;
  const before = hosted.op;
  hosted.op = noteOnOperation(
    before,
    "VER-8: the inventory refused this operation's write-back for a week; it may not show the nodes it left",
    tx.now,
  );
  hosted.synced = true;
  hosted.revision += 1;
  saveForOwners(tx, hosted, before);
  if (isFinished(hosted)) {
    scheduleRetirement(tx, id, hosted.retentionMs ?? DEFAULT_RETENTION_DAYS * DAY);
  }
}
