import type {
  AutoscalerPod,
  KubernetesPodAffinity,
  LabelSelector,
  NodeAffinity,
  NodeSelectorRequirement,
  PodAffinityTerm,
  Taint,
  Toleration,
} from "./types.ts";

/**
 * A pod's scheduling constraints, from the snapshot's simple form or Kubernetes' own, in
 * the one form the fit check reads (CA-3, CA-7): the required pod (anti-)affinity on the
 * node topology, and what the simulation does not model, in words for the decision
 * (CA-17). Node selectors, required node affinity and tolerations are read from the pod
 * itself ({@link requiredNodeAffinityHolds}, {@link tolerates}).
 */
export interface PodConstraints {
  /** Required pod affinity on the hostname topology. */
  affinity: LabelSelector[];
  /** Required pod anti-affinity on the hostname topology. */
  antiAffinity: LabelSelector[];
  /** Constraints the simulation ignores, e.g. "preferred node affinity". */
  unmodelled: string[];
}

const HOSTNAME = "kubernetes.io/hostname";
/** Schedulers whose placement the simulation follows (seed 001: custom ones are not supported). */
const KNOWN_SCHEDULERS = new Set(["default-scheduler", "gke.io/optimize-utilization-scheduler"]);

function isSimpleTerms<T>(value: T[] | object | undefined): value is T[] {
  return Array.isArray(value);
}

/** The simple form's term as a label selector. */
function fromSimple(term: PodAffinityTerm): LabelSelector {
  return { matchLabels: term.labelSelector };
}

/**
 * The required terms on the hostname topology, and the rest named as not modelled
 * (other topologies, preferences).
 */
