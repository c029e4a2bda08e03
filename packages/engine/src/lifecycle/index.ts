export { lifecycleCommandId, parseLifecycleCommandId, stepCommand } from "./commands.ts";
export {
  abandonClusterUpgrade,
  cancelClusterUpgrade,
  decideClusterUpgrade,
  decideClusterUpgradeAll,
  noteOnClusterUpgrade,
  resumeClusterUpgrade,
  startClusterUpgrade,
} from "./machine.ts";
export {
  DOWNTIME,
  healthCheckWait,
  IN_PLACE_FROM,
  LIFECYCLE_DRAIN_LIMIT,
  planSteps,
  poolStepId,
  throughBootstrap,
} from "./plan.ts";
export {
  diagnosticFromAnswer,
  preflight,
  surgeNodesByZone,
} from "./preflight.ts";
export type * from "./types.ts";
export {
  CLUSTER_UPGRADE_TERMINAL_STATES,
  isClusterUpgradeTerminal,
  isSelfManaged,
  workerPoolFacts,
} from "./types.ts";
export {
  type ClusterLifecycleStatus,
  type ClusterUpgradeOperationView,
  type ClusterUpgradeStatusView,
  type ComponentStatus,
  clusterUpgradeOperationView,
  clusterUpgradeView,
  DEFAULT_CONTROL_PLANE_NODES,
  type LifecycleNodePoolStatus,
  type RestingCluster,
  restingClusterStatus,
} from "./view.ts";
