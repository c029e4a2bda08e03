import type { PoolScalingPolicy } from "../node-pool/scaling.ts";
import type { NodeColor, NodeConfig, NodeState } from "../node-pool/types.ts";
import type { RuleId } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";

/** Requests or capacity in the three dimensions the autoscaler packs by (CA-2). */
export interface Resources {
  cpuMillis: number;
  memoryMiB: number;
  /** GPUs or TPU chips (`nvidia.com/gpu`, `google.com/tpu`). */
  accelerators: number;
}

/** One container's requests as the workloads snapshot carries them (API.md). */
export interface ContainerRequests {
  cpuMillis: number;
  memoryMiB: number;
  accelerators?: number;
}

/**
 * One node-affinity expression (Kubernetes' NodeSelectorRequirement); `Gt`/`Lt` compare
 * the label as an integer with the one value given.
 */
export interface NodeSelectorRequirement {
  key: string;
  operator: "In" | "NotIn" | "Exists" | "DoesNotExist" | "Gt" | "Lt";
  values?: string[];
}

/** Kubernetes' NodeSelectorTerm: every expression holds. `matchFields` is not simulated. */
export interface NodeSelectorTerm {
  matchExpressions?: NodeSelectorRequirement[];
  matchFields?: NodeSelectorRequirement[];
}

/** Kubernetes' NodeAffinity: a node matching any required term; preferences are soft. */
export interface NodeAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: { nodeSelectorTerms: NodeSelectorTerm[] };
  preferredDuringSchedulingIgnoredDuringExecution?: {
    weight: number;
    preference: NodeSelectorTerm;
  }[];
}

/** One expression of a Kubernetes label selector. */
export interface LabelSelectorRequirement {
  key: string;
  operator: "In" | "NotIn" | "Exists" | "DoesNotExist";
  values?: string[];
}

/** Kubernetes' LabelSelector: every label and every expression holds. */
export interface LabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: LabelSelectorRequirement[];
}

/**
 * A pod (anti-)affinity term in the snapshot's simple form. Only the node (hostname)
 * topology is simulated for pods; zone spreading is expressed through node selectors /
 * node affinity on `topology.kubernetes.io/zone`.
 */
export interface PodAffinityTerm {
  /** Labels the other pod must carry (all of them). */
  labelSelector: Record<string, string>;
  topologyKey?: "kubernetes.io/hostname";
}

/** Kubernetes' PodAffinityTerm; namespaces are not simulated (all pods are compared). */
export interface KubernetesPodAffinityTerm {
  labelSelector?: LabelSelector;
  topologyKey: string;
  namespaces?: string[];
  namespaceSelector?: LabelSelector;
}

/** Kubernetes' PodAffinity / PodAntiAffinity: required terms, and soft preferences. */
export interface KubernetesPodAffinity {
  requiredDuringSchedulingIgnoredDuringExecution?: KubernetesPodAffinityTerm[];
  preferredDuringSchedulingIgnoredDuringExecution?: {
    weight: number;
    podAffinityTerm: KubernetesPodAffinityTerm;
  }[];
}

/**
 * A pod's affinity: the snapshot's simple form (lists of required terms) or Kubernetes'
 * own (`requiredDuringSchedulingIgnoredDuringExecution`, `preferred…`), as an agent copies
 * it from the pod spec.
 */
export interface PodAffinity {
  nodeAffinity?: NodeSelectorRequirement[] | NodeAffinity;
  podAffinity?: PodAffinityTerm[] | KubernetesPodAffinity;
  podAntiAffinity?: PodAffinityTerm[] | KubernetesPodAffinity;
}

/** How strongly a taint keeps pods away. */
export type TaintEffect = "NoSchedule" | "PreferNoSchedule" | "NoExecute";

/** A node taint (a pool's `--node-taints`). */
export interface Taint {
  key: string;
  value?: string;
  effect: TaintEffect;
}

/** Kubernetes' Toleration. */
export interface Toleration {
  key?: string;
  operator?: "Equal" | "Exists";
  value?: string;
  effect?: TaintEffect;
  tolerationSeconds?: number;
}

/** Kubernetes' TopologySpreadConstraint (not simulated: named in the decision). */
export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: "DoNotSchedule" | "ScheduleAnyway";
  labelSelector?: LabelSelector;
  minDomains?: number;
}

