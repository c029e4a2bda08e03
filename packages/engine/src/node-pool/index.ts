export {
  nodesUnderUpgrade,
  poolScalingPolicy,
  scalableNodes,
  unevictableNews,
} from "./autoscaler-interplay.ts";
export {
  markReserved,
  type QuotaKind,
  quotaName,
  type ZoneQuota,
  type ZoneRoom,
  type ZoneUse,
  zoneRoom,
} from "./capacity.ts";
export { cancelUpgrade, completeUpgrade, resumeUpgrade, rollbackUpgrade } from "./controls.ts";
export {
  commandId,
  type NodeStep,
  operationOfCommand,
  parseCommandId,
} from "./node-commands.ts";
export type { NodeTable, PendingStep, TrackedNode } from "./node-steps/node-table.ts";
export { isTerminal, NODE_POOL_TERMINAL_STATES, type OperationHeader } from "./operation.ts";
export { type OperationCore, type OperationParts, operationParts, withParts } from "./parts.ts";
export type { PoolScalingPolicy, ScalingGroupPolicy } from "./scaling.ts";
export { abandonUpgrade, cancelledAtRest, noteOnOperation } from "./settle.ts";
export type {
  AutoscaledBlueGreenOperation,
  AutoscaledBlueGreenPhase,
} from "./strategies/autoscaled-blue-green/operation.ts";
export { PARALLEL_DRAINS } from "./strategies/autoscaled-blue-green/operation.ts";
export { AUTOSCALED_BLUE_GREEN_MIN_VERSION } from "./strategies/autoscaled-blue-green/settings.ts";
export type {
  BatchSize,
  BlueGreenOperation,
  BlueGreenPhase,
} from "./strategies/blue-green/operation.ts";
export { BLUE_GREEN_PHASE_NUMBER } from "./strategies/blue-green/operation.ts";
export {
  batchNodes,
  SOAK_CAP_SECONDS,
  type SoakPlan,
  soakPlan,
} from "./strategies/blue-green/plan.ts";
export {
  type NodePoolOperation,
  type ResolvedStrategy,
  STRATEGIES,
} from "./strategies/index.ts";
export type { StrategyModule } from "./strategies/module.ts";
export type {
  ShortLivedOperation,
  ShortLivedPhase,
} from "./strategies/short-lived/operation.ts";
export type { SurgeOperation } from "./strategies/surge/operation.ts";
export {
  autopilotSwitchRefusal,
  chooseStrategy,
  type StrategyChoice,
  validateStrategyConfig,
} from "./strategy.ts";
export type * from "./types.ts";
export {
  decideAll,
  decideNodePoolUpgrade,
  type NodePoolUpgradeRequest,
  startNodePoolUpgrade,
} from "./upgrade.ts";
export {
  blockedPool,
  type NodePoolOperationView,
  nodeTableChanged,
  operationView,
  poolNodes,
  workInFlight,
} from "./view.ts";
