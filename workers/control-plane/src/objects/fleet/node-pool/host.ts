import {
  blockedPool,
  cancelledAtRest,
  cancelUpgrade,
  completeUpgrade,
  type Decision,
  decideAll,
  type Instant,
  isTerminal,
  type Maintenance,
  type NodeFacts,
  type NodePoolEvent,
  type NodePoolOperation,
  type NodePoolOperationView,
  type NodePoolUpgradeRequest,
  nodesWithUnevictablePods,
  nodeTableChanged,
  ok,
  operationOfCommand,
  operationView,
  type PoolNode,
  type ProviderEvent,
  poolNodes,
  type Result,
  refuse,
  resumeUpgrade,
  rollbackUpgrade,
  startNodePoolUpgrade,
  unevictableNews,
  windowInfo,
  workInFlight,
} from "@regatta/engine";
import type { Timer, Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { loadWorkloads } from "../autoscaler/index.ts";
import { OP_TIMER, poolKey, RETIRE_TIMER, WINDOW_TIMER } from "./keys.ts";
import {
  requestWriteBack,
  restsCancelled,
  scheduleCancelledRetirement,
  supersede,
} from "./lifecycle.ts";
import { saveForOwners } from "./save.ts";
import { checkOnSoak, soakAnswer } from "./soak-checks.ts";
import { type HostedOperation, loadOperation, mainKeys } from "./store.ts";

/**
 * The fleet object's node-pool upgrades: one machine per operation (its rows are
 * operation-store.ts's), fed by provider events (routed by the operation id that
 * prefixes every command id), by its own timer, and by the cluster's maintenance
 * window (MW-4).
 */

export type PoolControl = "cancel" | "resume" | "rollback" | "complete";

/**
 * Commands per `send`: a decision may start thousands of nodes (a 16,000-node
 * blue-green creates its whole green pool at once) and a provider outside the object
 * gets each send as one stored batch, so batches stay far below the 2 MB row limit.
 */
const COMMANDS_PER_SEND = 500;

/** What starting an upgrade needs besides the request. */
export interface StartContext {
  maintenance: Maintenance | undefined;
  /** The pool's uid in the inventory, which the write-back must find again. */
  poolUid: string | undefined;
  /** How long the operation is kept once finished. */
  retentionMs: number;
}

/**
 * NUP-10: an autoscaled blue-green upgrade starts knowing which nodes run pods marked not
 * safe to evict, from the cluster's workloads; other strategies do not read them.
 */
function withUnevictable(tx: Tx, request: NodePoolUpgradeRequest): NodePoolUpgradeRequest {
  if (request.pool.upgradeStrategy?.type !== "AUTOSCALED_BLUE_GREEN") return request;
  const nodes = nodesWithUnevictablePods(loadWorkloads(tx, request.pool.cluster).pods);
  return nodes.length === 0
    ? request
    : { ...request, pool: { ...request.pool, unevictableNodes: nodes } };
}

export function startOperation(
  tx: Tx,
  request: NodePoolUpgradeRequest,
  context: StartContext,
): Result<NodePoolOperationView> {
  const { maintenance } = context;
  const { cluster, pool } = request.pool;
  const activeId = tx.getState<string>(poolKey(cluster, pool));
  const active = activeId ? loadOperation(tx, activeId) : undefined;
  // NUP-7 / seed 004: a cancelled surge upgrade whose started nodes finished is
  // superseded by a new upgrade, which plans from the nodes it left.
  const supersedes = active !== undefined && cancelledAtRest(active.op);
  if (active && !isTerminal(active.op.header.state) && !supersedes) {
    return refuse(
      "NUP-7",
      "conflict",
      `node pool ${pool} already has operation ${activeId} (${active.op.header.state}); resume, roll back or wait for it`,
    );
  }
  // The new operation plans from the inventory, so the old one must have settled and
  // been written back.
  const blocked =
    active &&
    (blockedPool(active.op) ??
      (active.synced
        ? undefined
        : "its nodes are still being written to the inventory; retry in a moment"));
  if (blocked) {
    return refuse(
      "NUP-7",
      "conflict",
      `node pool ${pool}: operation ${activeId} is ${active.op.header.state} but ${blocked}`,
    );
  }
  const window = windowInfo(maintenance, tx.now);
  const facts = withUnevictable(tx, request);
  const started = startNodePoolUpgrade(window ? { ...facts, window } : facts, tx.now);
  if (!started.ok) return started;
  if (active && supersedes) supersede(tx, active, request.operationId, context.retentionMs);
  const hosted: HostedOperation = {
    op: started.value.state,
    synced: false,
    revision: 0,
    retentionMs: context.retentionMs,
  };
  if (maintenance) hosted.maintenance = maintenance;
  if (context.poolUid !== undefined) hosted.poolUid = context.poolUid;
  tx.putState(poolKey(cluster, pool), request.operationId);
  save(tx, hosted, started.value, true);
  return ok(operationView(hosted.op));
}

/** Applies provider events, grouped per operation so each writes its row once. */
export function applyEvents(tx: Tx, events: readonly ProviderEvent[]): ProviderEvent[] {
  const byOperation = new Map<string, NodePoolEvent[]>();
  const unclaimed: ProviderEvent[] = [];
  // An answer for an operation held elsewhere would cost a read of each row its main
  // row may be in: one read asks for the whole batch's.
  tx.prefetch(
    [
      ...new Set(
        events.flatMap((event) =>
          event.type === "NODE_PREEMPTED" ? [] : (operationOfCommand(event.commandId) ?? []),
        ),
      ),
    ].flatMap(mainKeys),
  );
  for (const event of events) {
    const id = operationOf(tx, event);
    const hosted = id ? loadOperation(tx, id) : undefined;
    if (!id || !hosted) {
      unclaimed.push(event);
      continue;
    }
    // Late reports for an operation whose pool is gone or that was superseded.
    if (hosted.detached !== undefined) continue;
    // EXT-7: the answer to its soak's health check (soak-checks.ts) is not a node's.
    const soak = soakAnswer(id, event);
    const taken = soak === undefined ? event : soak.event;
    if (taken === undefined) continue;
    const list = byOperation.get(id) ?? [];
    list.push(taken);
    byOperation.set(id, list);
  }
  for (const [id, list] of byOperation) {
    const hosted = loadOperation(tx, id)!;
    save(tx, hosted, decideAll(hosted.op, list, tx.now));
  }
  return unclaimed;
}

/**
 * EXT-7: a URL check of the operation's node-pool soak failed (soak-checks.ts); a
 * blue-green upgrade still soaking rolls back, anything else ignores it.
 */
export function soakCheckFailed(tx: Tx, id: string, detail: string): void {
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.detached !== undefined || isTerminal(hosted.op.header.state)) return;
  const event: NodePoolEvent = { type: "HEALTH_CHECK_FAILED", at: tx.now, detail };
  save(tx, hosted, decideAll(hosted.op, [event], tx.now));
}

