import type { OperationEvent, OperationState } from "../node-pool/types.ts";
import type { Instant } from "../time/instant.ts";
import { stepDowntime } from "./plan.ts";
import type {
  ClusterUpgrade,
  ClusterUpgradePhase,
  Downtime,
  LifecycleStep,
  PreflightResult,
} from "./types.ts";
import { isSelfManaged } from "./types.ts";

/** One component (step) as LIFE-4 shows it. */
export interface ComponentStatus {
  id: string;
  phase: ClusterUpgradePhase;
  state: LifecycleStep["status"];
  /** The version it runs: the target once its step is done, the old one before. */
  version: string;
  attempts: number;
  poolOperation?: string;
  error?: string;
  /** Why it waits (EXT-9), led by its rule. */
  reason?: string;
  /** HEALTH_CHECKS while they fail (LIFE-3): since when, what the last said, the next. */
  failingSince?: Instant;
  lastFailure?: string;
  nextAttemptAt?: Instant;
}

/** LIFE-4: the control-plane or load-balancer node pool's status. */
export interface LifecycleNodePoolStatus {
  version: string;
  nodeCount: number;
  state: "READY" | "UPGRADING" | "FAILED";
}

/** LIFE-4: the status fields a cluster shows at all times, upgrading or not. */
export interface ClusterLifecycleStatus {
  spec: { version: string };
  status: { version: string };
  controlPlaneNodePool: LifecycleNodePoolStatus;
  loadBalancerNodePool?: LifecycleNodePoolStatus;
  /** Version → number of nodes on it, over every node pool. */
  versions: Record<string, number>;
  /** Admin, hybrid and standalone clusters only. */
  lifecycleControllersManifestsVersion?: string;
  manifestsVersion?: string;
}

/** LIFE-4: the cluster's status fields while (and after) it upgrades. */
export interface ClusterUpgradeStatusView extends ClusterLifecycleStatus {
  /** LIFE-5 with a bootstrap: the target's own resources are stale, progress is here. */
  statusStale: boolean;
  owner: ClusterUpgrade["owner"];
  components: ComponentStatus[];
}

/** `GET /v1/operations/{id}` for a cluster upgrade. */
export interface ClusterUpgradeOperationView {
  id: string;
  kind: "CLUSTER_UPGRADE";
  target: { cluster: string; version: string; useBootstrap: boolean };
  state: OperationState;
  phase: ClusterUpgradePhase;
  reason?: string;
  progress: { done: number; total: number };
  /** LIFE-7: expected disruption per component, fixed before the upgrade started. */
  downtime: Array<{ component: string } & Downtime>;
  preflight: PreflightResult;
  /** LIFE-3: cluster health checks that keep failing, while they do. */
  healthChecks?: {
    failingSince: Instant;
    attempts: number;
    lastFailure: string;
    nextAttemptAt?: Instant;
  };
  events: OperationEvent[];
  eventCount: number;
  error?: string;
  startedAt: Instant;
  updatedAt: Instant;
  endedAt?: Instant;
}

function waitingPool(
  op: ClusterUpgrade,
  poolReason: (operationId: string) => string | undefined,
): string | undefined {
  for (const step of op.steps) {
    if (step.action.type !== "WORKER_POOL" || step.status !== "RUNNING") continue;
    const reason = step.poolOperation === undefined ? undefined : poolReason(step.poolOperation);
    if (reason !== undefined) return `${reason} (worker node pool ${step.action.pool})`;
  }
  return undefined;
}

const NODE_POOL_STEPS: Record<string, string> = {
  "control-plane": "control-plane-node-pool",
  "load-balancer": "load-balancer-node-pool",
};

/**
 * LIFE-4: per-component versions and states, the version → node count map, and the
 * lifecycle-controller manifests version for self-managed clusters.
 *
 * @example clusterUpgradeView(op).versions // { "1.14.3": 6, "1.15.11": 3 }
 */
export function clusterUpgradeView(op: ClusterUpgrade): ClusterUpgradeStatusView {
  const components = op.steps
    .filter((s) => s.action.type !== "SET_SPEC_VERSION" && s.action.type !== "SET_STATUS_VERSION")
    .map((s) => {
      const c: ComponentStatus = {
        id: s.id,
        phase: s.phase,
        state: s.status,
        version: s.status === "DONE" ? op.target : op.from,
        attempts: s.attempts,
      };
      if (s.poolOperation !== undefined) c.poolOperation = s.poolOperation;
      if (s.error !== undefined) c.error = s.error;
      if (s.lastFailure !== undefined) {
        c.lastFailure = s.lastFailure;
        // EXT-9: a component waiting to check again says which rule keeps it waiting.
        if (s.status === "WAITING")
          c.reason = `LIFE-3: health checks repeat until all pass; the last failed: ${s.lastFailure}`;
        if (s.firstAt !== undefined) c.failingSince = s.firstAt;
        if (s.retryAt !== undefined) c.nextAttemptAt = s.retryAt;
      }
      return c;
    });
  const versions: Record<string, number> = {};
  for (const [pool, counts] of Object.entries(op.nodeVersions)) {
    const stepId = NODE_POOL_STEPS[pool];
    const done = stepId !== undefined && op.steps.find((s) => s.id === stepId)?.status === "DONE";
    for (const [version, count] of Object.entries(counts)) {
      const shown = done ? op.target : version;
      versions[shown] = (versions[shown] ?? 0) + count;
    }
  }
  const view: ClusterUpgradeStatusView = {
    spec: { ...op.spec },
    status: { ...op.status },
    statusStale: op.owner === "BOOTSTRAP",
    owner: op.owner,
    components,
    controlPlaneNodePool: poolStatus(op, "control-plane"),
    versions,
  };
  if (op.nodeVersions["load-balancer"] !== undefined) {
    view.loadBalancerNodePool = poolStatus(op, "load-balancer");
  }
  if (isSelfManaged(op.role) && op.lifecycleControllersVersion !== undefined) {
    view.lifecycleControllersManifestsVersion = op.lifecycleControllersVersion;
  }
  if (op.manifestsVersion !== undefined) view.manifestsVersion = op.manifestsVersion;
  return view;
}

