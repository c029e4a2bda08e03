import { nodeLabels, nodeSelectorMatches } from "./labels.ts";
import { addResources, ZERO } from "./requests.ts";
import type { Snapshot } from "./snapshot.ts";
import type { AutoscalerPool, Resources } from "./types.ts";

/** What DaemonSet pods take on every node of a pool (CA-2). */
export interface DaemonSetOverhead {
  requests: Resources;
  pods: number;
}

/**
 * CA-2: DaemonSet pods reduce what a new node can hold. A pool with nodes: the most any
 * of its nodes carries in DaemonSet pods. A pool without nodes: the most any node of the
 * cluster carries in DaemonSet pods whose selectors match the pool's labels.
 */
export function daemonSetOverhead(snapshot: Snapshot, pool: AutoscalerPool): DaemonSetOverhead {
  const own = snapshot.nodes.filter((n) => n.pool.name === pool.name);
  const labels = nodeLabels(pool, pool.zones[0] ?? "");
  const sources = own.length > 0 ? own : snapshot.nodes;
  let best: DaemonSetOverhead = { requests: ZERO, pods: 0 };
  for (const node of sources) {
    let requests = ZERO;
    let pods = 0;
    for (const p of node.pods) {
      if (!p.pod.daemonSet) continue;
      if (own.length === 0 && !nodeSelectorMatches(p.pod, labels)) continue;
      requests = addResources(requests, p.requests);
      pods += 1;
    }
    if (
      requests.cpuMillis + requests.memoryMiB >
      best.requests.cpuMillis + best.requests.memoryMiB
    ) {
      best = { requests, pods };
    }
  }
  return best;
}