/** Timer kinds this host owns: the machine's own wake-up and window changes. */
export function fireTimer(tx: Tx, timer: Timer): void {
  const id = timer.payload;
  const hosted = id ? loadOperation(tx, id) : undefined;
  if (!hosted || hosted.detached !== undefined) return;
  // An ended operation with nothing in flight has nothing left to wake for: a wake-up
  // set as a conservative bound before it ended would only rewrite its row.
  if (isTerminal(hosted.op.header.state) && workInFlight(hosted.op) === 0) return;
  const events: NodePoolEvent[] =
    timer.kind === WINDOW_TIMER
      ? [
          {
            type: "WINDOW",
            at: tx.now,
            window: windowInfo(hosted.maintenance, tx.now) ?? { openUntil: null },
          },
        ]
      : [{ type: "TICK", at: tx.now }];
  save(tx, hosted, decideAll(hosted.op, events, tx.now));
}

/**
 * NUP-12: the autoscaler added or removed nodes of a pool an upgrade owns; the pool's
 * operation takes them as a `POOL_SCALED` event (autoscaled blue-green grows green this
 * way). False when no running operation owns the pool (the inventory has its nodes).
 */
export function scalePool(
  tx: Tx,
  cluster: string,
  pool: string,
  change: { added: readonly NodeFacts[]; removed: readonly string[] },
): boolean {
  const id = tx.getState<string>(poolKey(cluster, pool));
  const hosted = id ? loadOperation(tx, id) : undefined;
  if (!hosted || hosted.detached !== undefined || isTerminal(hosted.op.header.state)) return false;
  const event: NodePoolEvent = {
    type: "POOL_SCALED",
    at: tx.now,
    added: [...change.added],
    removed: [...change.removed],
  };
  save(tx, hosted, decideAll(hosted.op, [event], tx.now));
  return true;
}