function podTerms(
  kind: "pod affinity" | "pod anti-affinity",
  value: PodAffinityTerm[] | KubernetesPodAffinity | undefined,
  unmodelled: string[],
): LabelSelector[] {
  if (value === undefined) return [];
  if (isSimpleTerms<PodAffinityTerm>(value)) return value.map(fromSimple);
  const terms: LabelSelector[] = [];
  for (const term of value.requiredDuringSchedulingIgnoredDuringExecution ?? []) {
    if (term.topologyKey === HOSTNAME) terms.push(term.labelSelector ?? {});
    else unmodelled.push(`required ${kind} on ${term.topologyKey}`);
  }
  if ((value.preferredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0) {
    unmodelled.push(`preferred ${kind}`);
  }
  return terms;
}

/**
 * @example podConstraints({ name: "p", containers: [], affinity: { nodeAffinity: { preferredDuringSchedulingIgnoredDuringExecution: [{ weight: 1, preference: {} }] } } }).unmodelled // ["preferred node affinity"]
 */
export function podConstraints(pod: AutoscalerPod): PodConstraints {
  const unmodelled: string[] = [];
  const node = pod.affinity?.nodeAffinity;
  if (node !== undefined && !isSimpleTerms<NodeSelectorRequirement>(node)) {
    if ((node.preferredDuringSchedulingIgnoredDuringExecution?.length ?? 0) > 0) {
      unmodelled.push("preferred node affinity");
    }
    const terms = node.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? [];
    if (terms.some((t) => (t.matchFields?.length ?? 0) > 0)) {
      unmodelled.push("node affinity on fields (matchFields)");
    }
  }
  const affinity = podTerms("pod affinity", pod.affinity?.podAffinity, unmodelled);
  const antiAffinity = podTerms("pod anti-affinity", pod.affinity?.podAntiAffinity, unmodelled);
  for (const c of pod.topologySpreadConstraints ?? []) {
    unmodelled.push(
      c.whenUnsatisfiable === "DoNotSchedule"
        ? `topology spread on ${c.topologyKey} (DoNotSchedule, which the cluster autoscaler does not support)`
        : `topology spread on ${c.topologyKey} (ScheduleAnyway)`,
    );
  }
  if (pod.schedulerName !== undefined && !KNOWN_SCHEDULERS.has(pod.schedulerName)) {
    unmodelled.push(`custom scheduler ${pod.schedulerName}`);
  }
  unmodelled.push(...(pod.notModelled ?? []));
  return { affinity, antiAffinity, unmodelled: [...new Set(unmodelled)] };
}

function valueHolds(
  operator: NodeSelectorRequirement["operator"],
  value: string | undefined,
  values: readonly string[],
): boolean {
  switch (operator) {
    case "In":
      return value !== undefined && values.includes(value);
    case "NotIn":
      return value === undefined || !values.includes(value);
    case "Exists":
      return value !== undefined;
    case "DoesNotExist":
      return value === undefined;
    case "Gt":
    case "Lt": {
      const [bound] = values;
      if (value === undefined || bound === undefined) return false;
      const [a, b] = [Number.parseInt(value, 10), Number.parseInt(bound, 10)];
      if (!Number.isInteger(a) || !Number.isInteger(b)) return false;
      return operator === "Gt" ? a > b : a < b;
    }
    default:
      return operator satisfies never;
  }
}

/** One node-selector (or label-selector) expression against labels. */
export function requirementHolds(
  req: NodeSelectorRequirement,
  labels: Readonly<Record<string, string>> | undefined,
): boolean {
  return valueHolds(req.operator, labels?.[req.key], req.values ?? []);
}

/**
 * Required node affinity against a node's labels: in the simple form every expression
 * holds; in Kubernetes' form some term holds (each with all its expressions; an empty
 * term list matches no node, as the scheduler has it).
 */
export function requiredNodeAffinityHolds(
  nodeAffinity: NodeSelectorRequirement[] | NodeAffinity | undefined,
  labels: Readonly<Record<string, string>>,
): boolean {
  if (nodeAffinity === undefined) return true;
  if (isSimpleTerms<NodeSelectorRequirement>(nodeAffinity)) {
    return nodeAffinity.every((req) => requirementHolds(req, labels));
  }
  const required = nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution;
  if (required === undefined) return true;
  return required.nodeSelectorTerms.some((term) =>
    (term.matchExpressions ?? []).every((req) => requirementHolds(req, labels)),
  );
}

/** The expressions of required node affinity, all terms together (to tell a pinned zone). */
export function requiredNodeExpressions(
  nodeAffinity: NodeSelectorRequirement[] | NodeAffinity | undefined,
): NodeSelectorRequirement[] {
  if (nodeAffinity === undefined) return [];
  if (isSimpleTerms<NodeSelectorRequirement>(nodeAffinity)) return nodeAffinity;
  return (
    nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution?.nodeSelectorTerms ?? []
  ).flatMap((term) => term.matchExpressions ?? []);
}

/** Whether a Kubernetes label selector selects `labels` (an empty one selects all). */
export function labelSelectorMatches(
  selector: LabelSelector,
  labels: Readonly<Record<string, string>> | undefined,
): boolean {
  for (const [key, value] of Object.entries(selector.matchLabels ?? {})) {
    if (labels?.[key] !== value) return false;
  }
  return (selector.matchExpressions ?? []).every((req) => requirementHolds(req, labels));
}

function toleratesOne(toleration: Toleration, taint: Taint): boolean {
  if (toleration.effect !== undefined && toleration.effect !== taint.effect) return false;
  if (toleration.operator === "Exists") {
    return toleration.key === undefined || toleration.key === taint.key;
  }
  return toleration.key === taint.key && (toleration.value ?? "") === (taint.value ?? "");
}

/**
 * Whether a pod with `tolerations` may land on a node with `taints`: every NoSchedule and
 * NoExecute taint is tolerated (PreferNoSchedule only steers the scheduler), as
 * kube-scheduler's TaintToleration filter has it.
 *
 * @example tolerates([{ key: "dedicated", operator: "Equal", value: "ml", effect: "NoSchedule" }], [{ key: "dedicated", value: "ml", effect: "NoSchedule" }]) // true
 */
export function tolerates(
  tolerations: readonly Toleration[] | undefined,
  taints: readonly Taint[] | undefined,
): boolean {
  for (const taint of taints ?? []) {
    if (taint.effect === "PreferNoSchedule") continue;
    if (!(tolerations ?? []).some((t) => toleratesOne(t, taint))) return false;
  }
  return true;
}
