import type { Decision } from "../machine/decision.ts";
import { isOneOf } from "../machine/states.ts";
import type {
  NodeConfig,
  NodePoolFacts,
  OperationEvent,
  OperationState,
} from "../node-pool/types.ts";
import type { ProviderEvent } from "../provider/commands.ts";
import type { RuleId } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import type { ManagedCluster } from "../version/skew.ts";

/** LIFE-1: the four cluster roles (API `role`). */
export type ClusterRole = "admin" | "user" | "hybrid" | "standalone";

/** LIFE-5: admin, hybrid and standalone clusters manage themselves. @example isSelfManaged("hybrid") // true */
export function isSelfManaged(role: ClusterRole): boolean {
  return role !== "user";
}

/**
 * How a cluster upgrade upgrades the worker pools (LIFE-3). IN_PLACE, bare metal's way
 * and the default (seed 003: a worker node's kubelet and container runtime are
 * upgraded): each machine is drained, upgraded and uncordoned, nothing is created.
 * STRATEGY: each pool through its own node-pool strategy (surge, blue-green, …), for
 * clusters on cloud machines: what update runs and rollout sequences use.
 */
export type WorkerPoolUpgrade = "IN_PLACE" | "STRATEGY";

/**
 * A provider diagnostic. A RUN_PREFLIGHT answer is one pass/fail for all of them
 * (PROVIDER_DIAGNOSTICS); a provider that reports node and network apart may say which.
 */
export interface Diagnostic {
  check: "NODE_DIAGNOSTICS" | "NETWORK_DIAGNOSTICS" | "PROVIDER_DIAGNOSTICS";
  passed: boolean;
  message: string;
}

/** An API the cluster's workloads still use, and the minor that removes it. */
export interface DeprecatedApiUse {
  api: string;
  /** The first minor without the API, e.g. "1.16". */
  removedIn: string;
  /** How often it is used, when the agent counted. */
  uses?: number;
}

/** What the preflight (LIFE-2) looks at; the caller reads it from the inventory. */
export interface PreflightFacts {
  cluster: string;
  role: ClusterRole;
  /** status.version: what the cluster runs now. */
  version: string;
  /** VER-6: every published version. */
  catalogue: readonly string[];
  /** VER-5, admin/hybrid: the user clusters it manages. */
  managedClusters?: readonly ManagedCluster[];
  /** VER-5, user: the version its admin runs. */
  adminVersion?: string;
  deprecatedApis?: readonly DeprecatedApiUse[];
  /** SEQ-11: the cluster is flagged for deprecated API usage (no API named). */
  deprecatedApiUsage?: boolean;
  /** Worker pools: their surge nodes must fit each zone's room (`freeCapacity`). */
  pools: readonly NodePoolFacts[];
  /** In place (the default) creates no surge node, so quota is only checked for STRATEGY. */
  workerPools?: WorkerPoolUpgrade;
  diagnostics?: readonly Diagnostic[];
}

export type PreflightCheck =
  | "VERSION_PATH"
  | "RELEASE_CATALOGUE"
  | "ADMIN_USER_SKEW"
  | "DEPRECATED_APIS"
  | "SURGE_QUOTA"
  | "NODE_DIAGNOSTICS"
  | "NETWORK_DIAGNOSTICS"
  | "PROVIDER_DIAGNOSTICS";

/** One finding; `message` is led by `rule` (EXT-9). */
export interface PreflightFinding {
  check: PreflightCheck;
  blocking: boolean;
  message: string;
  rule: RuleId;
}

/** `POST /v1/clusters/{cluster}/preflight` → this. */
export interface PreflightResult {
  passed: boolean;
  findings: PreflightFinding[];
  at: Instant;
}

/** Facts about the cluster an upgrade is planned from. */
export interface ClusterFacts extends PreflightFacts {
  /** Control-plane node pool size (LIFE-4 version map). */
  controlPlaneNodes: number;
  /** A separate control-plane load-balancer node pool, when the spec has one. */
  loadBalancerNodes?: number;
  /** LIFE-4: versions as last reported (admin/hybrid/standalone only for the first). */
  lifecycleControllersVersion?: string;
  manifestsVersion?: string;
}

/** `POST /v1/clusters/{cluster}/upgrade {version, useBootstrap?}` with its facts. */
export interface ClusterUpgradeRequest {
  operationId: string;
  facts: ClusterFacts;
  version: string;
  /** Worker pools keep their own image unless one is given for them, by pool name (RUN-6). */
  nodeImages?: Readonly<Record<string, string>>;
  /** LIFE-5: self-managed clusters only; upgrade through a temporary bootstrap cluster. */
  useBootstrap?: boolean;
}

/** Phases of a cluster upgrade, in LIFE-3/LIFE-5 order. */
export type ClusterUpgradePhase =
  | "PREFLIGHT"
  | "SPEC_SET"
  | "BOOTSTRAP"
  | "LIFECYCLE_CONTROLLERS"
  | "CONTROL_PLANE_LOAD_BALANCERS"
  | "CONTROL_PLANE_NODE_POOL"
  | "ADD_ONS_AND_LOAD_BALANCER_POOL"
  | "WORKER_NODE_POOLS"
  | "HEALTH_CHECKS"
  | "PIVOT_BACK"
  | "STATUS_SET";

/** What a step does. Components are provider commands; worker pools are host intents. */
export type StepAction =
  | { type: "SET_SPEC_VERSION" }
  | { type: "SET_STATUS_VERSION" }
  | { type: "RUN_PREFLIGHT" }
  | { type: "UPGRADE_CONTROL_PLANE"; drainsNodes: true }
  | { type: "UPGRADE_COMPONENT"; component: string; drainsNodes: boolean }
  | { type: "WORKER_POOL"; pool: string; target: NodeConfig; inPlace: boolean }
  | { type: "HEALTH_CHECKS" };

