import type { components } from "@regatta/client";
import type { Bar, Ending, Snapshot } from "./model.ts";

type Operation = components["schemas"]["Operation"];
type Node = components["schemas"]["Node"];
type NodePool = components["schemas"]["NodePool"];

/** An operation and, for a node pool's, its pool and nodes at the same poll. */
export interface PoolProgress {
  operation: Operation;
  pool?: NodePool;
  nodes: Node[];
}

const ENDED: Record<Operation["state"], boolean | undefined> = {
  SUCCEEDED: true,
  FAILED: false,
  ROLLED_BACK: false,
  CANCELLED: false,
  RUNNING: undefined,
  // A paused upgrade waits for its window or a resume; the watch waits with it.
  PAUSED: undefined,
};

/**
 * An operation as bars: its own progress, then nodes on the target per zone (ready, on
 * the target version and image, out of the pool's per-zone count).
 */
export function poolSnapshot({ operation, pool, nodes }: PoolProgress): Snapshot {
  const { target } = operation;
  const bars: Bar[] = [
    {
      key: "operation",
      label: "steps",
      done: operation.progress.done,
      total: operation.progress.total,
      note: operation.phase ?? "",
    },
  ];
  if (pool !== undefined) {
    for (const zone of pool.zones) {
      const inZone = nodes.filter((n) => n.zone === zone);
      const upgraded = inZone.filter(
        (n) =>
          n.state === "READY" &&
          n.version === target.version &&
          (target.nodeImage === undefined || n.nodeImage === target.nodeImage),
      ).length;
      bars.push({
        key: `zone/${zone}`,
        label: `zone ${zone}`,
        done: Math.min(upgraded, pool.nodeCount),
        total: pool.nodeCount,
        note: `${inZone.length} nodes`,
      });
    }
  }
  const where = target.pool ? `${target.cluster}/${target.pool}` : target.cluster;
  const reason = operation.reason ? ` — ${operation.reason}` : "";
  return {
    status: `operation ${operation.id} (${where} → ${target.version}): ${operation.state}${reason}`,
    bars,
    events: operation.events.map((e) => `${e.at} ${e.message}`),
  };
}

export function poolEnding({ operation }: PoolProgress): Ending | undefined {
  const ended = ENDED[operation.state];
  if (ended === undefined) return undefined;
  const why = operation.error ? `: ${operation.error}` : "";
  return { succeeded: ended, summary: `operation ${operation.id} ended ${operation.state}${why}` };
}