/** A pod of the workloads snapshot (API.md `PUT /v1/clusters/{cluster}/workloads`). */
export interface AutoscalerPod {
  name: string;
  namespace?: string;
  /** The node it runs on; absent (or a node that is gone or draining) means pending. */
  node?: string;
  /** PriorityClass value; CA-12: below −10 never triggers a scale up. Default 0. */
  priority?: number;
  /** Kind of the owning controller (`ReplicaSet`, `StatefulSet`, `Job`, …); null = none (CA-7). */
  controller?: string | null;
  containers: ContainerRequests[];
  initContainers?: ContainerRequests[];
  annotations?: Record<string, string>;
  labels?: Record<string, string>;
  /** Uses local storage (emptyDir / local PV); blocks scale down below control plane 1.22 (CA-7). */
  localStorage?: boolean;
  affinity?: PodAffinity;
  nodeSelector?: Record<string, string>;
  /** Taints of a node it may land on (CA-3); pools' NoSchedule/NoExecute taints need one. */
  tolerations?: Toleration[];
  /** Not simulated; named in the decision (seed 001: DoNotSchedule is not supported). */
  topologySpreadConstraints?: TopologySpreadConstraint[];
  /** Seed 001: only kube-scheduler's behaviour is simulated; another scheduler is named. */
  schedulerName?: string;
  /** Informational (the value that counts is `priority`). */
  priorityClassName?: string;
  /** DaemonSet pods run on every matching node: they reduce what a new node holds (CA-2). */
  daemonSet?: boolean;
  /**
   * The node the snapshot pinned it to, which this cluster does not have (gone, or another
   * cluster's): the pod is pending (CA-3) and the decision names the node.
   */
  missingNode?: string;
  /** Parts of the pod as Kubernetes sent it that the simulation does not read (CA-17). */
  notModelled?: string[];
}

/** A PodDisruptionBudget: exactly one of `maxUnavailable` / `minAvailable`, a count or "N%". */
export interface PodDisruptionBudget {
  name?: string;
  namespace?: string;
  selector: Record<string, string>;
  maxUnavailable?: number | string;
  minAvailable?: number | string;
}

/** CA-10: how new nodes are spread over a pool's zones. */
export type LocationPolicy = "BALANCED" | "ANY";
/** CA-11: how eagerly underused nodes go. */
export type AutoscalingProfile = "balanced" | "optimize-utilization";

/** A pool's `autoscaling` (API.md): per-zone or total limits, never both (CA-1). */
export interface AutoscalingSettings {
  enabled: boolean;
  minNodes?: number;
  maxNodes?: number;
  totalMinNodes?: number;
  totalMaxNodes?: number;
  /** CA-10 default: ANY for spot and flex-start pools, BALANCED otherwise. */
  locationPolicy?: LocationPolicy;
  /** CA-11 is per cluster; set here it overrides the cluster's for this pool (extension). */
  profile?: AutoscalingProfile;
}

/** What one node of a pool's machine type offers and costs. */
export interface MachineShape {
  machineType: string;
  cpuMillis: number;
  memoryMiB: number;
  accelerators?: number;
  /**
   * CA-15: the GPU model of `accelerators` (`nvidia-l4`, `nvidia-tesla-t4`, …), as GKE's
   * `cloud.google.com/gke-accelerator` node label names it; absent when unknown.
   */
  gpuType?: string;
  /** Price per node-hour on demand (any unit, compared between pools only). */
  pricePerHour: number;
  /** Price per node-hour as spot; used when the pool is spot (CA-9: spot is cheaper). */
  spotPricePerHour?: number;
}

/** CA-13: a TPU slice pool. Multi-host pools hold exactly 0 or the topology's node count. */
export interface TpuSettings {
  /** `16x16`, `2x2x4`, … */
  topology: string;
  multiHost: boolean;
}

/** A node pool as the autoscaler sees it. */
export interface AutoscalerPool {
  name: string;
  machine: MachineShape;
  zones: string[];
  /** API default 110. */
  maxPodsPerNode?: number;
  /** Labels its nodes carry (beyond the ones derived from pool, zone, spot, class). */
  labels?: Record<string, string>;
  /** Taints its nodes carry: only pods that tolerate the NoSchedule/NoExecute ones land. */
  taints?: Taint[];
  spot?: boolean;
  flexStart?: boolean;
  tpu?: TpuSettings;
  /** Local SSDs as ephemeral storage: below 1.24.5-gke.600 it does not grow from 0 (CA-3). */
  localSsd?: boolean;
  autoscaling: AutoscalingSettings;
  /** Unused reservations matching this pool's machine type, per zone (CA-9, CA-10). */
  reservations?: Record<string, number>;
  /**
   * How many more nodes of this pool each zone can provide now (quota / stockout). A zone
   * absent is unlimited; 0 means no capacity (CA-9: an available pool beats a cheaper
   * unavailable one).
   */
  zoneCapacity?: Record<string, number>;
  /** CA-15: the compute class this pool serves; only pods selecting the class land on it. */
  computeClass?: string;
  /**
   * NUP-12 while an upgrade owns the pool: `poolScalingPolicy(op)`. Absent: no upgrade,
   * the whole pool scales both ways.
   */
  scaling?: PoolScalingPolicy;
  /** NUP-12: `scalableNodes(op)` — only these may be removed. Absent: any node. */
  scalableNodes?: string[];
}

