/**
 * The node-pool room as the other rooms see it: a pool's operation (read, started,
 * resumed, scaled, told of unevictable pods) and the EXT-7 soak checks a run member sets.
 * Its capability (capability.ts) and RPC surface (rpc.ts) are the shell's.
 */
export {
  getOperation,
  operationNodes,
  operationReason,
  reportUnevictable,
  resumeOperation,
  scalePool,
  startOperation,
} from "./host.ts";
export { poolKey } from "./keys.ts";
export { clearSoakCheck, setSoakCheck } from "./soak-checks.ts";
export { loadOperation } from "./store.ts";
