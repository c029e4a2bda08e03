import type { Instant } from "../time/instant.ts";
import { type NodePoolOperation, strategyModule } from "./strategies/index.ts";
import type { OperationEvent, OperationState, PoolNode, StrategyType } from "./types.ts";

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
  return strategyModule(op.kind)
    .poolNodes(op)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/**
 * True when the operation's node table differs between two versions of it (a decision
 * that left it alone keeps the same table).
 *
 * @example nodeTableChanged(before, decideAll(before, [], now).state) // false
 */
export function nodeTableChanged(before: NodePoolOperation, after: NodePoolOperation): boolean {
  return before.nodes !== after.nodes;
}

/**
 * Why the pool cannot take a new upgrade yet, after this operation ended; undefined when
 * it can. A failed operation's started nodes still finish (NUP-7), and a strategy may
 * hold the pool for more (a failed surge's half-replaced nodes are resumed or rolled
 * back first, so no node is leaked or lost).
 *
 * @example blockedPool(failedSurge) // "1 nodes are half-replaced (a-000); resume or roll back op-1 first"
 */
export function blockedPool(op: NodePoolOperation): string | undefined {
  const busy = workInFlight(op);
  if (busy > 0) return `${busy} started nodes are still finishing; retry when they are done`;
  return strategyModule(op.kind).blocked(op);
}

/**
 * Node steps still waiting on the provider (a failed operation's started nodes finish).
 *
 * @example workInFlight(failedWithOneDrain) // 1
 */
export function workInFlight(op: NodePoolOperation): number {
  return strategyModule(op.kind).workInFlight(op);
}
