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
