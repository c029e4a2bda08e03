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

const PodName = z
  .string()
  .min(1)
  .max(253)
  .regex(/^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/, {
    error: (issue) => `${JSON.stringify(issue.input)} is not a Kubernetes object name`,
  });
const LabelKey = z.string().min(1).max(317);
const LabelValue = z.string().max(63);
const Labels = z.record(LabelKey, LabelValue).refine((r) => Object.keys(r).length <= 64, {
  error: "at most 64 labels",
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

/** One required node-affinity expression; all of a pod's must hold. */
export const NodeSelectorRequirement = z
  .strictObject({
    key: LabelKey,
    operator: z.enum(["In", "NotIn", "Exists", "DoesNotExist"]),
    values: z.array(LabelValue).max(32).optional(),
  })
  .refine((r) => (r.operator === "In" || r.operator === "NotIn") === (r.values !== undefined), {
    error: "In and NotIn take values; Exists and DoesNotExist take none",
    path: ["values"],
  })
  .openapi("NodeSelectorRequirement");

/** Required scheduling constraints the autoscaler's fit check honours (CA-3, CA-7). */
export const Affinity = z
  .strictObject({
    nodeAffinity: z.array(NodeSelectorRequirement).max(16).optional(),
    podAffinity: z.array(PodAffinityTerm).max(8).optional(),
    podAntiAffinity: z.array(PodAffinityTerm).max(8).optional(),
  })
  .openapi("Affinity");

/** One pod of a workload snapshot (API.md, Autoscaler). */
export const Pod = z
  .strictObject({
    name: PodName,
    namespace: PodName.default("default"),
    /** The node it runs on; absent: pending. */
    node: z.string().min(1).max(63).optional(),
    priority: z.int().min(-2_147_483_648).max(1_000_000_000).default(0),
    /** The controller kind (ReplicaSet, StatefulSet, Job, …); null: a bare pod (CA-7). */
    controller: z.string().min(1).max(63).nullable().default("ReplicaSet"),
    containers: z.array(ContainerRequests).min(1).max(32),
    initContainers: z.array(ContainerRequests).max(32).optional(),
    labels: Labels.optional(),
    annotations: z.record(z.string().min(1).max(317), z.string().max(4096)).optional(),
    /** Uses local storage (emptyDir/hostPath): blocks scale-down below 1.22 (CA-7). */
    localStorage: z.boolean().default(false),
    affinity: Affinity.optional(),
    nodeSelector: Labels.optional(),
    daemonSet: z.boolean().default(false),
  })
  .openapi("Pod");

const Budget = z.union([
  z.int().min(0).max(1_000_000),
  z.string().regex(/^(100|[1-9]?\d)%$/, { error: "a percentage like 25%" }),
]);

/** A PodDisruptionBudget: pods matching `selector`; a count or a percentage like `25%`. */
export const Pdb = z
  .strictObject({
    name: PodName.optional(),
    namespace: PodName.default("default"),
    selector: Labels,
    maxUnavailable: Budget.optional(),
    minAvailable: Budget.optional(),
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
