import type { NodeColor, NodeState } from "../node-pool/types.ts";
import type { Instant } from "../time/instant.ts";
import { type PodConstraints, podConstraints } from "./constraints.ts";
import { DEFAULT_MAX_PODS_PER_NODE, SCALE_UP_PRIORITY_CUTOFF } from "./defaults.ts";
import { nodeLabels } from "./labels.ts";
import { addResources, effectiveRequests, ZERO } from "./requests.ts";
import type {
  AutoscalerInput,
  AutoscalerPod,
  AutoscalerPool,
  LabelSelector,
  Resources,
} from "./types.ts";

/** A pod with what the simulation needs computed once. */
export interface PodInfo {
  pod: AutoscalerPod;
  /** `namespace/name`, unique in the snapshot. */
  key: string;
  requests: Resources;
  priority: number;
  /** Pod (anti-)affinity in one form, and what is not modelled (CA-3, CA-17). */
  constraints: PodConstraints;
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
  antiTerms: LabelSelector[];
  /** Pods below the priority cut-off running here: they take no room but CA-7 still applies. */
  expendable: PodInfo[];
}

/** The cluster as one pass simulates it. */
export interface Snapshot {
  pools: Map<string, AutoscalerPool>;
  /** By name, in name order. */
  nodes: SimNode[];
  byName: Map<string, SimNode>;
  /** Pods needing a node: unassigned, or on a node that is gone, draining or deleting. */
  pending: PodInfo[];
  /** CA-3: pending pods pinned to a node this cluster does not have, with that node. */
  strays: { pod: PodInfo; node: string }[];
}

/** The `namespace/name` of a pod. */
export function podKey(pod: Pick<AutoscalerPod, "name" | "namespace">): string {
  return `${pod.namespace ?? "default"}/${pod.name}`;
}

/** A pod prepared for the simulation (CA-2 requests computed once). */
export function podInfo(pod: AutoscalerPod): PodInfo {
  return {
    pod,
    key: podKey(pod),
    requests: effectiveRequests(pod),
    priority: pod.priority ?? 0,
    constraints: podConstraints(pod),
  };
}

/** Nodes whose pods the simulation moves away: they are going or gone. */
export function isLeaving(state: NodeState): boolean {
  return state === "DRAINING" || state === "DELETING";
}

/** What a node of `pool` offers when it reports nothing of its own: its machine's shape. */
export function machineAllocatable(pool: AutoscalerPool): Resources {
  return {
    cpuMillis: pool.machine.cpuMillis,
    memoryMiB: pool.machine.memoryMiB,
    accelerators: pool.machine.accelerators ?? 0,
  };
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
    allocatable: machineAllocatable(pool),
    used: ZERO,
    pods: [],
    maxPods: pool.maxPodsPerNode ?? DEFAULT_MAX_PODS_PER_NODE,
    antiTerms: [],
    expendable: [],
    ...extra,
  };
}

/** Puts a pod on a node in the simulation. */
export function placeOn(node: SimNode, pod: PodInfo): void {
  node.used = addResources(node.used, pod.requests);
  node.pods.push(pod);
  const anti = pod.constraints.antiAffinity;
  if (anti.length > 0) node.antiTerms.push(...anti);
}

/**
 * Builds the simulated cluster: nodes with their pods' requests summed, pending pods in
 * name order (pods are taken in name order, so the input's order never matters).
 * DaemonSet pods without a node are left out (their controller places them).
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
  const strays: Snapshot["strays"] = [];
  const infos = input.pods
    .map(podInfo)
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (const info of infos) {
    const node = info.pod.node === undefined ? undefined : byName.get(info.pod.node);
    if (node && !isLeaving(node.state)) {
      // Upstream's "expendable" pods: below the priority cut-off (CA-12) they are preempted
      // by any other pod, so their room counts as free and they never keep a node.
      if (info.priority >= SCALE_UP_PRIORITY_CUTOFF || info.pod.daemonSet) placeOn(node, info);
      else node.expendable.push(info);
    } else if (!info.pod.daemonSet) {
      pending.push(info);
      const missing = info.pod.missingNode ?? (node === undefined ? info.pod.node : undefined);
      if (missing !== undefined) strays.push({ pod: info, node: missing });
    }
  }
  return { pools, nodes, byName, pending, strays };
}
