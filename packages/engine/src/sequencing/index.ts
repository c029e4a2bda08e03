export type { ChainLink } from "./chain.ts";
export { DEFAULT_MAX_GROUPS, MAX_GROUPS_LIMIT, maxGroupsSetting, validateChain } from "./chain.ts";
export type { ClusterHold, ClusterTarget } from "./eligibility.ts";
export { clusterHold, clusterTarget, versionAtLeast, versionBelow } from "./eligibility.ts";
export {
  decideGroup,
  decideGroupAll,
  initialGroupState,
  MAX_KEPT,
  UPGRADE_TYPES,
} from "./machine.ts";
export type { UpstreamGate } from "./qualification.ts";
export {
  groupQualification,
  messageKey,
  rolloutKey,
  upgradeGate,
  upstreamGate,
} from "./qualification.ts";
export type {
  ReleaseFacts,
  RolloutStageClusterView,
  RolloutStageView,
  SequenceCluster,
  SequenceDecision,
  SequenceEvent,
  SequenceFacts,
  SequenceIntent,
  SequenceRolloutView,
  SequenceState,
} from "./sequence-machine.ts";
export {
  assignStages,
  checkRolloutControl,
  decideSequence,
  initialSequenceState,
  sequenceRollouts,
  stageFacts,
  stageName,
  visibleRollout,
} from "./sequence-machine.ts";
export type { SoakSettings } from "./soak.ts";
export {
  FORCED_SOAK_AFTER,
  MAX_SOAK_SECONDS,
  soakEndsAt,
  soakSecondsFor,
  validateSoak,
} from "./soak.ts";
export type {
  ClusterSelector,
  SequenceStage,
  SequenceStageInput,
  StageCandidate,
} from "./stages.ts";
export {
  MAX_SELECTOR_TERMS,
  MAX_SEQUENCE_STAGES,
  MAX_STAGE_FLEETS,
  selectsAll,
  sequenceFleets,
  stageMembers,
  stageSelects,
  validateStages,
} from "./stages.ts";
export type * from "./types.ts";
export type { RolloutClusterView, RolloutStatusView, RolloutUpgradeView } from "./view.ts";
export { rolloutStatus } from "./view.ts";