/**
 * NUP-10: the nodes of `cluster` running pods marked not safe to evict, as the
 * autoscaler's latest placement shows them; the pool's upgrade takes them when they are
 * news to it (an autoscaled blue-green upgrade holds such blue nodes back).
 */
export function reportUnevictable(
  tx: Tx,
  cluster: string,
  pool: string,
  nodes: readonly string[],
): void {
  const id = tx.getState<string>(poolKey(cluster, pool));
  const hosted = id ? loadOperation(tx, id) : undefined;
  if (!hosted || hosted.detached !== undefined || !unevictableNews(hosted.op, nodes)) return;
  const event: NodePoolEvent = { type: "UNEVICTABLE_PODS", at: tx.now, nodes: [...nodes] };
  save(tx, hosted, decideAll(hosted.op, [event], tx.now));
}

export function controlPool(
  tx: Tx,
  cluster: string,
  pool: string,
  control: PoolControl,
): Result<NodePoolOperationView> {
  const id = tx.getState<string>(poolKey(cluster, pool));
  const hosted = id ? loadOperation(tx, id) : undefined;
  if (!hosted)
    return refuse(
      "NUP-7",
      "conflict",
      `node pool ${pool} of ${cluster} has no upgrade to ${control}`,
    );
  if (hosted.detached !== undefined) {
    return refuse(
      "NUP-7",
      "conflict",
      `NUP-7: operation ${id} of node pool ${pool} ${hosted.detached}`,
    );
  }
  const decided = CONTROLS[control](hosted.op, tx.now);
  if (!decided.ok) return decided;
  save(tx, hosted, decided.value);
  return ok(operationView(hosted.op));
}

/**
 * Resumes operation `id` where its strategy allows (NUP-7: a failed surge upgrade
 * resumes with the nodes it has not upgraded); a refusal leaves it as it was.
 */
export function resumeOperation(tx: Tx, id: string): Result<NodePoolOperationView> {
  const hosted = loadOperation(tx, id);
  if (!hosted) return refuse("NUP-7", "conflict", `NUP-7: ${id} is not a node-pool upgrade`);
  const decided = resumeUpgrade(hosted.op, tx.now);
  if (!decided.ok) return decided;
  save(tx, hosted, decided.value);
  return ok(operationView(hosted.op));
}

const CONTROLS: Record<
  PoolControl,
  (op: NodePoolOperation, now: Instant) => Result<Decision<NodePoolOperation>>
> = {
  cancel: cancelUpgrade,
  resume: resumeUpgrade,
  rollback: rollbackUpgrade,
  complete: completeUpgrade,
};

export function getOperation(tx: Tx, id: string): NodePoolOperationView | undefined {
  const hosted = loadOperation(tx, id);
  return hosted && operationView(hosted.op);
}

/** Live nodes of pools whose operation has not been written back to the inventory. */
export function liveNodes(
  tx: Tx,
  cluster: string,
  pools: readonly string[],
): Record<string, PoolNode[]> {
  const live: Record<string, PoolNode[]> = {};
  for (const pool of pools) {
    const id = tx.getState<string>(poolKey(cluster, pool));
    const hosted = id ? loadOperation(tx, id) : undefined;
    if (hosted && !hosted.synced) live[pool] = poolNodes(hosted.op);
  }
  return live;
}

