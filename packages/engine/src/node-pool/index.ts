export type {
  AutoscaledBlueGreenOperation,
  AutoscaledBlueGreenPhase,
} from "./autoscaled-blue-green.ts";
export { PARALLEL_DRAINS } from "./autoscaled-blue-green.ts";
export {
  nodesUnderUpgrade,
  type PoolScalingPolicy,
  poolScalingPolicy,
  type ScalingGroupPolicy,
  scalableNodes,
} from "./autoscaler-interplay.ts";
export type { BlueGreenOperation, BlueGreenPhase } from "./blue-green.ts";
export { BLUE_GREEN_PHASE_NUMBER } from "./blue-green.ts";
export { batchNodes, SOAK_CAP_SECONDS, type SoakPlan, soakPlan } from "./blue-green-plan.ts";
export {
  applyBucketChanges,
  type BucketChange,
  type BucketMap,
  bucketChanges,
  bucketIndexes,
  changedBuckets,
} from "./bucket-map.ts";
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
export { commandId, parseCommandId } from "./node-commands.ts";
export type { NodeTable, NodeWork, TrackedNode } from "./node-table.ts";
export type { OperationHeader } from "./operation.ts";
export type { ShortLivedOperation, ShortLivedPhase } from "./short-lived.ts";
export {
  AUTOSCALED_BLUE_GREEN_MIN_VERSION,
  type BatchSize,
  chooseStrategy,
  type ResolvedStrategy,
  type StrategyChoice,
} from "./strategy.ts";
export type { SurgeOperation } from "./surge.ts";
export type * from "./types.ts";
export {
  decideAll,
  decideNodePoolUpgrade,
  type NodePoolOperation,
  type NodePoolUpgradeRequest,
  startNodePoolUpgrade,
} from "./upgrade.ts";
export {
  blockedPool,
  type NodePoolOperationView,
  operationView,
  poolNodes,
  workInFlight,
} from "./view.ts";
