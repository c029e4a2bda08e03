import {
  blockedPool,
  cancelUpgrade,
  completeUpgrade,
  type Decision,
  decideAll,
  type Instant,
  type Maintenance,
  type NodePoolEvent,
  type NodePoolOperation,
  type NodePoolOperationView,
  type NodePoolUpgradeRequest,
  nextWindowOpen,
  nodeTableChanged,
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
import { type HostedOperation, loadOperation, saveOperation } from "./operation-store.ts";
import type { Timer, Tx } from "./runtime/types.ts";

/**
 * The fleet object's node-pool upgrades: one machine per operation (its rows are
 * operation-store.ts's), fed by provider events (routed by the operation id that
 * prefixes every command id), by its own timer, and by the cluster's maintenance
 * window (MW-4).
 */

export type PoolControl = "cancel" | "resume" | "rollback" | "complete";

const TERMINAL = new Set(["SUCCEEDED", "FAILED", "ROLLED_BACK"]);
const poolKey = (cluster: string, pool: string) => `pool-op:${cluster}/${pool}`;
export const OP_TIMER = "op";
export const WINDOW_TIMER = "op-window";
export const SYNC_TIMER = "op-sync";

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

export function startOperation(
  tx: Tx,
  request: NodePoolUpgradeRequest,
  maintenance: Maintenance | undefined,
): Result<NodePoolOperationView> {
  const { cluster, pool } = request.pool;
  const activeId = tx.getState<string>(poolKey(cluster, pool));
  const active = activeId ? loadOperation(tx, activeId) : undefined;
  if (active && !TERMINAL.has(active.op.header.state)) {
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
  const hosted: HostedOperation = { op: started.value.state, synced: false, revision: 0 };
  if (maintenance) hosted.maintenance = maintenance;
  tx.putState(poolKey(cluster, pool), request.operationId);
  save(tx, hosted, started.value, true);
  return ok(operationView(hosted.op));
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
  if (!hosted) return;
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

export function getHosted(
  tx: Tx,
  id: string,
): { op: NodePoolOperation; revision: number } | undefined {
  const hosted = loadOperation(tx, id);
  return hosted && { op: hosted.op, revision: hosted.revision };
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

/** The write-back of `revision` landed; a later change keeps the operation unsynced. */
export function markSynced(tx: Tx, id: string, revision: number): void {
  const hosted = loadOperation(tx, id);
  if (!hosted || hosted.revision !== revision) return;
  hosted.synced = true;
  saveOperation(tx, hosted, hosted.op);
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
  const terminal = TERMINAL.has(hosted.op.header.state);
  // The inventory gets the nodes when the operation ends, and again whenever they change
  // after that: a failed operation's started nodes finish, and a resume or rollback
  // brings a finished operation back to life.
  const settled =
    before !== undefined &&
    TERMINAL.has(before.header.state) &&
    !nodeTableChanged(before, hosted.op);
  if (!terminal || !settled) hosted.synced = false;
  hosted.revision += 1;
  saveOperation(tx, hosted, before);
  tx.send(decision.commands);
  // The machine asks for a wake-up only while something can still happen; a failed one
  // still does while its started nodes finish.
  if (decision.wakeAt === undefined) tx.clearTimer(`${OP_TIMER}:${id}`);
  else tx.setTimer({ id: `${OP_TIMER}:${id}`, due: decision.wakeAt, kind: OP_TIMER, payload: id });
  if (terminal) {
    tx.clearTimer(`${WINDOW_TIMER}:${id}`);
    if (!hosted.synced)
      tx.setTimer({ id: `${SYNC_TIMER}:${id}`, due: tx.now, kind: SYNC_TIMER, payload: id });
    return;
  }
  // MW-4: wake at the window's next edge so the machine learns it opened or closed.
  const window = windowInfo(hosted.maintenance, tx.now);
  const edge = window?.openUntil ?? window?.nextOpenAt;
  if (edge !== undefined)
    tx.setTimer({ id: `${WINDOW_TIMER}:${id}`, due: edge, kind: WINDOW_TIMER, payload: id });
}
