import type { Decision } from "../machine/decision.ts";
import type { Maintenance } from "../maintenance/maintenance.ts";
import type { Instant } from "../time/instant.ts";

/** RUN-8: the states of a run and of each of its stages, groups and members. */
export type UpdateRunState =
  | "NotStarted"
  | "Running"
  | "Pending"
  | "Skipped"
  | "Stopped"
  | "Stopping"
  | "Failed"
  | "Completed";

/** RUN-5: what a member's upgrade changes. */
export type UpgradeType = "Full" | "ControlPlaneOnly" | "NodeImageOnly";

/** RUN-6: how the node image is chosen. */
export type NodeImageSelection = "Latest" | "Consistent";

/** The update goal (RUN-1): the upgrade and how its node image is chosen. */
export interface UpdateGoal {
  type: UpgradeType;
  /** Full and ControlPlaneOnly only. */
  kubernetesVersion?: string;
  nodeImageSelection: NodeImageSelection;
}

/** A member's node pool as the run sees it: its image (RUN-6, RUN-9) and version (RUN-9 Full). */
export interface MemberPool {
  name: string;
  nodeImage: string;
  /** Its Kubernetes version; absent in runs created before pools carried it. */
  version?: string;
}

/**
 * What the run knows of a member cluster: read from the inventory at creation, and read
 * again (EXT-8) each time the host brings the fleet's current view, so a member starts on
 * its facts as they are then.
 */
export interface MemberFacts {
  cluster: string;
  region: string;
  /** status.version. */
  version: string;
  maintenance?: Maintenance;
  pools: readonly MemberPool[];
}

/** A node image and the regions that publish it, in publication order (oldest first). */
export interface ImageAvailability {
  version: string;
  regions: readonly string[];
}

/** CH-3 facts a run checks members against (RUN-6, RUN-8). */
export interface Availability {
  /** Regions per Kubernetes version; a version not listed is available everywhere. */
  versionRegions: Readonly<Record<string, readonly string[]>>;
  /** Published node images, oldest first. */
  nodeImages: readonly ImageAvailability[];
}

export type GateWeekday =
  | "Sunday"
  | "Monday"
  | "Tuesday"
  | "Wednesday"
  | "Thursday"
  | "Friday"
  | "Saturday";

/** EXT-1: a ScheduledStart gate completes at the next `day` `time` in `utcOffset`. */
export interface ScheduledStart {
  day: GateWeekday;
  /** `HH:MM`. */
  time: string;
  /** `+HH:MM` or `-HH:MM`. */
  utcOffset: string;
}

/** EXT-1: a gate as a strategy declares it. */
export interface GateSpec {
  displayName?: string;
  type: "Approval" | "ScheduledStart";
  scheduledStart?: ScheduledStart;
  /** Approval: no token that started the run may approve it (SEC-11, four eyes). */
  separateApprover?: boolean;
}

/** SEC-11: a token acting on a run, as the run remembers it (never its secret). */
export interface RunActor {
  name: string;
  /** The token's public id; absent for a caller without one. */
  tokenId?: string;
}

/** EXT-1: a gate of a run's stage or group, with its progress. */
export interface RunGate {
  id: string;
  type: GateSpec["type"];
  timing: "Before" | "After";
  displayName?: string;
  scheduledStart?: ScheduledStart;
  state: "NotStarted" | "Pending" | "Completed" | "Skipped";
  pendingSince?: Instant;
  /** ScheduledStart: the instant it completes, fixed when it became Pending. */
  dueAt?: Instant;
  completedAt?: Instant;
  /** Approval: who approved it (the token's name). */
  approvedBy?: string;
  /** Approval: the approving token's public id (SEC-11). */
  approvedByToken?: string;
  /** Approval: no token that started the run may approve it (SEC-11). */
  separateApprover?: boolean;
}

/**
 * EXT-7: the health check a stage or group names, run after each of its members'
 * upgrades ends well: an HTTPS URL the control plane calls, or the provider's
 * HEALTH_CHECK command for the member's cluster.
 */
export type HealthCheckSpec = { url: string } | { provider: true };

/** EXT-7: a member's health check, from the request to its answer. */
export interface MemberHealthCheck {
  check: HealthCheckSpec;
  requestedAt: Instant;
  /** Absent while the check runs. */
  passed?: boolean;
  /** URL checks: the HTTP status of the answer, when one came. */
  statusCode?: number;
  /** What the check said, short (never a whole response body). */
  detail?: string;
  checkedAt?: Instant;
}

/** A count, or a share of the scope's members (`"25%"`), as strategies write them (EXT-2, EXT-3). */
export type Budget = number | `${number}%`;

