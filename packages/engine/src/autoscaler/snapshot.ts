import type { NodeColor, NodeState } from "../node-pool/types.ts";
import type { Instant } from "../time/instant.ts";
import { DEFAULT_MAX_PODS_PER_NODE } from "./defaults.ts";
import { nodeLabels } from "./labels.ts";
import { addResources, effectiveRequests, ZERO } from "./requests.ts";
import type {
  AutoscalerInput,
  AutoscalerPod,
  AutoscalerPool,
  PodAffinityTerm,
  Resources,
} from "./types.ts";

/** A pod with what the simulation needs computed once. */
export interface PodInfo {
  pod: AutoscalerPod;
  /** `namespace/name`, unique in the snapshot. */
  key: string;
  requests: Resources;
  priority: number;
}

/** A node in the simulation: what it holds and what is left. */
export interface SimNode {
  name: string;
  pool: AutoscalerPool;
  zone: string;
  state: NodeState;
  color?: NodeColor;
  labels: Record<string, string>;
  allocatable: Resources;
  used: Resources;
  pods: PodInfo[];
  maxPods: number;
  createdAt?: Instant;
  /** Anti-affinity terms of the pods on it (checked against incoming pods too). */
  antiTerms: PodAffinityTerm[];
}

/** The cluster as one pass simulates it. */
export interface Snapshot {
  pools: Map<string, AutoscalerPool>;
  /** By name, in name order. */
  nodes: SimNode[];
  byName: Map<string, SimNode>;
  /** Pods needing a node: unassigned, or on a node that is gone, draining or deleting. */
  pending: PodInfo[];
}

/** The `namespace/name` of a pod. */
export function podKey(pod: Pick<AutoscalerPod, "name" | "namespace">): string {
  return `${pod.namespace ?? "default"}/${pod.name}`;
}

/** A pod prepared for the simulation (CA-2 requests computed once). */
export function podInfo(pod: AutoscalerPod): PodInfo {
  return { pod, key: podKey(pod), requests: effectiveRequests(pod), priority: pod.priority ?? 0 };
}

/** Nodes whose pods the simulation moves away: they are going or gone. */
export function isLeaving(state: NodeState): boolean {
  return state === "DRAINING" || state === "DELETING";
}

/** A node as a fresh member of `pool`: nothing on it yet. */
export function emptyNode(
  pool: AutoscalerPool,
  name: string,
  zone: string,
  extra: Partial<SimNode> = {},
): SimNode {
  return {
    name,
    pool,
    zone,
    state: "READY",
    labels: nodeLabels(pool, zone, name),
    allocatable: {
      cpuMillis: pool.machine.cpuMillis,
      memoryMiB: pool.machine.memoryMiB,
      accelerators: pool.machine.accelerators ?? 0,
    },
    used: ZERO,
    pods: [],
    maxPods: pool.maxPodsPerNode ?? DEFAULT_MAX_PODS_PER_NODE,
    antiTerms: [],
    ...extra,
  };
}

/** Puts a pod on a node in the simulation. */
export function placeOn(node: SimNode, pod: PodInfo): void {
  node.used = addResources(node.used, pod.requests);
  node.pods.push(pod);
  const anti = pod.pod.affinity?.podAntiAffinity;
  if (anti) node.antiTerms.push(...anti);
}

/**
 * Builds the simulated cluster: nodes with their pods' requests summed, pending pods in
 * name order. DaemonSet pods without a node are left out (their controller places them).
 */
export function buildSnapshot(input: AutoscalerInput): Snapshot {
  const pools = new Map(input.pools.map((p) => [p.name, p]));
  const nodes: SimNode[] = [];
  for (const n of input.nodes) {
    const pool = pools.get(n.pool);
    if (!pool) continue;
    nodes.push(
      emptyNode(pool, n.name, n.zone, {
        state: n.state,
        ...(n.color ? { color: n.color } : {}),
        ...(n.allocatable ? { allocatable: n.allocatable } : {}),
        ...(n.createdAt !== undefined ? { createdAt: n.createdAt } : {}),
      }),
    );
  }
  nodes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const byName = new Map(nodes.map((n) => [n.name, n]));
  const pending: PodInfo[] = [];
  for (const pod of input.pods) {
    const info = podInfo(pod);
    const node = pod.node === undefined ? undefined : byName.get(pod.node);
    if (node && !isLeaving(node.state)) placeOn(node, info);
    else if (!pod.daemonSet) pending.push(info);
  }
  pending.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { pools, nodes, byName, pending };
}