/** LIFE-7: which of the seed's expected downtimes a step has (plan.ts `DOWNTIME`). */
export type DowntimeKind =
  | "controlPlaneLoadBalancers"
  | "controlPlane"
  | "lifecycleControllers"
  | "operators"
  | "workloads";

/** LIFE-7: expected disruption of one component, known before the upgrade starts. */
export interface Downtime {
  expected: string;
  /** Upper bound in seconds where the seed gives one. */
  maxSeconds?: number;
  when: string;
}

/** One step of the plan (fixed at start) with its progress. */
export interface LifecycleStep {
  id: string;
  phase: ClusterUpgradePhase;
  action: StepAction;
  /** Step ids that must be DONE first. */
  after: string[];
  /** LIFE-7: the kind of its expected downtime (plan.ts `stepDowntime`); the text itself in steps stored before. */
  downtime?: DowntimeKind | Downtime;
  status: "PENDING" | "RUNNING" | "WAITING" | "DONE" | "FAILED";
  /** How often it was started; a retry after a failure counts up. */
  attempts: number;
  startedAt?: Instant;
  endedAt?: Instant;
  /** HEALTH_CHECKS: the first check, and when the next one is due while WAITING. */
  firstAt?: Instant;
  retryAt?: Instant;
  /** HEALTH_CHECKS: what the last failed check said (cleared when one passes). */
  lastFailure?: string;
  /** WORKER_POOL: the node-pool operation the host started for it. */
  poolOperation?: string;
  error?: string;
}

/** The cluster-upgrade operation: plain JSON the fleet object stores. */
export interface ClusterUpgrade {
  id: string;
  cluster: string;
  role: ClusterRole;
  from: string;
  target: string;
  useBootstrap: boolean;
  state: OperationState;
  phase: ClusterUpgradePhase;
  reason?: string;
  error?: string;
  /** VER-8: desired (set by the SET_SPEC_VERSION step) and observed versions. */
  spec: { version: string };
  status: { version: string };
  /** LIFE-5: who manages the cluster now; BOOTSTRAP keeps the target's status stale. */
  owner: "TARGET" | "BOOTSTRAP";
  steps: LifecycleStep[];
  /** LIFE-4: node counts by version at the start, per node pool. */
  nodeVersions: Record<string, Record<string, number>>;
  lifecycleControllersVersion?: string;
  manifestsVersion?: string;
  preflight: PreflightResult;
  startedAt: Instant;
  updatedAt: Instant;
  endedAt?: Instant;
  events: OperationEvent[];
  eventCount: number;
}

/**
 * The states a cluster upgrade ends in (LIFE-3: it never rolls back). A FAILED or
 * CANCELLED one moves on only when a user resumes it.
 */
export const CLUSTER_UPGRADE_TERMINAL_STATES = [
  "SUCCEEDED",
  "FAILED",
  "CANCELLED",
] as const satisfies readonly OperationState[];

/** @example isClusterUpgradeTerminal("FAILED") // true */
export const isClusterUpgradeTerminal = isOneOf(CLUSTER_UPGRADE_TERMINAL_STATES);

/** Something the host must do that is not a provider command. */
export type ClusterUpgradeIntent = {
  type: "START_POOL_UPGRADE";
  pool: string;
  target: NodeConfig;
  /** LIFE-3 on bare metal: drain, upgrade and uncordon the same machines. */
  inPlace: boolean;
  /**
   * VER-7: the control plane already runs this (its node pool is done), though
   * status.version still shows the old one until the upgrade succeeds (VER-8); plan the
   * pool upgrade against it.
   */
  controlPlaneVersion: string;
  /** A retry after a failed pool upgrade: resume or roll back this one first. */
  previousOperationId?: string;
};

/**
 * The facts a worker pool's own upgrade starts from when its cluster upgrade asks
 * (START_POOL_UPGRADE): planned against the control plane's new version (VER-7), in place
 * when the intent says so (LIFE-3, LIFE-6). Every host starts a pool from these.
 */
export function workerPoolFacts(facts: NodePoolFacts, intent: ClusterUpgradeIntent): NodePoolFacts {
  return {
    ...facts,
    controlPlaneVersion: intent.controlPlaneVersion,
    ...(intent.inPlace ? { inPlace: true } : {}),
  };
}

/** The host started a worker pool's own node-pool upgrade for an intent. */
export interface PoolUpgradeStarted {
  type: "POOL_UPGRADE_STARTED";
  pool: string;
  operationId: string;
  at: Instant;
}

/** That node-pool upgrade ended (or could not start: state FAILED with the refusal). */
export interface PoolUpgradeEnded {
  type: "POOL_UPGRADE_ENDED";
  pool: string;
  operationId: string;
  state: OperationState;
  error?: string;
  /** LIFE-4: the pool's nodes by version at the end (the host reads them from the pool's operation). */
  nodeVersions?: Record<string, number>;
  at: Instant;
}

export interface ClusterUpgradeTick {
  type: "TICK";
  at: Instant;
}

export type ClusterUpgradeEvent =
  | ProviderEvent
  | PoolUpgradeStarted
  | PoolUpgradeEnded
  | ClusterUpgradeTick;

/**
 * A lifecycle decision: the shared {@link Decision} plus the intents the host carries
 * out (worker pools run through their own node-pool machines, which the host owns).
 */
export interface ClusterUpgradeDecision extends Decision<ClusterUpgrade> {
  intents: ClusterUpgradeIntent[];
}
