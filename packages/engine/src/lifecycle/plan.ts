import { exponentialBackoff } from "../time/backoff.ts";
import { MINUTE } from "../time/instant.ts";
import { compareVersions } from "../version/compare.ts";
import { tryParseVersion } from "../version/version.ts";
import type {
  ClusterUpgradePhase,
  ClusterUpgradeRequest,
  Downtime,
  DowntimeKind,
  LifecycleStep,
  StepAction,
} from "./types.ts";
import { isSelfManaged } from "./types.ts";

/** LIFE-5: self-managed clusters upgrade in place to this version and later (seed 003). */
export const IN_PLACE_FROM = "1.15.0";

/**
 * LIFE-5: whether a self-managed cluster's upgrade goes through a bootstrap cluster: when
 * asked (`useBootstrap`), and always to a version below {@link IN_PLACE_FROM} — seed 003:
 * "Ab bmctl-Version 1.15.0 ist das standardmäßige Upgradeverhalten … ein direktes Upgrade".
 *
 * @example throughBootstrap({ ...request, version: "1.14.3" }) // true for an admin cluster
 */
export function throughBootstrap(request: ClusterUpgradeRequest): boolean {
  if (!isSelfManaged(request.facts.role)) return false;
  if (request.useBootstrap === true) return true;
  const target = tryParseVersion(request.version);
  const from = tryParseVersion(IN_PLACE_FROM);
  return target !== undefined && from !== undefined && compareVersions(target, from) < 0;
}

/**
 * LIFE-3: health checks "repeat until all pass" (seed 003: "bis alle Prüfungen
 * bestanden"): never given up on; the operator cancels an upgrade whose checks keep
 * failing. Between a failed check and the next: 1 minute, doubling up to 10, so a
 * cluster that stays unhealthy for days is asked a few times an hour.
 */
export const healthCheckWait = exponentialBackoff({ first: MINUTE, max: 10 * MINUTE });
/** LIFE-6: a node still draining after 20 minutes is passed, its pods left stuck. */
export const LIFECYCLE_DRAIN_LIMIT = 20 * MINUTE;

/** LIFE-7, from the seed's table of expected downtimes (HA control plane assumed). */
export const DOWNTIME = {
  controlPlaneLoadBalancers: {
    expected: "brief: haproxy and keepalived forward no traffic for under 1–2 minutes",
    maxSeconds: 120,
    when: "at the start of the upgrade",
  },
  controlPlane: {
    expected: "none: kube-apiserver, etcd and scheduler stay available",
    maxSeconds: 0,
    when: "while the control-plane node pool upgrades",
  },
  lifecycleControllers: {
    expected: "none",
    maxSeconds: 0,
    when: "before the components (self-managed clusters)",
  },
  operators: {
    expected:
      "each operator (observability, CNI, MetalLB, local volumes, Istio, others) is drained and upgraded: under 5 minutes; DaemonSets, routes, services and ingress keep working",
    maxSeconds: 300,
    when: "after the control-plane node pool",
  },
  workloads: {
    expected: "depends on the workload's own setup (replicas, high availability)",
    when: "while its worker node pool upgrades",
  },
} as const satisfies Record<DowntimeKind, Downtime>;

/**
 * LIFE-7: a step's expected downtime. A step keeps only its kind (the sentences are
 * the same for every cluster, and every write of an upgrade would carry them); steps
 * stored before that keep the whole text, which is read as it is.
 */
export function stepDowntime(step: Pick<LifecycleStep, "downtime">): Downtime | undefined {
  const { downtime } = step;
  return typeof downtime === "string" ? DOWNTIME[downtime] : downtime;
}

function step(
  id: string,
  phase: ClusterUpgradePhase,
  action: StepAction,
  after: string[],
  downtime?: DowntimeKind,
): LifecycleStep {
  const planned: LifecycleStep = { id, phase, action, after, status: "PENDING", attempts: 0 };
  if (downtime !== undefined) planned.downtime = downtime;
  return planned;
}

function component(name: string, drainsNodes = false): StepAction {
  return { type: "UPGRADE_COMPONENT", component: name, drainsNodes };
}

/** The step id of a worker pool. @example poolStepId("default") // "pool/default" */
export function poolStepId(pool: string): string {
  return `pool/${pool}`;
}

/**
 * The whole upgrade as steps with their dependencies (LIFE-3, LIFE-5, LIFE-7). A user
 * cluster: preflight; spec.version; control-plane load balancers; control-plane node
 * pool; then side by side connect agent, add-ons and the load-balancer node pool; every
 * worker pool after that pool (side by side: the seed orders them only after it); health
 * checks; status.version. Self-managed clusters in place first deploy the new preflight
 * operator, and after spec.version the lifecycle controllers upgrade themselves and
 * deploy the cluster operator that runs the rest. With `useBootstrap` a bootstrap cluster
 * is created and takes ownership (pivot) instead, and after the health checks ownership
 * pivots back and the bootstrap is deleted; the lifecycle controllers are then upgraded
 * with the add-ons, since nothing on the target runs the upgrade.
 *
 * @example planSteps(request).map((s) => s.id)
 * // ["preflight", "spec-version", "control-plane-load-balancers", "control-plane-node-pool", …]
 */
