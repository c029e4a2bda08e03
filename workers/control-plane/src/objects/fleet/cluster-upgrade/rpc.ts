/** What the fleet object's RPC methods reach in the cluster-upgrade room. */
export {
  type ClusterUpgradeStart,
  cancelClusterOperation,
  getClusterOperation,
  getClusterUpgrade,
  resumeClusterOperation,
  startClusterOperation,
} from "./host.ts";
export { lastPreflight, recordPreflight, type StoredPreflight } from "./preflights.ts";
