import { tolerates } from "./constraints.ts";
import { DEFAULT_MAX_PODS_PER_NODE } from "./defaults.ts";
import { nodeLabels, nodeSelectorMatches } from "./labels.ts";
import { followsProfile, poolProfile } from "./profile.ts";
import { addResources, effectiveRequests, fitsIn, utilization, ZERO } from "./requests.ts";
import { machineAllocatable } from "./snapshot.ts";
import type {
  AutoscalerCluster,
  AutoscalerNode,
  AutoscalerPod,
  AutoscalerPool,
  NodeInFlight,
  Resources,
  Taint,
} from "./types.ts";

/**
 * Where the control plane expects pods to run between two snapshots from the cluster's
 * agent: a pod whose node is gone, draining or being deleted was evicted (pending), and
 * a pending pod is bound to the first ready node it fits on, as kube-scheduler would (under
 * optimize-utilization, to the busiest one, as GKE's optimize-utilization-scheduler would).
 * The sim has no scheduler of its own, so this is how evicted pods of an autoscaled
 * blue-green upgrade end up on green nodes; with a real cluster the agent's next
 * `PUT …/workloads` replaces the guess.
 */

/** What the binder knows of a node. */
export interface BindableNode {
  node: AutoscalerNode;
  allocatable: Resources;
  maxPods: number;
  /** The labels node selectors see ({@link nodeLabels}). */
  labels: Record<string, string>;
  /** The pool's taints: a pod lands only if it tolerates them. */
  taints?: Taint[];
  /** CA-11: the pool optimizes utilization: pods go to its busiest nodes first. */
  packs?: boolean;
}

/** Pods after a placement: the same array order, changed pods as new objects. */
export interface Placement {
  pods: AutoscalerPod[];
  /** Indexes of the pods whose node changed. */
  changed: Set<number>;
}

/**
 * The nodes of known pools as the binder sees them: the pool's machine shape unless the
 * node reports its own, the pool's pod limit (API default 110), the pool's labels, and
 * whether the pool's profile (its own, else the cluster's) packs pods (CA-11).
 *
 * @example bindableNodes([{ name: "n1", pool: "a", zone: "z", state: "READY" }], [poolA])[0].maxPods // 110
 */
export function bindableNodes(
  nodes: readonly AutoscalerNode[],
  pools: readonly AutoscalerPool[],
  cluster: Pick<AutoscalerCluster, "autopilot" | "profile"> = {},
): BindableNode[] {
  const byPool = new Map(pools.map((p) => [p.name, p]));
  return nodes.flatMap((node) => {
    const pool = byPool.get(node.pool);
    if (!pool) return [];
    return [
      {
        node,
        allocatable: node.allocatable ?? machineAllocatable(pool),
        maxPods: pool.maxPodsPerNode ?? DEFAULT_MAX_PODS_PER_NODE,
        labels: nodeLabels(pool, node.zone, node.name),
        ...(pool.taints ? { taints: pool.taints } : {}),
        ...(poolProfile(cluster, pool) === "optimize-utilization" ? { packs: true } : {}),
      },
    ];
  });
}

/**
 * Evicts pods from nodes that cannot run them and binds pending pods where they fit
 * (CA-2: by requests; node selectors, required node affinity and taints as the scheduler
 * checks them). Higher priority and larger pods are placed first (the scheduler's queue order).
 * A pod goes to the first node by name, or, when nodes of an optimize-utilization pool can
 * take it, to the one with the largest share of CPU, memory or GPUs requested (CA-11, seed
 * 001) — unless the pod names a custom scheduler, which that profile does not affect.
 * `pods` is left as it was.
 *
 * @example placePods([{ name: "p", containers: [{ cpuMillis: 100, memoryMiB: 64 }] }], bindableNodes(nodes, pools)).pods[0].node // "n1"
 */
export function placePods(
  pods: readonly AutoscalerPod[],
  nodes: readonly BindableNode[],
): Placement {
  const placed = [...pods];
  const changed = new Set<number>();
  const move = (index: number, node: string | undefined) => {
    const { node: _old, missingNode: _missing, ...pod } = placed[index]!;
    placed[index] = node === undefined ? pod : { ...pod, node };
    changed.add(index);
  };
  // CA-3: a pod pinned to a node the cluster does not have is pending for this pass, so
  // the pass sees it and names the node; the next pass binds it like any pending pod.
  const strays = new Set<number>();
  const byName = new Map(nodes.map((n) => [n.node.name, n]));
  const used = new Map<string, { req: Resources; pods: number }>();
  const running = (state: string) => state === "READY" || state === "CORDONED";
  placed.forEach((pod, index) => {
    if (pod.node === undefined) return;
    const host = byName.get(pod.node);
    if (!host) {
      const { node: missingNode, ...rest } = pod;
      placed[index] = { ...rest, missingNode };
      changed.add(index);
      strays.add(index);
      return;
    }
    if (!running(host.node.state)) {
      move(index, undefined);
      return;
    }
    const u = used.get(pod.node) ?? { req: ZERO, pods: 0 };
    used.set(pod.node, { req: addResources(u.req, effectiveRequests(pod)), pods: u.pods + 1 });
  });
  const pending = placed
    .map((pod, index) => ({ pod, index, req: effectiveRequests(pod) }))
    .filter((p) => p.pod.node === undefined && !p.pod.daemonSet && !strays.has(p.index))
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
  const anyPacks = open.some((n) => n.packs === true);
  for (const { pod, index, req } of pending) {
    const packing = anyPacks && followsProfile(pod);
    let best: { node: BindableNode; after: Resources; pods: number; busy: number } | undefined;
    for (const candidate of open) {
      const u = used.get(candidate.node.name) ?? { req: ZERO, pods: 0 };
      if (u.pods >= candidate.maxPods) continue;
      const after = addResources(u.req, req);
      if (!fitsIn(after, candidate.allocatable)) continue;
      if (!nodeSelectorMatches(pod, candidate.labels)) continue;
      if (!tolerates(pod.tolerations, candidate.taints)) continue;
      const busy = packing && candidate.packs ? utilization(u.req, candidate.allocatable) : -1;
      if (best === undefined || busy > best.busy) {
        best = { node: candidate, after, pods: u.pods + 1, busy };
      }
      if (!packing) break;
    }
    if (best) {
      move(index, best.node.node.name);
      used.set(best.node.node.name, { req: best.after, pods: best.pods });
    }
  }
  return { pods: placed, changed };
}

/**
 * Pods on nodes the autoscaler is draining or deleting are evicted at once (CA-8: the
 * drain takes them); the next pass places them. `pods` is left as it was.
 *
 * @example evictFromLeaving([{ name: "p", node: "n1", containers: [] }], { n1: drainingFlight }).changed // Set {0}
 */
export function evictFromLeaving(
  pods: readonly AutoscalerPod[],
  inFlight: Readonly<Record<string, NodeInFlight>>,
): Placement {
  const changed = new Set<number>();
  const evicted = pods.map((pod, index) => {
    const flight =
      pod.node !== undefined && Object.hasOwn(inFlight, pod.node) ? inFlight[pod.node] : undefined;
    if (flight === undefined || flight.step === "CREATE") return pod;
    changed.add(index);
    const { node: _node, ...rest } = pod;
    return rest;
  });
  return { pods: evicted, changed };
}
