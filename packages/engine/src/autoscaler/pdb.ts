import { selectorMatches } from "./labels.ts";
import type { PodInfo, Snapshot } from "./snapshot.ts";
import type { PodDisruptionBudget } from "./types.ts";

/** A PodDisruptionBudget with the evictions it still allows in this pass. */
export interface Budget {
  name: string;
  pdb: PodDisruptionBudget;
  allowed: number;
}

/** "50%" of `total`, rounded up as Kubernetes scales PDB percentages; counts as is. */
function scaled(value: number | string, total: number): number {
  if (typeof value === "number") return value;
  const pct = Number(value.replace(/%$/, ""));
  return Number.isFinite(pct) ? Math.ceil((pct * total) / 100) : 0;
}

/** Whether the budget covers the pod (same namespace when the budget names one). */
export function covers(pdb: PodDisruptionBudget, pod: PodInfo): boolean {
  if (pdb.namespace !== undefined && (pod.pod.namespace ?? "default") !== pdb.namespace)
    return false;
  return selectorMatches(pdb.selector, pod.pod.labels);
}

/**
 * CA-7: how many more pods each budget lets go now. Healthy = matching pods running on
 * a node; `minAvailable`: healthy − min; `maxUnavailable`: max − pods not running.
 */
export function disruptionBudgets(
  pdbs: readonly PodDisruptionBudget[],
  snapshot: Snapshot,
): Budget[] {
  const running: PodInfo[] = [];
  for (const node of snapshot.nodes) {
    if (node.state === "READY" || node.state === "CORDONED") {
      for (const p of node.pods) if (!p.pod.daemonSet) running.push(p);
    }
  }
  return pdbs.map((pdb, i) => {
    const healthy = running.filter((p) => covers(pdb, p)).length;
    const expected = healthy + snapshot.pending.filter((p) => covers(pdb, p)).length;
    const allowed =
      pdb.minAvailable !== undefined
        ? healthy - scaled(pdb.minAvailable, expected)
        : scaled(pdb.maxUnavailable ?? 0, expected) - (expected - healthy);
    return { name: pdb.name ?? `pdb-${i}`, pdb, allowed };
  });
}