/** A node of the cluster. */
export interface AutoscalerNode {
  name: string;
  pool: string;
  zone: string;
  state: NodeState;
  color?: NodeColor;
  /** Defaults to the pool's machine shape. */
  allocatable?: Resources;
  /** When it was requested; a PROVISIONING node older than 15 min is a failed scale up. */
  createdAt?: Instant;
}

/** CA-15 one rule of a compute class, tried in order. */
export interface ComputeClassRule {
  machineType?: string;
  spot?: boolean;
  accelerator?: { type?: string; count: number };
}

/** CA-15 a compute class (`PUT /v1/compute-classes/{name}`). */
export interface ComputeClass {
  name: string;
  priorities: ComputeClassRule[];
  /** Move workloads to a higher rule when its capacity returns. */
  activeMigration?: { optimizeRulePriority: boolean };
}

/** CA-14: the three ProvisioningRequest classes. */
export type ProvisioningClass = "queued-provisioning" | "check-capacity" | "best-effort-atomic";

/** CA-14 a ProvisioningRequest: one pod template, `count` copies, one pool. */
export interface ProvisioningRequest {
  name: string;
  class: ProvisioningClass;
  pool?: string;
  podTemplate: Omit<AutoscalerPod, "name" | "node">;
  count: number;
  /** What earlier passes decided; terminal requests are not looked at again. */
  state?: ProvisioningState;
}

/** CA-14: what a pass decided for a request (WAITING is retried every pass). */
export type ProvisioningState =
  | "WAITING"
  | "PROVISIONED"
  | "FAILED"
  | "CAPACITY_AVAILABLE"
  | "CAPACITY_UNAVAILABLE";

/** The cluster's facts the autoscaler needs. */
export interface AutoscalerCluster {
  name: string;
  controlPlaneVersion: string;
  autopilot?: boolean;
  /**
   * CA-11 `--autoscaling-profile`: absent, `balanced` on Standard clusters and
   * `optimize-utilization` on Autopilot ones (balanced is not available there).
   */
  profile?: AutoscalingProfile;
  /** CA-16: at most 15,000 nodes; a lower cap may be given. */
  maxNodes?: number;
  /** Zones that are down: their per-zone limits drop out (CA-1) and nothing is added there. */
  zonesDown?: string[];
}

/** CA-4 a pool's backoff after failed scale ups. */
export interface PoolBackoff {
  failures: number;
  lastFailureAt: Instant;
  until: Instant;
  reason: ScaleUpErrorReason;
}

/** The reasons a scale up fails (CA-4, as `eventResult` reports them). */
export type ScaleUpErrorReason =
  | "scale.up.error.quota.exceeded"
  | "scale.up.error.ip.space.exhausted"
  | "scale.up.error.out.of.resources"
  | "scale.up.error.waiting.for.instances.timeout";

/** What the autoscaler remembers between passes; the host persists it as is. */
export interface AutoscalerState {
  backoff: Record<string, PoolBackoff>;
  /** Node → since when it has been removable (scale down waits for the unneeded time). */
  unneededSince: Record<string, Instant>;
  lastScaleUpAt?: Instant;
  /** PROVISIONING nodes already counted as a failed scale up (not counted twice). */
  timedOutNodes?: string[];
}

/**
 * Upstream cluster-autoscaler flags for the facts seed 001 leaves open; every field has
 * the upstream default (see defaults.ts). Tests and benchmarks may override them.
 */
export interface AutoscalerOptions {
  scaleDownUtilizationThreshold?: number;
  scaleDownUnneededSeconds?: number;
  scaleDownDelayAfterAddSeconds?: number;
  maxNodesPerScaleUp?: number;
  maxNodeProvisionSeconds?: number;
  maxScaleDownParallelism?: number;
}

