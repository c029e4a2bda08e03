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
export { groupQualification, messageKey, upstreamGate } from "./qualification.ts";
export type { SoakSettings } from "./soak.ts";
export {
  FORCED_SOAK_AFTER,
  MAX_SOAK_SECONDS,
  soakEndsAt,
  soakSecondsFor,
  validateSoak,
} from "./soak.ts";
export type * from "./types.ts";
export type { RolloutClusterView, RolloutStatusView, RolloutUpgradeView } from "./view.ts";
export { rolloutStatus } from "./view.ts";
