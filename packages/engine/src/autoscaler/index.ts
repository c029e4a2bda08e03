export {
  type ActuationInput,
  type ActuationPlan,
  nextInFlightStep,
  nextStepDeadline,
  type OverdueStep,
  overdueSteps,
  type PoolTemplate,
  planActuation,
  stepDeadline,
} from "./actuation.ts";
export {
  backingOff,
  initialAutoscalerState,
  isNewScaleUpFailure,
  pruneBackoff,
  recordScaleUpFailure,
  scaleUpErrorOf,
} from "./backoff.ts";
export { labelSelectorMatches } from "./constraints.ts";
export {
  type DecisionLogHead,
  decisionKey,
  emptyDecisionLog,
  type FoldedPass,
  foldPass,
  type LoggedRecord,
} from "./decision-log.ts";
export {
  CLUSTER_NODE_CAP,
  resolveOptions,
  SCALE_UP_PRIORITY_CUTOFF,
  scanIntervalMs,
  UPSTREAM_DEFAULTS,
} from "./defaults.ts";
export { evaluateCluster } from "./evaluate.ts";
export { decisionReason } from "./explain.ts";
export { LABEL, nodeLabels } from "./labels.ts";
export { locationPolicyOf, type PoolBounds, poolBounds, type ZoneBounds } from "./limits.ts";
export {
  autoscalerNodeView,
  type NodeView,
  type NodeViewSources,
  type StoredPool,
} from "./node-view.ts";
export {
  type BindableNode,
  bindableNodes,
  evictFromLeaving,
  type Placement,
  placePods,
} from "./placement.ts";
export { clusterProfile, followsProfile, poolProfile, validateProfile } from "./profile.ts";
export { validateProvisioningClass } from "./provisioning.ts";
export { effectiveRequests, gpuUtilization, utilization } from "./requests.ts";
export { nodesWithUnevictablePods, notSafeToEvict, SAFE_TO_EVICT } from "./safe-to-evict.ts";
export {
  nextScanAt,
  nextScanTick,
  onScanGrid,
  type ScanFacts,
} from "./scan-cadence.ts";
export { podKey } from "./snapshot.ts";
export { gracefulTerminationSeconds, LONG_GRACE_MIN_VERSION } from "./termination.ts";
export { atomicSliceSize, sliceNodeCount } from "./tpu.ts";
export type * from "./types.ts";
export { type AutoscalingPoolSettings, validateAutoscaling } from "./validate.ts";
export {
  type GatedCluster,
  type GatedFeature,
  gateText,
  gateVersion,
  hasFeature,
  requireFeature,
  VERSION_GATES,
  type VersionGate,
} from "./version-gates.ts";
