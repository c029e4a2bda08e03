import type { OperationEvent, OperationState } from "../node-pool/types.ts";
import type { Instant } from "../time/instant.ts";
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
  /** HEALTH_CHECKS while they fail (LIFE-3): since when, what the last said, the next. */
  failingSince?: Instant;
  lastFailure?: string;
  nextAttemptAt?: Instant;
}

/** LIFE-4: the cluster's status fields while (and after) it upgrades. */
export interface ClusterUpgradeStatusView {
  spec: { version: string };
  status: { version: string };
  /** LIFE-5 with a bootstrap: the target's own resources are stale, progress is here. */
  statusStale: boolean;
  owner: ClusterUpgrade["owner"];
  components: ComponentStatus[];
  /** Version → number of nodes on it, over every node pool. */
  versions: Record<string, number>;
  /** Admin, hybrid and standalone clusters only. */
  lifecycleControllersManifestsVersion?: string;
  manifestsVersion?: string;
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
    versions,
  };
  if (isSelfManaged(op.role) && op.lifecycleControllersVersion !== undefined) {
    view.lifecycleControllersManifestsVersion = op.lifecycleControllersVersion;
  }
  if (op.manifestsVersion !== undefined) view.manifestsVersion = op.manifestsVersion;
  return view;
}

/**
 * The operation as the API shows it, like node-pool's `operationView`.
 *
 * @example clusterUpgradeOperationView(op).kind // "CLUSTER_UPGRADE"
 */
export function clusterUpgradeOperationView(op: ClusterUpgrade): ClusterUpgradeOperationView {
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
    downtime: op.steps.flatMap((s) => (s.downtime ? [{ component: s.id, ...s.downtime }] : [])),
    preflight: op.preflight,
    events: op.events,
    eventCount: op.eventCount,
    startedAt: op.startedAt,
    updatedAt: op.updatedAt,
  };
  if (op.reason !== undefined) view.reason = op.reason;
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
