/**
 * The fleet object's state keys and timer kinds for node-pool operations, shared by the
 * host (node-pool-host.ts) and the operations' lifecycle (operation-lifecycle.ts).
 */

/** Which operation a pool has now (the one controls and node listings act on). */
export const poolKey = (cluster: string, pool: string) => `pool-op:${cluster}/${pool}`;

/** The machine's own wake-up. */
export const OP_TIMER = "op";
/** MW-4: the maintenance window's next edge. */
export const WINDOW_TIMER = "op-window";
/** The write-back of an operation that came to rest. */
export const SYNC_TIMER = "op-sync";
/** Removes a finished operation once its retention has passed. */
export const RETIRE_TIMER = "op-retire";

/** A cluster upgrade's wake-up (health-check retries, pool ends in its inbox). */
export const CLUSTER_OP_TIMER = "cu";
/** The write-back of a finished cluster upgrade's status.version (VER-8) to the inventory. */
export const CLUSTER_SYNC_TIMER = "cu-sync";

/** Removes a finished cluster upgrade once its retention has passed. */
export const CLUSTER_RETIRE_TIMER = "cu-retire";

/** The one timer of a kind an operation has. */
export const timerId = (kind: string, id: string) => `${kind}:${id}`;

/** The cluster autoscaler's next pass of a cluster (payload: the cluster). */
export const AS_TIMER = "as";
/** Nodes the autoscaler created or removed, written to the inventory (payload: the cluster). */
export const AS_SYNC_TIMER = "as-sync";
/** Removes an ended autoscaler operation (its cluster was deleted) once its retention has passed. */
export const AS_RETIRE_TIMER = "as-retire";
/** A rollout group's pass (SEQ): its engine wake-up, an upgrade's end, a retry of its intents. */
export const ROLLOUT_TIMER = "rollout";