/** A strategy's group (RUN-3): members join it by their cluster's `updateGroup`. */
export interface StrategyGroup {
  name: string;
  /** EXT-2: members in flight at once (default 1). */
  maxConcurrency?: Budget;
  /** EXT-3: failed members the group tolerates (default 0: RUN-11). */
  maxAllowedFailures?: Budget;
  /** EXT-1. */
  beforeGates?: GateSpec[];
  afterGates?: GateSpec[];
  /** EXT-7: checked after each member's upgrade; overrides the stage's. */
  healthCheck?: HealthCheckSpec;
}

/** A strategy's stage (RUN-2). */
export interface StrategyStage {
  name: string;
  groups: readonly StrategyGroup[];
  afterStageWaitSeconds?: number;
  /** EXT-2: members in flight at once over all its groups (default: what its groups allow together). */
  maxConcurrency?: Budget;
  /** EXT-3: failed members the stage tolerates (default 0: RUN-11). */
  maxAllowedFailures?: Budget;
  /** EXT-1. */
  beforeGates?: GateSpec[];
  afterGates?: GateSpec[];
  /** EXT-7: checked after each member's upgrade in a group that names none. */
  healthCheck?: HealthCheckSpec;
}

/** RUN-4: a named, reusable sequence of stages. */
export interface UpdateStrategy {
  stages: readonly StrategyStage[];
}

/**
 * Who skipped a member, group or stage: the user (RUN-12), the system (RUN-9), or the
 * fleet, when the member's cluster left it during the run (EXT-8).
 */
export type SkipOrigin = "user" | "system" | "fleet";

/** One member's progress. */
export interface RunMember {
  cluster: string;
  state: UpdateRunState;
  message?: string;
  skippedBy?: SkipOrigin;
  startedAt?: Instant;
  endedAt?: Instant;
  /** RUN-6: the image every pool moves to, when they all get the same one. */
  nodeImage?: string;
  /** RUN-6: each pool's image by pool name, when they differ (pools of several OS families). */
  nodeImages?: Record<string, string>;
  operationId?: string;
  /**
   * RUN-10: the end (or refused start) of the member's upgrade heard while the run was
   * stopped and not tracking it; shown when the run starts again.
   */
  untracked?: UntrackedEnd;
  /**
   * RUN-9 Consistent: the member's node pools when the run first started, the ones its
   * images were chosen for; a pool added since takes its OS family's image, and a skip
   * for one whose family has none says it was added later.
   */
  poolsAtStart?: string[];
  /** EXT-7: the health check after its upgrade, while it runs and once answered. */
  healthCheck?: MemberHealthCheck;
  facts: MemberFacts;
}

export interface RunGroup {
  name: string;
  /** Derived from the members on every pass (RUN-8, RUN-9, RUN-11). */
  state: UpdateRunState;
  message?: string;
  userSkipped?: boolean;
  /** EXT-2/EXT-3 resolved at creation; absent in runs created before them (1 and 0). */
  maxConcurrency?: number;
  maxAllowedFailures?: number;
  /** EXT-1: absent in runs created before gates. */
  gates?: RunGate[];
  /** EXT-7: copied from the strategy; absent in runs created before health gates. */
  healthCheck?: HealthCheckSpec;
  members: RunMember[];
}

export interface RunStage {
  name: string;
  state: UpdateRunState;
  message?: string;
  userSkipped?: boolean;
  afterStageWaitSeconds?: number;
  /** EXT-2/EXT-3 resolved at creation; absent in runs created before them (50 and 0). */
  maxConcurrency?: number;
  maxAllowedFailures?: number;
  /** EXT-1: absent in runs created before gates. */
  gates?: RunGate[];
  /** EXT-7: copied from the strategy; absent in runs created before health gates. */
  healthCheck?: HealthCheckSpec;
  /** RUN-2: set when every group is terminal; the next stage starts at this instant. */
  afterStageWaitEndsAt?: Instant;
  /** The wait has passed (or there was none) and every group is terminal. */
  done?: boolean;
  groups: RunGroup[];
}

