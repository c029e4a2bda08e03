/** Value sets of the enum-like text columns, spelled exactly as API.md spells them. */

/** Cluster roles (LIFE-1). */
export const CLUSTER_ROLES = ["admin", "user", "hybrid", "standalone"] as const;
export type ClusterRole = (typeof CLUSTER_ROLES)[number];

/** Release channels (CH-1). */
export const RELEASE_CHANNELS = ["RAPID", "REGULAR", "STABLE"] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

/** Cluster-autoscaler profiles (CA-11). */
export const AUTOSCALING_PROFILES = ["balanced", "optimize-utilization"] as const;
export type AutoscalingProfileName = (typeof AUTOSCALING_PROFILES)[number];

/** Node states as the API shows them. */
export const NODE_STATES = ["READY", "PROVISIONING", "CORDONED", "DRAINING", "DELETING"] as const;
export type NodeState = (typeof NODE_STATES)[number];

/** Blue-green colour of a node while a blue-green upgrade runs (NUP-8). */
export const NODE_COLORS = ["BLUE", "GREEN"] as const;
export type NodeColor = (typeof NODE_COLORS)[number];

/** API token roles. */
export const TOKEN_ROLES = ["admin", "operator", "viewer"] as const;
export type TokenRole = (typeof TOKEN_ROLES)[number];

/** Effects a simulated fault can inject. */
export const SIM_FAULT_EFFECTS = [
  "FAIL",
  "QUOTA_EXCEEDED",
  "IP_EXHAUSTED",
  "STUCK_DRAIN",
  "HEALTH_CHECK_FAIL",
] as const;
export type SimFaultEffect = (typeof SIM_FAULT_EFFECTS)[number];

/** What an auto-upgrade profile follows (EXT-5). */
export const PROFILE_CHANNELS = [
  "Stable",
  "Rapid",
  "NodeImage",
  "TargetKubernetesVersion",
] as const;
export type ProfileChannelName = (typeof PROFILE_CHANNELS)[number];

/** How a run chooses node images (RUN-6). */
export const NODE_IMAGE_SELECTIONS = ["Latest", "Consistent"] as const;
export type NodeImageSelectionName = (typeof NODE_IMAGE_SELECTIONS)[number];
