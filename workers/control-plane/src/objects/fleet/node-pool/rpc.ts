/** What the fleet object's RPC methods reach in the node-pool room. */
export { controlPool, getOperation, liveNodes, type PoolControl } from "./host.ts";
export { detachPool } from "./lifecycle.ts";
export { operationRetentionMs } from "./retention.ts";
export { startPoolUpgrade } from "./start.ts";
