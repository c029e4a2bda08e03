import { z } from "@hono/zod-openapi";
import { cpuMillisOf, memoryMiBOf, quantityValue } from "./quantity.ts";
import {
  Affinity,
  Annotations,
  LabelKey,
  Labels,
  MAX_PODS_PER_PART,
  PdbBudget,
  PodName,
  Toleration,
  TopologySpreadConstraint,
  WorkloadsInput,
} from "./workloads.ts";

/**
 * What `kubectl get pods,pdb -A -o json` prints, as `PUT …/workloads` takes it. Objects are
 * open: kubectl prints far more than the autoscaler reads (uid, managedFields, status
 * conditions, …), and what it does not read is ignored. The fields it reads are checked
 * as strictly as in the short form; a quantity that is not one is a CA-2 refusal.
 */

const MAX_CPU_MILLIS = 1_000_000;
const MAX_MEMORY_MIB = 16_777_216;
const MAX_DEVICES = 64;
const inRange = (value: number | undefined, max: number) =>
  value !== undefined && Number.isInteger(value) && value <= max;

/** Any resource quantity; its value is not read (named in the decision when it matters). */
const Quantity = z
  .union([z.string().max(64), z.number()])
  .refine((q) => quantityValue(q) !== undefined, {
    error: (issue) => `CA-2: ${JSON.stringify(issue.input)} is not a Kubernetes quantity`,
  });

const CpuQuantity = z
  .union([z.string().max(64), z.number()])
  .refine((q) => inRange(cpuMillisOf(q), MAX_CPU_MILLIS), {
    error: (issue) =>
      `CA-2: ${JSON.stringify(issue.input)} is not a CPU quantity a container may request (like "250m", "1" or "0.5"; at most 1000 cores)`,
  });

const MemoryQuantity = z
  .union([z.string().max(64), z.number()])
  .refine((q) => inRange(memoryMiBOf(q), MAX_MEMORY_MIB), {
    error: (issue) =>
      `CA-2: ${JSON.stringify(issue.input)} is not a memory quantity a container may request (like "128Mi", "1Gi", "500M" or "1e9"; at most 16 TiB)`,
  });

/** GPUs and TPU chips are whole devices, as Kubernetes' extended resources are. */
const DeviceQuantity = z
  .union([z.string().max(64), z.number()])
  .refine((q) => inRange(quantityValue(q), MAX_DEVICES), {
    error: (issue) =>
      `CA-2: ${JSON.stringify(issue.input)} is not a whole number of devices (at most 64)`,
  });

/** The resource names read as accelerators (CA-2); other extended resources are not modelled. */
export const ACCELERATOR_RESOURCES = ["nvidia.com/gpu", "amd.com/gpu", "google.com/tpu"] as const;

/** A container's `resources.requests` or `resources.limits`. */
const ResourceList = z
  .object({
    cpu: CpuQuantity.optional(),
    memory: MemoryQuantity.optional(),
    "nvidia.com/gpu": DeviceQuantity.optional(),
    "amd.com/gpu": DeviceQuantity.optional(),
    "google.com/tpu": DeviceQuantity.optional(),
  })
  .catchall(Quantity);

const KubernetesContainer = z.looseObject({
  name: z.string().max(253).optional(),
  resources: z
    .looseObject({ requests: ResourceList.optional(), limits: ResourceList.optional() })
    .optional(),
});

const OwnerReference = z.looseObject({
  kind: z.string().min(1).max(63),
  name: z.string().max(253).optional(),
  controller: z.boolean().optional(),
});

/** Volume sources: local ones count as local storage (CA-7); claims are named as not modelled. */
const Volume = z.looseObject({
  name: z.string().max(253).optional(),
  emptyDir: z.looseObject({}).optional(),
  hostPath: z.looseObject({}).optional(),
  persistentVolumeClaim: z.looseObject({}).optional(),
  ephemeral: z.looseObject({}).optional(),
});

/** A Pod (core/v1) as kubectl prints it. */
export const KubernetesPod = z
  .looseObject({
    /** Absent in the items of a `PodList` read from the API server directly. */
    kind: z.literal("Pod").optional(),
    apiVersion: z.string().optional(),
    metadata: z.looseObject({
      name: PodName,
      namespace: PodName.optional(),
      labels: Labels.optional(),
      annotations: Annotations.optional(),
      ownerReferences: z.array(OwnerReference).max(32).optional(),
    }),
    spec: z.looseObject({
      nodeName: z.string().min(1).max(253).optional(),
      priority: z.int().min(-2_147_483_648).max(2_147_483_647).optional(),
      priorityClassName: z.string().min(1).max(253).optional(),
      schedulerName: z.string().min(1).max(253).optional(),
      containers: z.array(KubernetesContainer).min(1).max(32),
      initContainers: z.array(KubernetesContainer).max(32).optional(),
      affinity: Affinity.optional(),
      nodeSelector: Labels.optional(),
      tolerations: z.array(Toleration).max(64).optional(),
      topologySpreadConstraints: z.array(TopologySpreadConstraint).max(16).optional(),
      volumes: z.array(Volume).max(256).optional(),
    }),
    status: z.looseObject({ phase: z.string().max(32).optional() }).optional(),
  })
  .openapi("KubernetesPod");

