import {
  type AutoscalerNode,
  type AutoscalerPod,
  effectiveRequests,
  type Resources,
} from "@regatta/engine";

/**
 * Where the control plane expects pods to run between two snapshots from the cluster's
 * agent: a pod whose node is gone, draining or being deleted was evicted (pending), and
 * a pending pod is bound to the first ready node it fits on, as kube-scheduler would.
 * The sim has no scheduler of its own, so this is how evicted pods of an autoscaled
 * blue-green upgrade end up on green nodes; with a real cluster the agent's next
 * `PUT …/workloads` replaces the guess.
 */

/** What the binder knows of a node. */
export interface BindableNode {
  node: AutoscalerNode;
  allocatable: Resources;
  maxPods: number;
  /** The labels node selectors see (the engine's `nodeLabels`). */
  labels: Record<string, string>;
}

/**
 * Evicts pods from nodes that cannot run them and binds pending pods where they fit.
 * Returns the indexes of the pods whose node changed. Pods are changed in place.
 * Higher priority and larger pods are placed first (the scheduler's queue order).
 */
export function placePods(pods: AutoscalerPod[], nodes: readonly BindableNode[]): Set<number> {
  const changed = new Set<number>();
  const byName = new Map(nodes.map((n) => [n.node.name, n]));
  const used = new Map<string, { req: Resources; pods: number }>();
  const running = (state: string) => state === "READY" || state === "CORDONED";
  pods.forEach((pod, index) => {
    if (pod.node === undefined) return;
    const host = byName.get(pod.node);
    if (!host || !running(host.node.state)) {
      delete pod.node;
      changed.add(index);
      return;
    }
    const u = used.get(pod.node) ?? { req: zero(), pods: 0 };
    add(u.req, effectiveRequests(pod));
    u.pods += 1;
    used.set(pod.node, u);
  });
  const pending = pods
    .map((pod, index) => ({ pod, index, req: effectiveRequests(pod) }))
    .filter((p) => p.pod.node === undefined && !p.pod.daemonSet)
    .sort(
      (a, b) =>
        (b.pod.priority ?? 0) - (a.pod.priority ?? 0) ||
        b.req.cpuMillis - a.req.cpuMillis ||
        b.req.memoryMiB - a.req.memoryMiB ||
        a.index - b.index,
    );
  const open = nodes
    .filter((n) => n.node.state === "READY")
    .sort((a, b) => (a.node.name < b.node.name ? -1 : 1));
  for (const { pod, index, req } of pending) {
    for (const candidate of open) {
      const u = used.get(candidate.node.name) ?? { req: zero(), pods: 0 };
      if (u.pods >= candidate.maxPods) continue;
      if (!fits(u.req, req, candidate.allocatable)) continue;
      if (!selects(pod, candidate.labels)) continue;
      pod.node = candidate.node.name;
      add(u.req, req);
      u.pods += 1;
      used.set(candidate.node.name, u);
      changed.add(index);
      break;
    }
  }
  return changed;
}

function selects(pod: AutoscalerPod, labels: Record<string, string>): boolean {
  for (const [key, value] of Object.entries(pod.nodeSelector ?? {})) {
    if (labels[key] !== value) return false;
  }
  for (const term of pod.affinity?.nodeAffinity ?? []) {
    const value = labels[term.key];
    const ok =
      term.operator === "In"
        ? value !== undefined && (term.values ?? []).includes(value)
        : term.operator === "NotIn"
          ? value === undefined || !(term.values ?? []).includes(value)
          : term.operator === "Exists"
            ? value !== undefined
            : value === undefined;
    if (!ok) return false;
  }
  return true;
}

function fits(used: Resources, need: Resources, allocatable: Resources): boolean {
  return (
    used.cpuMillis + need.cpuMillis <= allocatable.cpuMillis &&
    used.memoryMiB + need.memoryMiB <= allocatable.memoryMiB &&
    used.accelerators + need.accelerators <= allocatable.accelerators
  );
}

function zero(): Resources {
  return { cpuMillis: 0, memoryMiB: 0, accelerators: 0 };
}

function add(into: Resources, more: Resources): void {
  into.cpuMillis += more.cpuMillis;
  into.memoryMiB += more.memoryMiB;
  into.accelerators += more.accelerators;
}