/** Why a pool operation is not progressing (NUP-6, MW-4), if it says; its owner shows it. */
export function operationReason(tx: Tx, id: string): string | undefined {
  return loadOperation(tx, id)?.op.header.reason;
}

/**
 * The nodes a pool operation left (or holds now): a retry after a failed pool upgrade
 * plans from these, not from the facts the first attempt started with.
 */
export function operationNodes(tx: Tx, id: string): PoolNode[] | undefined {
  const hosted = loadOperation(tx, id);
  return hosted && poolNodes(hosted.op);
}

/**
 * Command reports carry their operation in the id; a preemption belongs to the pool's
 * operation while that operation's node table is the truth for the pool (it runs, or its
 * nodes are not written back yet). Once settled, the inventory holds the pool's nodes and
 * the preemption is the autoscaler room's.
 */
function operationOf(tx: Tx, event: ProviderEvent): string | undefined {
  if (event.type !== "NODE_PREEMPTED") return operationOfCommand(event.commandId);
  const id = tx.getState<string>(poolKey(event.cluster, event.pool));
  const hosted = id ? loadOperation(tx, id) : undefined;
  if (!hosted || hosted.detached !== undefined) return undefined;
  return isTerminal(hosted.op.header.state) && hosted.synced ? undefined : id;
}

/** Persists a decision; `fresh` writes every row (a new operation has none yet). */
function save(
  tx: Tx,
  hosted: HostedOperation,
  decision: Decision<NodePoolOperation>,
  fresh = false,
): void {
  const before = fresh ? undefined : hosted.op;
  hosted.op = decision.state;
  const id = hosted.op.header.id;
  const terminal = isTerminal(hosted.op.header.state);
  // The inventory gets the nodes when the operation comes to rest (ends, or a cancelled
  // surge's started nodes finished), and again whenever they change after that: a
  // failed operation's started nodes finish, and a resume or rollback brings it back.
  const rests = terminal || cancelledAtRest(hosted.op);
  const settled =
    before !== undefined &&
    (isTerminal(before.header.state) || cancelledAtRest(before)) &&
    !nodeTableChanged(before, hosted.op);
  if (!rests || !settled) {
    hosted.synced = false;
  }
  hosted.revision += 1;
  saveForOwners(tx, hosted, before);
  checkOnSoak(tx, before, hosted.op);
  for (let i = 0; i < decision.commands.length; i += COMMANDS_PER_SEND) {
    tx.send(decision.commands.slice(i, i + COMMANDS_PER_SEND));
  }
  // The machine asks for a wake-up only while something can still happen; a failed one
  // still does while its started nodes finish.
  if (decision.wakeAt === undefined) tx.clearTimer(timerId(OP_TIMER, id));
  else
    tx.setTimer({ id: timerId(OP_TIMER, id), due: decision.wakeAt, kind: OP_TIMER, payload: id });
  // Changed again: its retention starts over once it is written back.
  if (!hosted.synced) tx.clearTimer(timerId(RETIRE_TIMER, id));
  // Cancelled and at rest: kept as long as a finished one, from its last event.
  if (restsCancelled(hosted)) scheduleCancelledRetirement(tx, hosted);
  if (rests && !hosted.synced) requestWriteBack(tx, id);
  if (terminal) {
    tx.clearTimer(timerId(WINDOW_TIMER, id));
    return;
  }
  // MW-4: wake at the window's next edge so the machine learns it opened or closed.
  const window = windowInfo(hosted.maintenance, tx.now);
  const edge = window?.openUntil ?? window?.nextOpenAt;
  if (edge !== undefined)
    tx.setTimer({ id: timerId(WINDOW_TIMER, id), due: edge, kind: WINDOW_TIMER, payload: id });
}
