import {
  abandonUpgrade,
  blockedPool,
  cancelledAtRest,
  cancelUpgrade,
  completeUpgrade,
  type Decision,
  decideAll,
  exponentialBackoff,
  type Instant,
  isTerminal,
  type Maintenance,
  type NodePoolEvent,
  type NodePoolOperation,
  type NodePoolOperationView,
  type NodePoolUpgradeRequest,
  nextWindowOpen,
  nodeTableChanged,
  noteOnOperation,
  ok,
  operationView,
  type PoolNode,
  type ProviderEvent,
  poolNodes,
  type Result,
  refuse,
  resumeUpgrade,
  rollbackUpgrade,
  startNodePoolUpgrade,
  type WindowInfo,
  windowInstanceAt,
} from "@regatta/engine";
import {
  deleteOperationRows,
  type HostedOperation,
  isFinished,
  loadOperation,
  saveOperation,
} from "./operation-store.ts";
import type { Timer, Tx } from "./runtime/types.ts";

/**
 * The fleet object's node-pool upgrades: one machine per operation (its rows are
 * operation-store.ts's), fed by provider events (routed by the operation id that
 * prefixes every command id), by its own timer, and by the cluster's maintenance
 * window (MW-4).
 */

export type PoolControl = "cancel" | "resume" | "rollback" | "complete";

const poolKey = (cluster: string, pool: string) => `pool-op:${cluster}/${pool}`;
export const OP_TIMER = "op";
export const WINDOW_TIMER = "op-window";
export const SYNC_TIMER = "op-sync";
/** Removes a finished operation once its retention has passed. */
export const RETIRE_TIMER = "op-retire";

/**
 * Commands per `send`: a decision may start thousands of nodes (a 16,000-node
 * blue-green creates its whole green pool at once) and a provider outside the object
 * gets each send as one stored batch, so batches stay far below the 2 MB row limit.
 */
const COMMANDS_PER_SEND = 500;

/** A failed write-back is retried after 30 s, then ever more slowly up to every 6 h. */
const syncRetryDelay = exponentialBackoff({ first: 30_000, max: 6 * 3_600_000 });

const timerId = (kind: string, id: string) => `${kind}:${id}`;

/** MW-4: the window as the machine sees it at `now`; undefined = no window configured. */
export function windowInfo(
  maintenance: Maintenance | undefined,
  now: Instant,
): WindowInfo | undefined {
  if (!maintenance?.windows?.length) return undefined;
  const open = windowInstanceAt(maintenance.windows, now);
  if (open) return { openUntil: open.end };
  const next = nextWindowOpen(maintenance, now);
  return next === undefined ? { openUntil: null } : { openUntil: null, nextOpenAt: next };
}

/** What starting an upgrade needs besides the request. */
export interface StartContext {
  maintenance: Maintenance | undefined;
  /** The pool's uid in the inventory, which the write-back must find again. */
  poolUid: string | undefined;
  /** How long the operation is kept once finished. */
  retentionMs: number;
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
      409,
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
      409,
      `node pool ${pool}: operation ${activeId} is ${active.op.header.state} but ${blocked}`,
    );
  }
  const window = windowInfo(maintenance, tx.now);
  const started = startNodePoolUpgrade(window ? { ...request, window } : request, tx.now);
  if (!started.ok) return started;
  if (active && supersedes) supersede(tx, active, request.operationId, context.retentionMs);
  const hosted: HostedOperation = { op: started.value.state, synced: false, revision: 0 };
  if (maintenance) hosted.maintenance = maintenance;
  if (context.poolUid !== undefined) hosted.poolUid = context.poolUid;
  tx.putState(poolKey(cluster, pool), request.operationId);
  save(tx, hosted, started.value, true);
  return ok(operationView(hosted.op));
}

/** The cancelled operation stays CANCELLED but is finished: the new one owns the pool. */
function supersede(tx: Tx, hosted: HostedOperation, by: string, retentionMs: number): void {
  const before = hosted.op;
  hosted.op = noteOnOperation(
    before,
    `NUP-7: superseded by ${by}, which upgrades the nodes left`,
    tx.now,
  );
  hosted.detached = `superseded by ${by}`;
  hosted.revision += 1;
  saveOperation(tx, hosted, before);
  const id = before.header.id;
  tx.clearTimer(timerId(OP_TIMER, id));
  tx.clearTimer(timerId(WINDOW_TIMER, id));
  scheduleRetirement(tx, id, retentionMs);
}

/**
 * The pool was deleted: its operation ends (FAILED, "node pool deleted"), issues no more
 * commands and writes nothing back; the pool's name is free for a new pool and its
 * upgrades. Returns the operation it ended, if any.
 */
export function detachPool(
  tx: Tx,
  cluster: string,
  pool: string,
  retentionMs: number,
): string | undefined {
  const id = tx.getState<string>(poolKey(cluster, pool));
  if (!id) return undefined;
  tx.deleteState(poolKey(cluster, pool));
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.detached !== undefined) return undefined;
  const settled = isFinished(hosted) && hosted.synced;
  const before = hosted.op;
  hosted.op = abandonUpgrade(before, "node pool deleted", tx.now);
  hosted.detached = "node pool deleted";
  hosted.synced = true;
  hosted.revision += 1;
  saveOperation(tx, hosted, before);
  for (const kind of [OP_TIMER, WINDOW_TIMER, SYNC_TIMER]) tx.clearTimer(timerId(kind, id));
  // An operation already settled keeps the retention it started then.
  if (!settled) scheduleRetirement(tx, id, retentionMs);
  return id;
}

