import { z } from "@hono/zod-openapi";
import { distinct } from "./common.ts";

/**
 * Largest number of pods one `PUT …/workloads` carries. A snapshot larger than that
 * (up to {@link MAX_SNAPSHOT_PODS}) arrives in parts: the request body is capped at
 * 1 MB, and 50,000 pods of JSON are about 7 MB.
 */
export const MAX_PODS_PER_PART = 5000;
/** Largest snapshot a cluster may send (its parts together). */
export const MAX_SNAPSHOT_PODS = 60_000;
/** Most parts one snapshot may be split into. */
export const MAX_SNAPSHOT_PARTS = 100;

export const PodName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, {
    error: (issue) => `${JSON.stringify(issue.input)} is not a Kubernetes object name`,
  });
export const LabelKey = z.string().min(1).max(317);
/** A node's name: a DNS subdomain, as Kubernetes names nodes. */
const NodeName = z.string().min(1).max(253);
const LabelValue = z.string().max(63);
export const Labels = z.record(LabelKey, LabelValue).refine((r) => Object.keys(r).length <= 64, {
  error: "at most 64 labels",
});

/** Kubernetes' TotalAnnotationSizeLimitB: an object's annotations, keys and values, in bytes. */
export const MAX_ANNOTATION_BYTES = 262_144;

/** UTF-8 length, as Kubernetes counts annotation bytes (the contract runs without TextEncoder's lib). */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const annotationBytes = (annotations: Record<string, string>) =>
  Object.entries(annotations).reduce(
    (sum, [key, value]) => sum + utf8Bytes(key) + utf8Bytes(value),
    0,
  );

/**
 * A pod's annotations, capped in total as Kubernetes caps them (not per value: one value
 * may take most of the 256 KiB). Only those the autoscaler reads are stored
 * (docs/rules.md, CA-7).
 */
export const Annotations = z
  .record(LabelKey, z.string())
  .refine((a) => annotationBytes(a) <= MAX_ANNOTATION_BYTES, {
    error: (issue) =>
      `CA-7: annotations take ${annotationBytes(issue.input as Record<string, string>)} bytes (keys and values), over Kubernetes' ${MAX_ANNOTATION_BYTES} per pod (TotalAnnotationSizeLimitB)`,
  });

/** Requests of one container (CA-2: decisions use requests, not usage). */
export const ContainerRequests = z
  .strictObject({
    cpuMillis: z.int().min(0).max(1_000_000),
    memoryMiB: z.int().min(0).max(16_777_216),
    /** GPUs or TPU chips. */
    accelerators: z.int().min(0).max(64).optional(),
  })
  .openapi("ContainerRequests");

/**
 * A pod (anti-)affinity term: other pods whose labels match, on the same node (the one
 * topology the fit check simulates; zone spreading goes through node affinity on
 * `topology.kubernetes.io/zone`).
 */
export const PodAffinityTerm = z
  .strictObject({
    labelSelector: Labels,
    topologyKey: z.literal("kubernetes.io/hostname").optional(),
  })
  .openapi("PodAffinityTerm");

/**
 * One node-affinity expression (Kubernetes' NodeSelectorRequirement): In and NotIn take
 * values, Gt and Lt exactly one integer, Exists and DoesNotExist none.
 */
export const NodeSelectorRequirement = z
  .strictObject({
    key: LabelKey,
    operator: z.enum(["In", "NotIn", "Exists", "DoesNotExist", "Gt", "Lt"]),
    values: z.array(LabelValue).max(32).optional(),
  })
  .refine(
    (r) =>
      r.operator === "In" || r.operator === "NotIn"
        ? r.values !== undefined
        : r.operator === "Gt" || r.operator === "Lt"
          ? r.values?.length === 1 && /^-?\d+$/.test(r.values[0] ?? "")
          : r.values === undefined,
    {
      error: "In and NotIn take values; Gt and Lt one integer; Exists and DoesNotExist none",
      path: ["values"],
    },
  )
  .openapi("NodeSelectorRequirement");

/** Kubernetes' NodeSelectorTerm: all its expressions hold (`matchFields` is not simulated). */
export const NodeSelectorTerm = z
  .strictObject({
    matchExpressions: z.array(NodeSelectorRequirement).max(16).optional(),
    matchFields: z.array(NodeSelectorRequirement).max(16).optional(),
  })
  .openapi("NodeSelectorTerm");

