import type { Tx } from "../../../runtime/types.ts";
import { CLUSTER_SYNC_TIMER } from "./keys.ts";

/**
 * Finished cluster upgrades whose VER-8 write-back to the inventory is still to do: one
 * list and one timer for the fleet, not a timer row per upgrade set and deleted again.
 * Upgrades that end together (an update run's batch) are written back together.
 */
const PENDING_KEY = "cu-sync:pending";
/** The one write-back timer (payload-less; a payload is an upgrade's own, set before). */
export const WRITE_BACK_TIMER_ID = CLUSTER_SYNC_TIMER;

/** `id` ended: its write-back is due now, with the others pending. */
export function awaitWriteBack(tx: Tx, id: string): void {
  const pending = pendingWriteBacks(tx);
  if (!pending.includes(id)) tx.putState(PENDING_KEY, [...pending, id]);
  scheduleWriteBack(tx, tx.now);
}

export function pendingWriteBacks(tx: Tx): readonly string[] {
  return tx.getState<string[]>(PENDING_KEY) ?? [];
}

/** Written back: they leave the list; whether any remain (the timer runs again for them). */
export function writtenBack(tx: Tx, ids: readonly string[]): boolean {
  const done = new Set(ids);
  const left = pendingWriteBacks(tx).filter((id) => !done.has(id));
  if (left.length === 0) {
    tx.deleteState(PENDING_KEY);
    return false;
  }
  tx.putState(PENDING_KEY, left);
  scheduleWriteBack(tx, tx.now);
  return true;
}

export function scheduleWriteBack(tx: Tx, due: number): void {
  tx.setTimer({ id: WRITE_BACK_TIMER_ID, due, kind: CLUSTER_SYNC_TIMER });
}