/** Everything one autoscaler pass decides from. */
export interface AutoscalerInput {
  cluster: AutoscalerCluster;
  pools: AutoscalerPool[];
  nodes: AutoscalerNode[];
  pods: AutoscalerPod[];
  pdbs?: PodDisruptionBudget[];
  computeClasses?: ComputeClass[];
  provisioningRequests?: ProvisioningRequest[];
  state: AutoscalerState;
  options?: AutoscalerOptions;
}

/** CA-3/10: add nodes to a pool, per zone; the host requests them in parallel. */
export interface ScaleUpAction {
  type: "SCALE_UP";
  pool: string;
  delta: number;
  zones: Record<string, number>;
  /** NUP-12: the half of a blue-green pool the nodes join, and what they run. */
  color?: NodeColor;
  config?: NodeConfig;
  /** Pods (`namespace/name`) the new nodes are for. */
  pods: string[];
  /** The planned packing: each new node's zone and the pods meant for it, in order. */
  newNodes: { zone: string; pods: string[] }[];
  reason: string;
}

/** CA-5/8: remove nodes; drain each, forced after `gracefulTerminationSeconds`. */
export interface ScaleDownAction {
  type: "SCALE_DOWN";
  pool: string;
  delta: number;
  nodes: string[];
  gracefulTerminationSeconds: number;
  reason: string;
}

/** What a pass asks the host to carry out. */
export type ScalingAction = ScaleUpAction | ScaleDownAction;

/** Where a node the autoscaler changes stands: created, drained (forced after CA-8's grace), deleted. */
export type InFlightStep = "CREATE" | "DRAIN" | "DRAIN_FORCED" | "DELETE";

/**
 * A node the autoscaler is creating or removing, from its command until the provider's
 * answer to the last one: the actuator's status, which the next pass's node view reads
 * (kubernetes/autoscaler's ToBeDeleted taint and upcoming nodes).
 */
export interface NodeInFlight {
  pool: string;
  zone: string;
  step: InFlightStep;
  /** The id of the command awaiting its answer. */
  command: string;
  /** When the first command for the node went out. */
  since: Instant;
  /** What the node runs (a created one) or ran (a removed one). */
  config: NodeConfig;
  color?: NodeColor;
  /** Drains: the graceful termination the scale-down granted (CA-8). */
  graceSeconds?: number;
}

/** Decisions as `GET …/autoscaler/decisions` names them. */
export type ActionType = "SCALE_UP" | "SCALE_DOWN" | "NOOP" | "BACKOFF";

/**
 * CA-17 one recorded decision, shaped like an item of `GET …/autoscaler/decisions`
 * (`at` added by the host's record or taken from here).
 */
export interface DecisionRecord {
  at: Instant;
  /** The pool decided on; null for the cluster as a whole (pending pods no pool can take). */
  pool: string | null;
  action: ActionType;
  delta: number;
  zones?: Record<string, number>;
  nodes?: string[];
  reason: string;
  blockedBy?: RuleId;
  /**
   * CA-5/CA-11: a node kept while it waits out its unneeded time: since when it has been
   * unneeded and how long it must be. The reason's countdown is rendered from these
   * (`decisionReason`), so a pass that only counts on repeats the decision.
   */
  unneeded?: { since: Instant; forMs: number };
}

/** CA-14 what a pass decided for one ProvisioningRequest. */
export interface ProvisioningVerdict {
  name: string;
  state: ProvisioningState;
  pool?: string;
  nodes: number;
  reason: string;
}

/** The result of one pass: `evaluateCluster(input, now)`. */
export interface AutoscalerDecision {
  state: AutoscalerState;
  /** What to carry out; a pool may both grow and shrink (blue-green: green up, blue down). */
  actions: ScalingAction[];
  /**
   * CA-17: every decision with a one-line reason: each action, each pool backing off,
   * a NOOP for every other pool, and a NOOP per kept scale-down candidate with the rule.
   */
  records: DecisionRecord[];
  provisioning: ProvisioningVerdict[];
  /**
   * The scan interval for the cluster's size: the grid the passes of the brute loop run
   * on (`onScanGrid`), and on which changes from outside are noticed.
   */
  scanIntervalMs: number;
  /**
   * The first instant of the scan grid at which a pass could decide otherwise with
   * nothing changed from outside: the tick after the pass's own actions, or a deadline
   * it knows (a backoff's end, an unneeded time or the scale-down delay running out, a
   * provision timeout), rounded up to the grid. Undefined when only a change can make a
   * difference.
   */
  wakeAt?: Instant;
  notes: string[];
}