/** A lifecycle node pool (control plane, load balancer) as its upgrade step has it. */
function poolStatus(
  op: ClusterUpgrade,
  pool: "control-plane" | "load-balancer",
): LifecycleNodePoolStatus {
  const step = op.steps.find((s) => s.id === NODE_POOL_STEPS[pool]);
  const nodeCount = Object.values(op.nodeVersions[pool] ?? {}).reduce((a, b) => a + b, 0);
  const done = step?.status === "DONE";
  const state =
    step?.status === "FAILED"
      ? "FAILED"
      : step?.status === "RUNNING" || step?.status === "WAITING"
        ? "UPGRADING"
        : "READY";
  return { version: done ? op.target : op.from, nodeCount, state };
}

/**
 * LIFE-4: control-plane nodes when the cluster does not say: seed 003's table of expected
 * downtimes assumes a highly available control plane.
 */
export const DEFAULT_CONTROL_PLANE_NODES = 3;

/** What a cluster that is not upgrading is known to run (the inventory's facts). */
export interface RestingCluster {
  role: ClusterUpgrade["role"];
  specVersion: string;
  statusVersion: string;
  controlPlaneNodes: number;
  loadBalancerNodes?: number;
  /** Worker nodes by version, as the inventory lists them. */
  workerVersions: Readonly<Record<string, number>>;
}

/**
 * LIFE-4 when no upgrade runs: every lifecycle component runs status.version (an upgrade
 * moves them all, and status.version only moves when it succeeded), the control-plane and
 * load-balancer pools are ready on it, and worker nodes count by what they run.
 *
 * @example restingClusterStatus({ role: "user", specVersion: "1.15.11", statusVersion: "1.15.11", controlPlaneNodes: 3, workerVersions: { "1.15.11": 4 } }).versions // { "1.15.11": 7 }
 */
export function restingClusterStatus(cluster: RestingCluster): ClusterLifecycleStatus {
  const version = cluster.statusVersion;
  const versions: Record<string, number> = { ...cluster.workerVersions };
  const lb = cluster.loadBalancerNodes ?? 0;
  versions[version] = (versions[version] ?? 0) + cluster.controlPlaneNodes + lb;
  const view: ClusterLifecycleStatus = {
    spec: { version: cluster.specVersion },
    status: { version },
    controlPlaneNodePool: { version, nodeCount: cluster.controlPlaneNodes, state: "READY" },
    versions,
    manifestsVersion: version,
  };
  if (cluster.loadBalancerNodes !== undefined) {
    view.loadBalancerNodePool = { version, nodeCount: cluster.loadBalancerNodes, state: "READY" };
  }
  if (isSelfManaged(cluster.role)) view.lifecycleControllersManifestsVersion = version;
  return view;
}

/**
 * The operation as the API shows it, like node-pool's `operationView`. `poolReason`
 * reads why a worker pool's own operation is not progressing (NUP-6 waiting for
 * capacity, MW-4 paused): a running upgrade without a reason of its own shows the first
 * such one, so a member of a run or a rollout says why it waits.
 *
 * @example clusterUpgradeOperationView(op, (id) => reasons[id]).reason // "NUP-6: … (worker node pool np-a)"
 */
export function clusterUpgradeOperationView(
  op: ClusterUpgrade,
  poolReason?: (operationId: string) => string | undefined,
): ClusterUpgradeOperationView {
  const view: ClusterUpgradeOperationView = {
    id: op.id,
    kind: "CLUSTER_UPGRADE",
    target: { cluster: op.cluster, version: op.target, useBootstrap: op.useBootstrap },
    state: op.state,
    phase: op.phase,
    progress: {
      done: op.steps.filter((s) => s.status === "DONE").length,
      total: op.steps.length,
    },
    downtime: op.steps.flatMap((s) => {
      const downtime = stepDowntime(s);
      return downtime === undefined ? [] : [{ component: s.id, ...downtime }];
    }),
    preflight: op.preflight,
    events: op.events,
    eventCount: op.eventCount,
    startedAt: op.startedAt,
    updatedAt: op.updatedAt,
  };
  if (op.reason !== undefined) view.reason = op.reason;
  else if (op.state === "RUNNING" && poolReason !== undefined) {
    const waiting = waitingPool(op, poolReason);
    if (waiting !== undefined) view.reason = waiting;
  }
  if (op.error !== undefined) view.error = op.error;
  if (op.endedAt !== undefined) view.endedAt = op.endedAt;
  const checks = op.steps.find((s) => s.action.type === "HEALTH_CHECKS");
  if (checks?.lastFailure !== undefined && checks.status === "WAITING") {
    view.healthChecks = {
      failingSince: checks.firstAt ?? checks.startedAt ?? op.updatedAt,
      attempts: checks.attempts,
      lastFailure: checks.lastFailure,
    };
    if (checks.retryAt !== undefined) view.healthChecks.nextAttemptAt = checks.retryAt;
  }
  return view;
}
