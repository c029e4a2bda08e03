import { pinsZone } from "./fit.ts";
import type { PodInfo } from "./snapshot.ts";

/**
 * Pods that schedule alike (same requests, selectors, affinity, labels, tolerations): the simulation
 * places a group in one sweep, the way upstream groups equivalent pods, so 50,000 pending
 * pods of a few shapes cost a few sweeps instead of 50,000 scans.
 */
export interface PodGroup {
  key: string;
  sample: PodInfo;
  /** Members still unplaced, from `next` on. */
  pods: PodInfo[];
  next: number;
  pinsZone: boolean;
}

function equivalenceKey(p: PodInfo): string {
  const { nodeSelector, affinity, labels, tolerations } = p.pod;
  const r = p.requests;
  return JSON.stringify([
    r.cpuMillis,
    r.memoryMiB,
    r.accelerators,
    nodeSelector,
    affinity,
    labels,
    tolerations,
  ]);
}

/** Groups pods into equivalence groups, in the order of their first member. */
export function groupPods(pods: readonly PodInfo[]): PodGroup[] {
  const groups = new Map<string, PodGroup>();
  for (const p of pods) {
    const key = equivalenceKey(p);
    const group = groups.get(key);
    if (group) group.pods.push(p);
    else groups.set(key, { key, sample: p, pods: [p], next: 0, pinsZone: pinsZone(p) });
  }
  return [...groups.values()];
}

/** How many members are still unplaced. */
export function remaining(group: PodGroup): number {
  return group.pods.length - group.next;
}

/** The unplaced members, in order. */
export function unplaced(groups: readonly PodGroup[]): PodInfo[] {
  return groups.flatMap((g) => g.pods.slice(g.next));
}