function scheduleRetirement(tx: Tx, id: string, retentionMs: number): void {
  tx.setTimer({
    id: timerId(RETIRE_TIMER, id),
    due: tx.now + retentionMs,
    kind: RETIRE_TIMER,
    payload: id,
  });
}

/** True when the operation is finished and written back: retention may remove it. */
export function retirable(tx: Tx, id: string): boolean {
  const hosted = loadOperation(tx, id);
  return hosted !== undefined && isFinished(hosted) && hosted.synced;
}

/** Removes every trace of a retired operation from the object. */
export function forgetOperation(tx: Tx, id: string): void {
  const hosted = loadOperation(tx, id);
  if (!hosted) return;
  const { cluster, pool } = hosted.op.header;
  if (tx.getState<string>(poolKey(cluster, pool)) === id) tx.deleteState(poolKey(cluster, pool));
  deleteOperationRows(tx, id);
  for (const kind of [OP_TIMER, WINDOW_TIMER, SYNC_TIMER, RETIRE_TIMER]) {
    tx.clearTimer(timerId(kind, id));
  }
}

/** Applies provider events, grouped per operation so each writes its row once. */
export function applyEvents(tx: Tx, events: readonly ProviderEvent[]): ProviderEvent[] {
  const byOperation = new Map<string, NodePoolEvent[]>();
  const unclaimed: ProviderEvent[] = [];
  for (const event of events) {
    const id = operationOf(tx, event);
    const hosted = id ? loadOperation(tx, id) : undefined;
    if (!id || !hosted) {
      unclaimed.push(event);
      continue;
    }
    // Late reports for an operation whose pool is gone or that was superseded.
    if (hosted.detached !== undefined) continue;
    const list = byOperation.get(id) ?? [];
    list.push(event);
    byOperation.set(id, list);
  }
  for (const [id, list] of byOperation) {
    const hosted = loadOperation(tx, id)!;
    save(tx, hosted, decideAll(hosted.op, list, tx.now));
  }
  return unclaimed;
}

/** Timer kinds this host owns: the machine's own wake-up and window changes. */
export function fireTimer(tx: Tx, timer: Timer): void {
  const id = timer.payload;
  const hosted = id ? loadOperation(tx, id) : undefined;
  if (!hosted || hosted.detached !== undefined) return;
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

export function controlPool(
  tx: Tx,
  cluster: string,
  pool: string,
  control: PoolControl,
): Result<NodePoolOperationView> {
  const id = tx.getState<string>(poolKey(cluster, pool));
  const hosted = id ? loadOperation(tx, id) : undefined;
  if (!hosted)
    return refuse("NUP-7", 409, `node pool ${pool} of ${cluster} has no upgrade to ${control}`);
  const decided = CONTROLS[control](hosted.op, tx.now);
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

/** What a write-back needs: the operation as of `revision`, and the pool it started on. */
export interface WriteBackSource {
  op: NodePoolOperation;
  revision: number;
  poolUid: string;
}

/** The operation, when it waits for its write-back (undefined otherwise). */
export function getHosted(tx: Tx, id: string): WriteBackSource | undefined {
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.synced) return undefined;
  return { op: hosted.op, revision: hosted.revision, poolUid: hosted.poolUid ?? "" };
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

/**
 * The write-back of `revision` landed (a later change keeps the operation unsynced).
 * When it found its pool deleted or re-created, nothing was written: the operation ends
 * there (it has no pool left) instead of retrying. A finished operation's retention
 * starts now.
 */
export function markSynced(
  tx: Tx,
  id: string,
  revision: number,
  poolReplaced: boolean,
  retentionMs: number,
): void {
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.revision !== revision) return;
  const before = hosted.op;
  hosted.synced = true;
  delete hosted.syncAttempts;
  if (poolReplaced) {
    const { cluster, pool } = before.header;
    hosted.op = abandonUpgrade(before, "node pool deleted or replaced", tx.now);
    hosted.detached = "node pool deleted or replaced";
    if (tx.getState<string>(poolKey(cluster, pool)) === id) tx.deleteState(poolKey(cluster, pool));
    for (const kind of [OP_TIMER, WINDOW_TIMER]) tx.clearTimer(timerId(kind, id));
  }
  saveOperation(tx, hosted, before);
  if (isFinished(hosted)) scheduleRetirement(tx, id, retentionMs);
}

/** The write-back failed (D1 unavailable…): it is retried with backoff, not in a loop. */
export function writeBackFailed(tx: Tx, id: string, revision: number): void {
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.revision !== revision || hosted.synced) return;
  hosted.syncAttempts = (hosted.syncAttempts ?? 0) + 1;
  saveOperation(tx, hosted, hosted.op);
  tx.setTimer({
    id: timerId(SYNC_TIMER, id),
    due: tx.now + syncRetryDelay(hosted.syncAttempts),
    kind: SYNC_TIMER,
    payload: id,
  });
}

/** Command reports carry their operation in the id; a preemption belongs to the pool's. */
function operationOf(tx: Tx, event: ProviderEvent): string | undefined {
  if (event.type === "NODE_PREEMPTED")
    return tx.getState<string>(poolKey(event.cluster, event.pool));
  const colon = event.commandId.indexOf(":");
  return colon > 0 ? event.commandId.slice(0, colon) : undefined;
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
    delete hosted.syncAttempts;
  }
  hosted.revision += 1;
  saveOperation(tx, hosted, before);
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
  if (rests && !hosted.synced)
    tx.setTimer({ id: timerId(SYNC_TIMER, id), due: tx.now, kind: SYNC_TIMER, payload: id });
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
