import type { AutoscalerPod } from "./types.ts";

/** The pod annotation that keeps a pod where it runs (CA-7; NUP-10's 7-day hold). */
export const SAFE_TO_EVICT = "cluster-autoscaler.kubernetes.io/safe-to-evict";

/**
 * Whether the pod is marked not safe to evict (`safe-to-evict: "false"`).
 *
 * @example notSafeToEvict({ ...pod, annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "false" } }) // true
 */
export function notSafeToEvict(pod: AutoscalerPod): boolean {
  return pod.annotations?.[SAFE_TO_EVICT] === "false";
}

/**
 * The nodes running a pod marked not safe to evict, sorted: what NUP-10 holds back from
 * draining until 7 days after the cordon.
 *
 * @example nodesWithUnevictablePods([{ ...pod, node: "n-1", annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "false" } }]) // ["n-1"]
 */
export function nodesWithUnevictablePods(pods: readonly AutoscalerPod[]): string[] {
  const nodes = new Set<string>();
  for (const pod of pods) {
    if (pod.node !== undefined && pod.node !== null && notSafeToEvict(pod)) nodes.add(pod.node);
  }
  return [...nodes].sort();
}