/** Kubernetes' NodeAffinity: required terms (any holds) and soft preferences. */
export const KubernetesNodeAffinity = z
  .strictObject({
    requiredDuringSchedulingIgnoredDuringExecution: z
      .strictObject({ nodeSelectorTerms: z.array(NodeSelectorTerm).min(1).max(16) })
      .optional(),
    preferredDuringSchedulingIgnoredDuringExecution: z
      .array(z.strictObject({ weight: z.int().min(1).max(100), preference: NodeSelectorTerm }))
      .max(16)
      .optional(),
  })
  .openapi("KubernetesNodeAffinity");

/** One expression of a Kubernetes label selector. */
const LabelSelectorRequirement = z
  .strictObject({
    key: LabelKey,
    operator: z.enum(["In", "NotIn", "Exists", "DoesNotExist"]),
    values: z.array(LabelValue).max(32).optional(),
  })
  .openapi("LabelSelectorRequirement");

/** Kubernetes' LabelSelector. */
export const LabelSelector = z
  .strictObject({
    matchLabels: Labels.optional(),
    matchExpressions: z.array(LabelSelectorRequirement).max(16).optional(),
  })
  .openapi("LabelSelector");

/** Kubernetes' PodAffinityTerm; only `kubernetes.io/hostname` is simulated. */
export const KubernetesPodAffinityTerm = z
  .strictObject({
    labelSelector: LabelSelector.optional(),
    topologyKey: LabelKey,
    namespaces: z.array(PodName).max(32).optional(),
    namespaceSelector: LabelSelector.optional(),
    matchLabelKeys: z.array(LabelKey).max(16).optional(),
    mismatchLabelKeys: z.array(LabelKey).max(16).optional(),
  })
  .openapi("KubernetesPodAffinityTerm");

/** Kubernetes' PodAffinity / PodAntiAffinity. */
export const KubernetesPodAffinity = z
  .strictObject({
    requiredDuringSchedulingIgnoredDuringExecution: z
      .array(KubernetesPodAffinityTerm)
      .max(8)
      .optional(),
    preferredDuringSchedulingIgnoredDuringExecution: z
      .array(
        z.strictObject({
          weight: z.int().min(1).max(100),
          podAffinityTerm: KubernetesPodAffinityTerm,
        }),
      )
      .max(8)
      .optional(),
  })
  .openapi("KubernetesPodAffinity");

/**
 * Scheduling constraints (CA-3, CA-7): Regatta's simple form (lists of required terms)
 * or Kubernetes' own, as an agent copies it from the pod spec. Required node affinity
 * and pod (anti-)affinity on the hostname topology are simulated; the rest is named in
 * the decision as not modelled.
 */
export const Affinity = z
  .strictObject({
    nodeAffinity: z
      .union([z.array(NodeSelectorRequirement).max(16), KubernetesNodeAffinity])
      .optional(),
    podAffinity: z.union([z.array(PodAffinityTerm).max(8), KubernetesPodAffinity]).optional(),
    podAntiAffinity: z.union([z.array(PodAffinityTerm).max(8), KubernetesPodAffinity]).optional(),
  })
  .openapi("Affinity");

/** Kubernetes' Toleration (CA-3: a pool's NoSchedule/NoExecute taints need one). */
export const Toleration = z
  .strictObject({
    key: LabelKey.optional(),
    operator: z.enum(["Equal", "Exists"]).optional(),
    value: LabelValue.optional(),
    effect: z.enum(["NoSchedule", "PreferNoSchedule", "NoExecute"]).optional(),
    tolerationSeconds: z.int().optional(),
  })
  .openapi("Toleration");

/** Kubernetes' TopologySpreadConstraint: accepted, not simulated (named in the decision). */
export const TopologySpreadConstraint = z
  .strictObject({
    maxSkew: z.int().min(1),
    topologyKey: LabelKey,
    whenUnsatisfiable: z.enum(["DoNotSchedule", "ScheduleAnyway"]),
    labelSelector: LabelSelector.optional(),
    minDomains: z.int().min(1).optional(),
    nodeAffinityPolicy: z.enum(["Honor", "Ignore"]).optional(),
    nodeTaintsPolicy: z.enum(["Honor", "Ignore"]).optional(),
    matchLabelKeys: z.array(LabelKey).max(16).optional(),
  })
  .openapi("TopologySpreadConstraint");