/** One update run: the copied sequence (RUN-4) and the whole status tree. */
export interface UpdateRun {
  name: string;
  fleet: string;
  goal: UpdateGoal;
  /** Which strategy it was copied from, if any. */
  strategy?: string;
  state: UpdateRunState;
  message?: string;
  createdAt: Instant;
  startedAt?: Instant;
  /** SEC-11: every token that started it (the first start and each start again), each once. */
  startedBy?: RunActor[];
  endedAt?: Instant;
  /** RUN-10: the user stopped it; no member starts until it is started again. */
  stopped: boolean;
  /** RUN-11: the first failure's summary; nothing further is attempted. */
  failure?: string;
  /** RUN-6 Consistent: chosen once, at the first start (the image, when one OS family). */
  nodeImage?: string;
  /** RUN-6 Consistent: the image chosen at the first start for each OS family, by family. */
  consistentImages?: Record<string, string>;
  availability: Availability;
  stages: RunStage[];
}

/** What the host carries out: start one member's upgrade (RUN-5). */
export interface StartMemberIntent {
  type: "START_MEMBER";
  cluster: string;
  upgrade: UpgradeType;
  kubernetesVersion?: string;
  /** RUN-6: the image every pool of the member's OS family moves to. */
  nodeImage?: string;
  /** RUN-6: each pool's image by pool name, when the pools get different ones. */
  nodeImages?: Record<string, string>;
  /**
   * EXT-7: the member's scope names a health check, so the fleet also checks blue-green
   * node pools when they enter their node-pool soak (a failure rolls the pool back).
   */
  healthCheck?: HealthCheckSpec;
}

/**
 * EXT-7: what the host carries out after a member's upgrade ended well: the health check
 * of its scope; its answer comes back as HEALTH_CHECKED.
 */
export interface CheckHealthIntent {
  type: "CHECK_HEALTH";
  cluster: string;
  check: HealthCheckSpec;
  /** Tells this check from an earlier one of the same member (EXT-4 retries). */
  requestedAt: Instant;
}

/** A skip request target (RUN-12). */
export interface SkipTarget {
  type: "Member" | "Group" | "Stage";
  name: string;
}

/**
 * EXT-8: how a member's cluster left the run's fleet. Where a moved cluster went is not
 * kept: the run's readers may not read that fleet.
 */
export interface MemberDeparture {
  cluster: string;
  reason: "deleted" | "moved";
}

/**
 * EXT-8: the run's members as the fleet holds them now, read by the host before a pass.
 * Members named in neither list were not looked at and keep what the run knows; clusters
 * that are not members are never pulled in.
 */
export interface FleetMembership {
  /** Member clusters still in the fleet, with their facts as they are now. */
  present: readonly MemberFacts[];
  /** Member clusters that left the fleet. */
  departed: readonly MemberDeparture[];
}

/** Events the run machine takes. */
export type UpdateRunEvent =
  | { type: "START"; at: Instant; by?: RunActor }
  | { type: "STOP"; at: Instant }
  | { type: "SKIP"; targets: readonly SkipTarget[]; at: Instant }
  /** EXT-4: retry the Failed and system-Skipped members of a Failed or Stopped run. */
  | { type: "RETRY"; at: Instant }
  /** EXT-1: a person approves an Approval gate. */
  | { type: "APPROVE"; gate: string; at: Instant; by?: RunActor }
  /**
   * Time passed; the host may bring fresher region availability (CH-3) and the members
   * as the fleet holds them now (EXT-8).
   */
  | { type: "TICK"; at: Instant; availability?: Availability; membership?: FleetMembership }
  | { type: "MEMBER_STARTED"; cluster: string; operationId: string; at: Instant }
  /**
   * The fleet refused to start the member (a blocking preflight finding, or it is already
   * there: a manual upgrade that ended since the run looked). Sent after a TICK with the
   * member's facts as they are now, so the run can tell the two apart (RUN-9, RUN-11).
   */
  | { type: "MEMBER_START_REFUSED"; cluster: string; message: string; at: Instant }
  | {
      type: "MEMBER_ENDED";
      cluster: string;
      succeeded: boolean;
      message?: string;
      at: Instant;
    }
  /** EXT-7: the answer of the member's health check (or the host giving up on it). */
  | {
      type: "HEALTH_CHECKED";
      cluster: string;
      passed: boolean;
      detail: string;
      statusCode?: number;
      /** The check it answers; an answer to an earlier check is ignored. */
      requestedAt?: Instant;
      at: Instant;
    };

/** RUN-10: what a member's upgrade did while its stopped run was not tracking it. */
export type UntrackedEnd = Extract<
  UpdateRunEvent,
  { type: "MEMBER_ENDED" } | { type: "MEMBER_START_REFUSED" } | { type: "HEALTH_CHECKED" }
>;

/** A run decision: the shared `Decision` plus the members to start and to check (EXT-7). */
export interface UpdateRunDecision extends Decision<UpdateRun> {
  intents: StartMemberIntent[];
  checks: CheckHealthIntent[];
}