const SelectorExpression = z.looseObject({
  key: LabelKey,
  operator: z.enum(["In", "NotIn", "Exists", "DoesNotExist"]),
  values: z.array(z.string().max(63)).max(32).optional(),
});

/**
 * A PodDisruptionBudget (policy/v1). The short form's selector is labels that must all
 * match, so of `matchExpressions` only `In` with one value (the same thing) is taken.
 */
export const KubernetesPdb = z
  .looseObject({
    kind: z.literal("PodDisruptionBudget"),
    apiVersion: z.string().optional(),
    metadata: z.looseObject({ name: PodName, namespace: PodName.optional() }),
    spec: z
      .looseObject({
        selector: z
          .looseObject({
            matchLabels: Labels.optional(),
            matchExpressions: z
              .array(
                SelectorExpression.refine((e) => e.operator === "In" && e.values?.length === 1, {
                  error:
                    "CA-7: only `In` with one value is modelled in a PDB selector's matchExpressions (the budget's pods are matched by labels that must all hold)",
                }),
              )
              .max(16)
              .optional(),
          })
          .nullable()
          .optional(),
        minAvailable: PdbBudget.optional(),
        maxUnavailable: PdbBudget.optional(),
      })
      .refine((s) => s.minAvailable === undefined || s.maxUnavailable === undefined, {
        error: "set maxUnavailable or minAvailable, not both",
        path: ["maxUnavailable"],
      }),
  })
  .openapi("KubernetesPdb");

/** Pods that finished are not part of the workload (they hold no node). */
export function finished(pod: z.infer<typeof KubernetesPod>): boolean {
  const phase = pod.status?.phase;
  return phase === "Succeeded" || phase === "Failed";
}

const itemKey = (item: z.infer<typeof KubernetesPod> | z.infer<typeof KubernetesPdb>) =>
  `${item.kind ?? "Pod"}/${item.metadata.namespace ?? "default"}/${item.metadata.name}`;

/**
 * `PUT …/workloads` in Kubernetes' shape: a `List` of Pods and PodDisruptionBudgets (what
 * `kubectl get pods,pdb -A -o json` prints) or a `PodList`. It is one whole snapshot (no
 * parts), of at most {@link MAX_PODS_PER_PART} running or pending pods.
 */
export const KubernetesWorkloads = z
  .looseObject({
    apiVersion: z.string().optional(),
    kind: z.enum(["List", "PodList"]),
    items: z
      .array(z.discriminatedUnion("kind", [KubernetesPod, KubernetesPdb]))
      .max(MAX_PODS_PER_PART * 2),
  })
  .refine(
    (list) =>
      list.items.filter((i) => i.kind !== "PodDisruptionBudget" && !finished(i)).length <=
      MAX_PODS_PER_PART,
    {
      error: `at most ${MAX_PODS_PER_PART} pods that have not finished; send a larger snapshot in the short form, in parts`,
      path: ["items"],
    },
  )
  // Ignoring `part` like any unknown field would let one part replace the whole snapshot.
  .refine((list) => !("part" in list), {
    error: "a Kubernetes List is one whole snapshot; parts are for the short form",
    path: ["part"],
  })
  .refine((list) => new Set(list.items.map(itemKey)).size === list.items.length, {
    error: "items must not repeat (kind, namespace, name)",
    path: ["items"],
  })
  .openapi("KubernetesWorkloads");

/**
 * The body of `PUT …/workloads`: the short form ({@link WorkloadsInput}) or Kubernetes'
 * own ({@link KubernetesWorkloads}), told apart by Kubernetes' `kind`.
 */
export const WorkloadsBody = z
  .union([WorkloadsInput, KubernetesWorkloads])
  .openapi("WorkloadsBody");

/** A body with a `kind` is Kubernetes' shape: its errors are read against that schema. */
export function isKubernetesBody(body: unknown): boolean {
  return typeof body === "object" && body !== null && "kind" in body;
}
