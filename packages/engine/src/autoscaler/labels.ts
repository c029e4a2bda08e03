import { requiredNodeAffinityHolds } from "./constraints.ts";
import type { AutoscalerPod, AutoscalerPool } from "./types.ts";

/** Well-known node labels the fit check matches selectors against. */
export const LABEL = {
  pool: "cloud.google.com/gke-nodepool",
  zone: "topology.kubernetes.io/zone",
  hostname: "kubernetes.io/hostname",
  instanceType: "node.kubernetes.io/instance-type",
  spot: "cloud.google.com/gke-spot",
  computeClass: "cloud.google.com/compute-class",
  tpuTopology: "cloud.google.com/gke-tpu-topology",
  accelerator: "cloud.google.com/gke-accelerator",
} as const;

/**
 * The labels a node of `pool` in `zone` carries: the pool's own and the ones GKE adds
 * (pool, zone, machine type, spot, compute class, TPU topology, GPU model: a pod picks a GPU
 * type with a `cloud.google.com/gke-accelerator` node selector). A node not yet created
 * has no hostname, so a pod pinned to a hostname never asks for a new node.
 */
export function nodeLabels(
  pool: AutoscalerPool,
  zone: string,
  hostname?: string,
): Record<string, string> {
  const labels: Record<string, string> = {
    ...pool.labels,
    [LABEL.pool]: pool.name,
    [LABEL.zone]: zone,
    [LABEL.instanceType]: pool.machine.machineType,
  };
  if (hostname !== undefined) labels[LABEL.hostname] = hostname;
  if (pool.spot) labels[LABEL.spot] = "true";
  if (pool.computeClass !== undefined) labels[LABEL.computeClass] = pool.computeClass;
  if (pool.tpu) labels[LABEL.tpuTopology] = pool.tpu.topology;
  else if (pool.machine.gpuType !== undefined && (pool.machine.accelerators ?? 0) > 0) {
    labels[LABEL.accelerator] = pool.machine.gpuType;
  }
  return labels;
}

/** Node selector and required node affinity of the pod, against a node's labels. */
export function nodeSelectorMatches(
  pod: Pick<AutoscalerPod, "nodeSelector" | "affinity">,
  labels: Record<string, string>,
): boolean {
  for (const [key, value] of Object.entries(pod.nodeSelector ?? {})) {
    if (labels[key] !== value) return false;
  }
  return requiredNodeAffinityHolds(pod.affinity?.nodeAffinity, labels);
}

/** Whether `labels` carry every key/value of `selector` (an empty selector matches all). */
export function selectorMatches(
  selector: Record<string, string>,
  labels: Record<string, string> | undefined,
): boolean {
  for (const [key, value] of Object.entries(selector)) {
    if (labels?.[key] !== value) return false;
  }
  return true;
}

/** The compute class a pod asks for through its node selector (CA-15). */
export function podComputeClass(pod: Pick<AutoscalerPod, "nodeSelector">): string | undefined {
  return pod.nodeSelector?.[LABEL.computeClass];
}
