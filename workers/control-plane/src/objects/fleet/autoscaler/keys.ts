/** The autoscaler room's timer kinds (payload: the cluster). */

/** The cluster autoscaler's next pass of a cluster. */
export const AS_TIMER = "as";
/**
 * The node-change write-back timer of an earlier version (a delivery now, sync.ts): one
 * still stored is adopted when it fires.
 */
export const AS_SYNC_TIMER = "as-sync";
/** Removes an ended autoscaler operation (its cluster was deleted) once its retention has passed. */
export const AS_RETIRE_TIMER = "as-retire";
