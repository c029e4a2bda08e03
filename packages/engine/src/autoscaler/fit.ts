import { labelSelectorMatches, requiredNodeExpressions, tolerates } from "./constraints.ts";
import { LABEL, nodeSelectorMatches, podComputeClass } from "./labels.ts";
import type { PodInfo, SimNode } from "./snapshot.ts";
import type { AutoscalerPool, LabelSelector } from "./types.ts";

/**
 * Taint-like rules GKE puts on special pools: a compute-class pool takes only pods of
 * its class (CA-15) and a pod of a class only lands on its class's pools; accelerator
 * pools (GPU, TPU) take only pods that request accelerators, as GKE taints them. And
 * the pool's own taints: the pod must tolerate each NoSchedule and NoExecute one.
 */
export function poolAccepts(pool: AutoscalerPool, pod: PodInfo): boolean {
  if (podComputeClass(pod.pod) !== pool.computeClass) return false;
  if ((pool.machine.accelerators ?? 0) > 0 && pod.requests.accelerators === 0) return false;
  return pool.taints === undefined || tolerates(pod.pod.tolerations, pool.taints);
}

function termMatchesAny(term: LabelSelector, pods: readonly PodInfo[]): boolean {
  return pods.some((p) => labelSelectorMatches(term, p.pod.labels));
}

/**
 * Pod (anti-)affinity on the node (hostname) topology. Anti-affinity is checked both
 * ways (the incoming pod's terms and those of the pods already there). A pod whose own
 * labels match its affinity term may start its group on a node without a match, as
 * kube-scheduler allows the first pod of a group.
 */
function affinityAllows(pod: PodInfo, node: SimNode): boolean {
  const { affinity, antiAffinity } = pod.constraints;
  for (const term of antiAffinity) {
    if (termMatchesAny(term, node.pods)) return false;
  }
  for (const term of node.antiTerms) {
    if (labelSelectorMatches(term, pod.pod.labels)) return false;
  }
  for (const term of affinity) {
    if (termMatchesAny(term, node.pods)) continue;
    if (!labelSelectorMatches(term, pod.pod.labels)) return false;
  }
  return true;
}

/** Why a pod does not fit a node, or undefined when it fits (a scheduler-style filter). */
export type MisfitReason = "resources" | "pods" | "selector" | "affinity" | "pool";

/**
 * A scheduler-style fit check: requests within what is left (CA-2), a free pod slot
 * (`maxPodsPerNode`), node selector and required node affinity, pod (anti-)affinity on
 * the node topology, and the pool's taints and taint-like rules.
 */
export function misfit(pod: PodInfo, node: SimNode): MisfitReason | undefined {
  if (node.pods.length >= node.maxPods) return "pods";
  const r = pod.requests;
  const a = node.allocatable;
  const u = node.used;
  if (
    r.cpuMillis > a.cpuMillis - u.cpuMillis ||
    r.memoryMiB > a.memoryMiB - u.memoryMiB ||
    r.accelerators > a.accelerators - u.accelerators
  ) {
    return "resources";
  }
  if (!poolAccepts(node.pool, pod)) return "pool";
  if (!nodeSelectorMatches(pod.pod, node.labels)) return "selector";
  if (!affinityAllows(pod, node)) return "affinity";
  return undefined;
}

/** Whether the pod fits the node now. */
export function fits(pod: PodInfo, node: SimNode): boolean {
  return misfit(pod, node) === undefined;
}

/** Whether the pod names a zone through its selector or node affinity. */
export function pinsZone(pod: PodInfo): boolean {
  if (pod.pod.nodeSelector?.[LABEL.zone] !== undefined) return true;
  return requiredNodeExpressions(pod.pod.affinity?.nodeAffinity).some((r) => r.key === LABEL.zone);
}