/** One pod of a workload snapshot (API.md, Autoscaler). */
export const Pod = z
  .strictObject({
    name: PodName,
    namespace: PodName.default("default"),
    /**
     * The node it runs on; absent: pending. A node this cluster does not have (gone, or
     * another cluster's) leaves the pod pending too, named in the decision (CA-3).
     */
    node: NodeName.optional(),
    /** Any int32, as Kubernetes: system-node-critical is 2,000,001,000. */
    priority: z.int().min(-2_147_483_648).max(2_147_483_647).default(0),
    /**
     * The controller kind (ReplicaSet, StatefulSet, Job, …); null or absent: a bare pod
     * (CA-7). Absent is not read as a controller: a bare pod taken for a replicated one
     * would be evicted and never come back.
     */
    controller: z.string().min(1).max(63).nullable().optional(),
    containers: z.array(ContainerRequests).min(1).max(32),
    initContainers: z.array(ContainerRequests).max(32).optional(),
    labels: Labels.optional(),
    annotations: Annotations.optional(),
    /** Uses local storage (emptyDir/hostPath): blocks scale-down below 1.22 (CA-7). */
    localStorage: z.boolean().default(false),
    affinity: Affinity.optional(),
    nodeSelector: Labels.optional(),
    tolerations: z.array(Toleration).max(64).optional(),
    topologySpreadConstraints: z.array(TopologySpreadConstraint).max(16).optional(),
    /** kube-scheduler's behaviour is simulated; another scheduler is named in the decision. */
    schedulerName: z.string().min(1).max(253).optional(),
    /** Informational: the priority itself is `priority`. */
    priorityClassName: z.string().min(1).max(253).optional(),
    daemonSet: z.boolean().default(false),
  })
  .openapi("Pod");

export const PdbBudget = z.union([
  z.int().min(0).max(1_000_000),
  z.string().regex(/^(100|[1-9]?\d)%$/, { error: "a percentage like 25%" }),
]);

/** A PodDisruptionBudget: pods matching `selector`; a count or a percentage like `25%`. */
export const Pdb = z
  .strictObject({
    name: PodName.optional(),
    namespace: PodName.default("default"),
    selector: Labels,
    maxUnavailable: PdbBudget.optional(),
    minAvailable: PdbBudget.optional(),
  })
  .refine((p) => (p.maxUnavailable === undefined) !== (p.minAvailable === undefined), {
    error: "set maxUnavailable or minAvailable, exactly one",
    path: ["maxUnavailable"],
  })
  .openapi("Pdb");

/** Where a part belongs when a snapshot is sent in parts (see {@link MAX_PODS_PER_PART}). */
export const SnapshotPart = z
  .strictObject({
    /** Names the snapshot; parts of another snapshot replace an unfinished one. */
    snapshot: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
    index: z
      .int()
      .min(0)
      .max(MAX_SNAPSHOT_PARTS - 1),
    count: z.int().min(1).max(MAX_SNAPSHOT_PARTS),
  })
  .refine((p) => p.index < p.count, { error: "index must be below count", path: ["index"] })
  .openapi("SnapshotPart");

const podKey = (p: { namespace?: string | undefined; name: string }) =>
  `${p.namespace ?? "default"}/${p.name}`;

/**
 * `PUT /v1/clusters/{cluster}/workloads`: the cluster agent's snapshot of its pods and
 * PDBs, replacing the previous one. Pods over {@link MAX_PODS_PER_PART} go in parts
 * (`part`); the snapshot takes effect when its last part arrived.
 */
export const WorkloadsInput = z
  .strictObject({
    pods: z.array(Pod).max(MAX_PODS_PER_PART),
    pdbs: z.array(Pdb).max(1000).optional(),
    part: SnapshotPart.optional(),
  })
  .refine((w) => distinct(w.pods.map(podKey)), {
    error: "pods must not repeat (namespace/name)",
    path: ["pods"],
  })
  .openapi("WorkloadsInput");

/** What the control plane holds of a cluster's workloads after a PUT. */
export const WorkloadsStatus = z
  .object({
    cluster: z.string(),
    /** False while parts of a snapshot are still missing. */
    complete: z.boolean(),
    pods: z.int(),
    pending: z.int(),
    pdbs: z.int(),
    revision: z.int(),
    receivedParts: z.array(z.int()).optional(),
  })
  .openapi("WorkloadsStatus");
