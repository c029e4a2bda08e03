/**
 * The node-pool room's state keys and timer kinds, shared by its host (host.ts), its
 * operations' lifecycle (lifecycle.ts) and the rooms that read a pool's operation.
 */

/** Which operation a pool has now (the one controls and node listings act on). */
export const poolKey = (cluster: string, pool: string) => `pool-op:${cluster}/${pool}`;

/** The machine's own wake-up. */
export const OP_TIMER = "op";
/** MW-4: the maintenance window's next edge. */
export const WINDOW_TIMER = "op-window";
/**
 * The write-back timer of an earlier version (write-backs are deliveries now,
 * {@link writeBackDelivery}): one still stored is adopted when it fires.
 */
export const SYNC_TIMER = "op-sync";
/** The durable delivery of an operation's write-back, once it came to rest. */
export const writeBackDelivery = (id: string) => `op-write-back/${id}`;
/** Removes a finished operation once its retention has passed. */
export const RETIRE_TIMER = "op-retire";
