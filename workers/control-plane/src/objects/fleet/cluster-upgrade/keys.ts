/** The cluster-upgrade room's timer kinds (each operation has one timer of each). */

/** A cluster upgrade's wake-up (health-check retries, pool ends in its inbox). */
export const CLUSTER_OP_TIMER = "cu";
/**
 * The write-back timer of an earlier version (VER-8 write-backs are deliveries now,
 * pending-write-backs.ts): one still stored is adopted when it fires.
 */
export const CLUSTER_SYNC_TIMER = "cu-sync";
/** Removes a finished cluster upgrade once its retention has passed. */
export const CLUSTER_RETIRE_TIMER = "cu-retire";