export function planSteps(request: ClusterUpgradeRequest): LifecycleStep[] {
  const { facts } = request;
  const selfManaged = isSelfManaged(facts.role);
  const bootstrap = throughBootstrap(request);
  const steps: LifecycleStep[] = [];
  let last: string[] = [];
  const add = (s: LifecycleStep): void => {
    steps.push(s);
  };
  if (selfManaged && !bootstrap) {
    add(step("preflight-operator", "PREFLIGHT", component("preflightcheck-operator"), []));
    last = ["preflight-operator"];
  }
  add(step("preflight", "PREFLIGHT", { type: "RUN_PREFLIGHT" }, last));
  add(step("spec-version", "SPEC_SET", { type: "SET_SPEC_VERSION" }, ["preflight"]));
  last = ["spec-version"];
  if (bootstrap) {
    add(step("create-bootstrap", "BOOTSTRAP", component("bootstrap-cluster"), last));
    add(
      step("pivot-to-bootstrap", "BOOTSTRAP", component("pivot-to-bootstrap"), [
        "create-bootstrap",
      ]),
    );
    last = ["pivot-to-bootstrap"];
  } else if (selfManaged) {
    const controllers: DowntimeKind = "lifecycleControllers";
    add(
      step(
        "lifecycle-controllers",
        "LIFECYCLE_CONTROLLERS",
        component("lifecycle-controllers-manager"),
        last,
        controllers,
      ),
    );
    add(
      step(
        "cluster-operator",
        "LIFECYCLE_CONTROLLERS",
        component("cluster-operator"),
        ["lifecycle-controllers"],
        controllers,
      ),
    );
    last = ["cluster-operator"];
  }
  add(
    step(
      "control-plane-load-balancers",
      "CONTROL_PLANE_LOAD_BALANCERS",
      component("control-plane-load-balancers"),
      last,
      "controlPlaneLoadBalancers",
    ),
  );
  add(
    step(
      "control-plane-node-pool",
      "CONTROL_PLANE_NODE_POOL",
      { type: "UPGRADE_CONTROL_PLANE", drainsNodes: true },
      ["control-plane-load-balancers"],
      "controlPlane",
    ),
  );
  const cp = ["control-plane-node-pool"];
  const group: string[] = [];
  const parallel = (id: string, action: StepAction, downtime?: DowntimeKind): void => {
    add(step(id, "ADD_ONS_AND_LOAD_BALANCER_POOL", action, cp, downtime));
    group.push(id);
  };
  parallel("connect-agent", component("connect-agent"), "operators");
  parallel("cluster-add-ons", component("cluster-add-ons"), "operators");
  if (bootstrap) {
    parallel(
      "lifecycle-controllers",
      component("lifecycle-controllers-manager"),
      "lifecycleControllers",
    );
  }
  let poolsAfter = cp;
  if (facts.loadBalancerNodes !== undefined) {
    parallel(
      "load-balancer-node-pool",
      component("load-balancer-node-pool", true),
      "controlPlaneLoadBalancers",
    );
    poolsAfter = ["load-balancer-node-pool"];
  }
  const pools = [...facts.pools].sort((a, b) => (a.pool < b.pool ? -1 : a.pool > b.pool ? 1 : 0));
  const inPlace = (facts.workerPools ?? "IN_PLACE") === "IN_PLACE";
  for (const pool of pools) {
    const target = {
      version: request.version,
      nodeImage: request.nodeImages?.[pool.pool] ?? pool.nodes[0]?.nodeImage ?? "",
    };
    add(
      step(
        poolStepId(pool.pool),
        "WORKER_NODE_POOLS",
        { type: "WORKER_POOL", pool: pool.pool, target, inPlace },
        poolsAfter,
        "workloads",
      ),
    );
    group.push(poolStepId(pool.pool));
  }
  add(step("health-checks", "HEALTH_CHECKS", { type: "HEALTH_CHECKS" }, group));
  last = ["health-checks"];
  if (bootstrap) {
    add(step("pivot-back", "PIVOT_BACK", component("pivot-back"), last));
    add(step("delete-bootstrap", "PIVOT_BACK", component("delete-bootstrap"), ["pivot-back"]));
    last = ["delete-bootstrap"];
  }
  add(step("status-version", "STATUS_SET", { type: "SET_STATUS_VERSION" }, last));
  return steps;
}
