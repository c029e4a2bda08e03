/**
 * The cluster-upgrade room as the other rooms see it: the upgrade running on a cluster
 * (NUP refuses a pool upgrade under it) and how a rollout phase or run member starts one.
 */
export {
  getClusterOperation,
  runningClusterUpgrade,
  startClusterOperation,
  startReads,
} from "./host.ts";
