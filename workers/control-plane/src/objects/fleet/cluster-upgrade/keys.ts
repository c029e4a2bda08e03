/** The cluster-upgrade room's timer kinds (each operation has one timer of each). */

/** A cluster upgrade's wake-up (health-check retries, pool ends in its inbox). */
export const CLUSTER_OP_TIMER = "cu";
/** The write-back of a finished cluster upgrade's status.version (VER-8) to the inventory. */
export const CLUSTER_SYNC_TIMER = "cu-sync";
/** Removes a finished cluster upgrade once its retention has passed. */
export const CLUSTER_RETIRE_TIMER = "cu-retire";
