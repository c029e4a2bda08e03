import type { Channel, ChannelTargets } from "../channel/channel.ts";
import type { MinorEndOfLife } from "../channel/end-of-life.ts";
import type { Maintenance } from "../maintenance/maintenance.ts";
import type { Instant } from "../time/instant.ts";

/** SEQ-13: what a sequenced upgrade changes — control planes first, then nodes. */
export type SequencedUpgradeType = "CONTROL_PLANE" | "NODE";

/** SEQ-13 states of a group's upgrade, and of one cluster inside it. */
export type SequencedUpgradeState =
  | "INELIGIBLE"
  | "PENDING"
  | "IN_PROGRESS"
  | "SOAKING"
  | "FORCED_SOAKING"
  | "COMPLETE";

/**
 * Minor and patch upgrades are tracked apart (seed 000: "two upgrades of the same type and
 * version with different states"), so a group's upgrade is keyed by type, version and this.
 */
export type Tracking = "MINOR" | "PATCH";

/** What the host observed about one cluster of the group (inventory + status). */
export interface SequencedCluster {
  name: string;
  channel: Channel;
  /** How many team scopes the cluster belongs to (SEQ-3). */
  scopeCount: number;
  /** The control plane's observed version. */
  version: string;
  /** The lowest version among the cluster's node pools; undefined without pools. */
  nodeVersion?: string;
  /**
   * SEQ-8: when the control plane reached `version` at the latest, when the host knows; a
   * cluster upgraded by hand counts from here (else from when the group first saw it).
   */
  versionSince?: Instant;
  /** SEQ-8: when the nodes reached `nodeVersion` at the latest, when the host knows. */
  nodeVersionSince?: Instant;
  region: string;
  maintenance?: Maintenance;
  /** SEQ-11: the cluster's agent reported deprecated API usage. */
  deprecatedApiUsage?: boolean;
}

/** Everything a group's decision reads from the world, re-read on every pass. */
export interface GroupFacts {
  /** The group's name: a fleet, or `fleet/scope` for a team scope. */
  group: string;
  /** SEQ-2: a chain of team scopes (SEQ-3 applies) or of fleets. */
  kind: "FLEET" | "SCOPE";
  upstream?: string;
  /**
   * SEQ-1: the upstream named has no rollout configuration (it was removed from the
   * sequence in a race with this group's write); nothing will come from it.
   */
  upstreamMissing?: boolean;
  downstream?: string;
  defaultSoakSeconds: number;
  /** SEQ-7/SEQ-14: per-version soak overrides, 0..30 days. */
  soakOverrides: Readonly<Record<string, number>>;
  /** CH-1: each channel's current auto-upgrade targets. */
  targets: Readonly<Partial<Record<Channel, ChannelTargets>>>;
  /** CH-2: each channel's end-of-life dates per minor. */
  endOfLife?: Readonly<Partial<Record<Channel, MinorEndOfLife>>>;
  /** CH-2: the versions each channel's releases publish (targets and catalogue). */
  published?: Readonly<Partial<Record<Channel, readonly string[]>>>;
  /** CH-3: regions a version is published in; a version not listed is everywhere. */
  availability: Readonly<Record<string, readonly string[]>>;
  /**
   * SEQ-8: when each version first became an auto-upgrade target (its release's
   * availability); clusters that ran it before soak it from then.
   */
  targetSince?: Readonly<Record<string, Instant>>;
  clusters: readonly SequencedCluster[];
  /**
   * SEQ-20: rollouts (`rolloutKey`) a user paused: nothing of them starts in this group —
   * not its turn, not a cluster — while cluster upgrades already running finish and soaks
   * go on.
   */
  paused?: readonly string[];
}

/** One cluster's part in a group's upgrade. */
export interface MemberProgress {
  startedAt?: Instant;
  doneAt?: Instant;
  /** The last start failed with this message; the cluster is not retried automatically. */
  failed?: string;
}

/** A group's upgrade of one type to one version (SEQ-13), as persisted. */
export interface GroupUpgrade {
  type: SequencedUpgradeType;
  version: string;
  tracking: Tracking;
  createdAt: Instant;
  /** When the group's turn for this upgrade came. */
  startedAt?: Instant;
  /**
   * When the first of the group's cluster upgrades of this phase started: SEQ-10's 30
   * days run from here (seed 000: "30 days have passed since the upgrade started"), not
   * from the turn, which windows and exclusions may hold for weeks.
   */
  upgradesStartedAt?: Instant;
  /** When its soak started; `forced` when the 30 days ran out first (SEQ-10). */
  soakStartedAt?: Instant;
  forced?: boolean;
  /** The downstream was told this upgrade started (SEQ-12). */
  announced?: boolean;
  /** When the soak ended: the version is qualified by this group (SEQ-8). */
  completedAt?: Instant;
  /** SEQ-8: no cluster was upgraded by the group; they all reached the version by hand. */
  manual?: boolean;
  members: Record<string, MemberProgress>;
}

/**
 * What an upstream group tells its downstream (SEQ-8/SEQ-9), at most a few times per
 * release: it started a version, qualified one, qualified clashing versions, or is an
 * empty head.
 */
export type QualificationMessage =
  | {
      outcome: "QUALIFIED";
      type: SequencedUpgradeType;
      version: string;
      soakEndedAt: Instant;
      channel?: Channel;
    }
  | { outcome: "STARTED"; type: SequencedUpgradeType; version: string }
  | { outcome: "CLASH"; type: SequencedUpgradeType; versions: string[]; channel?: Channel }
  | { outcome: "EMPTY"; type: SequencedUpgradeType };

/** What the group has heard from its upstream, per type. */
export interface UpstreamKnowledge {
  /** Every version the upstream qualified, with when its soak ended. */
  qualified: Record<string, Instant>;
  /** Versions the upstream started rolling and has not qualified yet (SEQ-12). */
  started: Record<string, Instant>;
  /** The upstream's latest qualification word: a version, a clash, or empty. */
  latest?: QualificationMessage;
}

/** A group's whole sequencing state. */
export interface GroupState {
  upgrades: GroupUpgrade[];
  upstream: Record<SequencedUpgradeType, UpstreamKnowledge>;
  /** The last message sent downstream per type (its key), so each is sent once. */
  sent: Partial<Record<SequencedUpgradeType, string>>;
  /** The downstream `sent` went to; another (or none) has heard nothing yet (SEQ-1). */
  sentTo?: string;
}

/** A cluster's phase ended: its upgrade of `type` to `version`, and how. */
export interface UpgradeEnded {
  kind: "UPGRADE_ENDED";
  cluster: string;
  type: SequencedUpgradeType;
  version: string;
  outcome: "SUCCEEDED" | "FAILED";
  error?: string;
}

/** Something that happened to the group; every event carries the facts observed now. */
export type GroupEvent =
  | { kind: "EVALUATE"; facts: GroupFacts }
  | { kind: "UPSTREAM"; message: QualificationMessage; facts: GroupFacts }
  | (UpgradeEnded & { facts: GroupFacts });

/** What the host must do after a decision (persisted in its outbox first). */
export type GroupIntent =
  | { kind: "START_CONTROL_PLANE_UPGRADE"; cluster: string; version: string }
  | { kind: "START_NODE_UPGRADE"; cluster: string; version: string }
  | { kind: "NOTIFY_DOWNSTREAM"; downstream: string; message: QualificationMessage };

/** The sequencing machine's answer: like `Decision`, with host intents for commands. */
export interface GroupDecision {
  state: GroupState;
  intents: GroupIntent[];
  wakeAt?: Instant;
  notes: string[];
}
