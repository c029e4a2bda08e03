import type { DaemonSetOverhead } from "./daemonsets.ts";
import { fits, poolAccepts } from "./fit.ts";
import { type PodGroup, remaining } from "./groups.ts";
import { LABEL, nodeLabels, nodeSelectorMatches } from "./labels.ts";
import { spreadOverZones, type ZoneSlot } from "./location.ts";
import { subtractResources } from "./requests.ts";
import { emptyNode, type PodInfo, placeOn, type SimNode } from "./snapshot.ts";
import type { AutoscalerPool, LocationPolicy, Resources } from "./types.ts";

/** Where and how many new nodes of one pool a packing may open. */
export interface PackTarget {
  pool: AutoscalerPool;
  overhead: DaemonSetOverhead;
  /** The pool's usable zones; their sizes and room are updated as bins are opened. */
  slots: ZoneSlot[];
  policy: LocationPolicy;
  /** New nodes allowed in all (pool maximum, cluster cap, per-scale-up cap). */
  maxNodes: number;
}

/** New nodes and the pods they take. */
export interface Packing {
  bins: SimNode[];
  placed: PodInfo[];
}

/** A new node of the pool as a template: allocatable minus DaemonSet pods (CA-2). */
export function templateNode(
  pool: AutoscalerPool,
  overhead: DaemonSetOverhead,
  zone: string,
  name = `${pool.name}-new`,
): SimNode {
  const node = emptyNode(pool, name, zone);
  node.allocatable = subtractResources(node.allocatable, overhead.requests);
  node.maxPods = Math.max(0, node.maxPods - overhead.pods);
  return node;
}

/** The largest share of a template's allocatable a pod takes: the FFD sort key. */
export function dominantShare(requests: Resources, allocatable: Resources): number {
  const share = (r: number, a: number): number => (r === 0 ? 0 : a > 0 ? r / a : Infinity);
  return Math.max(
    share(requests.cpuMillis, allocatable.cpuMillis),
    share(requests.memoryMiB, allocatable.memoryMiB),
    share(requests.accelerators, allocatable.accelerators),
  );
}

/** Zones of the pool whose labels the group's selectors accept. */
function zonesFor(group: PodGroup, target: PackTarget): ZoneSlot[] {
  return target.slots.filter((s) =>
    nodeSelectorMatches(group.sample.pod, nodeLabels(target.pool, s.zone)),
  );
}

/**
 * CA-3: first-fit-decreasing bin packing of pending pods onto new nodes of one pool:
 * groups largest first (by their dominant share of a node), each pod into the first
 * new node it fits, a new node when none has room. Pods that name a zone only go to
 * nodes of that zone; the other nodes are spread over zones by the location policy
 * (CA-10). Takes the pods it places out of their groups.
 */
export function packOntoNewNodes(groups: readonly PodGroup[], target: PackTarget): Packing {
  const { pool } = target;
  const probe = templateNode(pool, target.overhead, target.slots[0]?.zone ?? "");
  const order = groups
    .filter((g) => remaining(g) > 0 && poolAccepts(pool, g.sample))
    .map((g) => ({ g, share: dominantShare(g.sample.requests, probe.allocatable) }))
    .sort((a, b) => Number(b.g.pinsZone) - Number(a.g.pinsZone) || b.share - a.share);
  const bins: SimNode[] = [];
  const pinned = new Map<SimNode, string>();
  const placed: PodInfo[] = [];
  let budget = Math.min(
    target.maxNodes,
    target.slots.reduce((sum, s) => sum + Math.max(0, s.room), 0),
  );
  const fill = (group: PodGroup, bin: SimNode): void => {
    while (remaining(group) > 0 && fits(group.sample, bin)) {
      const pod = group.pods[group.next++] as PodInfo;
      placeOn(bin, pod);
      placed.push(pod);
    }
  };
  for (const { g } of order) {
    const zones = g.pinsZone ? zonesFor(g, target) : undefined;
    if (zones?.length === 0) continue;
    const allowed = zones ? new Set(zones.map((z) => z.zone)) : undefined;
    const template = templateNode(pool, target.overhead, zones?.[0]?.zone ?? probe.zone);
    if (!fits(g.sample, template)) continue;
    for (const bin of bins) {
      if (remaining(g) === 0) break;
      if (allowed && !allowed.has(pinned.get(bin) ?? "")) continue;
      fill(g, bin);
    }
    while (remaining(g) > 0 && budget > 0) {
      let zone = probe.zone;
      if (zones) {
        const slot = zones.find((s) => s.room > 0);
        if (!slot) break;
        slot.room -= 1;
        slot.size += 1;
        zone = slot.zone;
      }
      const bin = templateNode(pool, target.overhead, zone, `${pool.name}-new-${bins.length}`);
      bins.push(bin);
      if (zones) pinned.set(bin, zone);
      budget -= 1;
      fill(g, bin);
    }
  }
  const free = bins.filter((b) => !pinned.has(b));
  const spread = spreadOverZones(free.length, target.slots, target.policy);
  let i = 0;
  for (const zone of Object.keys(spread).sort()) {
    for (let k = 0; k < (spread[zone] ?? 0); k++) {
      const bin = free[i++] as SimNode;
      bin.zone = zone;
      bin.labels = { ...bin.labels, [LABEL.zone]: zone };
    }
  }
  return { bins, placed };
}
