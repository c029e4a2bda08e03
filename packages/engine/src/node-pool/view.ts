import type { Instant } from "../time/instant.ts";
import { bucketValues } from "./bucket-map.ts";
import { allNodes } from "./node-table.ts";
import { type ReplaceTask, taskNodeStates } from "./node-task.ts";
import type { OperationEvent, OperationState, PoolNode, StrategyType } from "./types.ts";
import type { NodePoolOperation } from "./upgrade.ts";

/** `GET /v1/operations/{id}` for a node-pool upgrade (instants as epoch ms). */
export interface NodePoolOperationView {
  id: string;
  kind: "NODE_POOL_UPGRADE";
  target: { cluster: string; pool: string; version: string; nodeImage: string };
  strategy: StrategyType;
  state: OperationState;
  phase: string;
  reason?: string;
  progress: { done: number; total: number };
  events: OperationEvent[];
  /** All events ever logged; `events` holds the newest ones. */
  eventCount: number;
  error?: string;
  startedAt: Instant;
  updatedAt: Instant;
  endedAt?: Instant;
}

/**
 * The operation as the API shows it.
 *
 * @example operationView(op).state // "RUNNING"
 */
export function operationView(op: NodePoolOperation): NodePoolOperationView {
  const h = op.header;
  const view: NodePoolOperationView = {
    id: h.id,
    kind: "NODE_POOL_UPGRADE",
    target: {
      cluster: h.cluster,
      pool: h.pool,
      version: h.target.version,
      nodeImage: h.target.nodeImage,
    },
    strategy: h.strategy,
    state: h.state,
    phase: h.phase,
    progress: h.progress,
    events: h.events,
    eventCount: h.eventCount,
    startedAt: h.startedAt,
    updatedAt: h.updatedAt,
  };
  if (h.reason !== undefined) view.reason = h.reason;
  if (h.error !== undefined) view.error = h.error;
  if (h.endedAt !== undefined) view.endedAt = h.endedAt;
  return view;
}

/**
 * Every node of the pool as the API lists it (`GET /v1/clusters/{cluster}/nodes`), by name.
 *
 * @example poolNodes(op)[0] // { name: "pool-a-1", zone: "a", version: "1.30.2", nodeImage: "cos", state: "DRAINING" }
 */
export function poolNodes(op: NodePoolOperation): PoolNode[] {
  const nodes = new Map<string, PoolNode>();
  for (const { slot: _s, work: _w, ...node } of allNodes(op.nodes)) nodes.set(node.name, node);
  if (op.kind === "SURGE" || op.kind === "SHORT_LIVED") {
    // Replacements keep their in-between states in the task, not in the table.
    for (const task of bucketValues<ReplaceTask>(op.tasks.items)) {
      const { old, fresh } = taskNodeStates(task);
      const current = task.old === undefined ? undefined : nodes.get(task.old);
      if (old !== undefined && current !== undefined)
        nodes.set(current.name, { ...current, state: old });
      if (fresh !== undefined) nodes.set(fresh.name, fresh);
    }
  }
  return [...nodes.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * Why the pool cannot take a new upgrade yet, after this operation ended; undefined when
 * it can. A failed operation's started nodes still finish (NUP-7), and a failed surge
 * that left nodes half-replaced (a surge node beside its old node, or an old node
 * already deleted) is resumed or rolled back first, so no node is leaked or lost.
 *
 * @example blockedPool(failedSurge) // "1 nodes are half-replaced (a-000); resume or roll back op-1 first"
 */
export function blockedPool(op: NodePoolOperation): string | undefined {
  const busy = workInFlight(op);
  if (busy > 0) return `${busy} started nodes are still finishing; retry when they are done`;
  if (op.kind !== "SURGE" || op.header.state !== "FAILED") return undefined;
  const half = bucketValues(op.tasks.items)
    .filter(
      (task) => task.failed !== undefined && !(task.path === "SURGE" && task.step === "CREATE"),
    )
    .map((task) => task.old ?? task.fresh);
  if (half.length === 0) return undefined;
  return `${half.length} nodes are half-replaced (${half.slice(0, 5).join(", ")}${half.length > 5 ? ", …" : ""}); resume or roll back ${op.header.id} first`;
}

/**
 * Node steps still waiting on the provider (a failed operation's started nodes finish).
 *
 * @example workInFlight(failedWithOneDrain) // 1
 */
export function workInFlight(op: NodePoolOperation): number {
  let count = 0;
  for (const node of allNodes(op.nodes)) if (node.work?.command !== undefined) count += 1;
  if ("tasks" in op) {
    for (const task of bucketValues<ReplaceTask>(op.tasks.items)) {
      if (task.failed === undefined) count += 1;
    }
  }
  return count;
}
