export { lifecycleCommandId, parseLifecycleCommandId, stepCommand } from "./commands.ts";
export {
  abandonClusterUpgrade,
  decideClusterUpgrade,
  decideClusterUpgradeAll,
  resumeClusterUpgrade,
  startClusterUpgrade,
} from "./machine.ts";
export {
  DOWNTIME,
  HEALTH_CHECK_INTERVAL,
  HEALTH_CHECK_LIMIT,
  LIFECYCLE_DRAIN_LIMIT,
  planSteps,
  poolStepId,
} from "./plan.ts";
export {
  diagnosticFromAnswer,
  flaggedDeprecatedApis,
  preflight,
  surgeNodesByZone,
} from "./preflight.ts";
export type * from "./types.ts";
export {
  CLUSTER_UPGRADE_TERMINAL_STATES,
  isClusterUpgradeTerminal,
  isSelfManaged,
} from "./types.ts";
export {
  type ClusterUpgradeOperationView,
  type ClusterUpgradeStatusView,
  type ComponentStatus,
  clusterUpgradeOperationView,
  clusterUpgradeView,
} from "./view.ts";
