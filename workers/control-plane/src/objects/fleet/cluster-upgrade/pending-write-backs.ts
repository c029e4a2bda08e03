import { type Collection, collect, deliveryKey, uncollected } from "../../../runtime/deliveries.ts";
import type { Tx } from "../../../runtime/types.ts";

/**
 * Finished cluster upgrades whose VER-8 write-back to the inventory is still to do. They
 * collect in one durable delivery (runtime/deliveries.ts) until it is taken, so upgrades
 * that end together (an update run's batch) are written back in one D1 batch, and a
 * failed write-back is retried with the deliveries' backoff like every other retry.
 */
export interface ClusterWriteBack {
  type: "cluster-write-back";
  ends: UpgradeEnd[];
}

/** An upgrade that ended, and when: one retried and ended again is a new end. */
export interface UpgradeEnd {
  upgrade: string;
  at: number;
}

/** The delivery that collects ends until it is taken. */
const COLLECTING = "cu-write-back";
/** Write-backs one delivery carries at most (one D1 batch, one transaction). */
export const WRITE_BACKS_PER_DELIVERY = 200;

const WRITE_BACKS: Collection<ClusterWriteBack, UpgradeEnd> = {
  items: (message) => message.ends,
  message: (ends) => ({ type: "cluster-write-back", ends }),
  key: (end) => `${end.upgrade}@${end.at}`,
  max: WRITE_BACKS_PER_DELIVERY,
  // Which of two full collections is written first does not matter: each names its own
  // clusters, and an upgrade ends at most once per instant.
  apart: (tx) => `cu-write-back-full/${String(tx.now).padStart(15, "0")}-${crypto.randomUUID()}`,
};

/**
 * The collecting delivery is small and short-lived, recorded with the upgrade's end:
 * packed with the values it changes together with (runtime/packed-row.ts).
 */
export const packsWriteBacks = (key: string): boolean => key.startsWith(deliveryKey(COLLECTING));

/** Upgrade `id` ended: its write-back is due now, with the others collected. */
export function awaitWriteBack(tx: Tx, id: string): void {
  collect(tx, COLLECTING, { upgrade: id, at: tx.now }, WRITE_BACKS);
}

/** What of a pending write-back is left once `sent` (an earlier revision) was taken. */
export function unwrittenBack(
  sent: ClusterWriteBack,
  current: ClusterWriteBack,
): { rest?: ClusterWriteBack } {
  return uncollected(WRITE_BACKS, sent, current);
}
