import {
  abandonClusterUpgrade,
  type ClusterUpgrade,
  type ClusterUpgradeDecision,
  type ClusterUpgradeEvent,
  type ClusterUpgradeOperationView,
  type ClusterUpgradeRequest,
  cancelClusterUpgrade,
  clusterUpgradeOperationView,
  decideClusterUpgradeAll,
  isClusterUpgradeTerminal,
  type Maintenance,
  noteOnClusterUpgrade,
  ok,
  operationOfCommand,
  type PoolUpgradeEnded,
  type ProviderEvent,
  type Result,
  refuse,
  resumeClusterUpgrade,
  startClusterUpgrade,
  workerPoolFacts,
} from "@regatta/engine";
import { newOperationId } from "@regatta/inventory";
import type { Timer, Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { closeWatch, watchAll } from "../ends.ts";
import {
  getOperation,
  operationNodes,
  operationReason,
  poolKey,
  resumeOperation,
  startOperation,
} from "../node-pool/index.ts";
import { clusterUpgradeSaved } from "./ended.ts";
import { CLUSTER_OP_TIMER } from "./keys.ts";
import { awaitWriteBack } from "./pending-write-backs.ts";
import { inboxKey, poolWatch } from "./pool-ends.ts";
import {
  deleteClusterUpgrade,
  type HostedClusterUpgrade,
  loadClusterUpgrade,
  sharePlan,
  storeClusterUpgrade,
  upgradeRowKey,
} from "./store.ts";

export type { HostedClusterUpgrade } from "./store.ts";

/**
 * The fleet object's cluster upgrades (LIFE-3): one lifecycle machine per operation,
 * fed by provider answers to its component commands (routed by the `<opId>:` prefix of
 * their ids, like node-pool operations), by its timer, and by the ends of the node-pool
 * operations it starts for its worker pools — each pool through its own strategy machine
 * (node-pool-host.ts), started in the same transaction as the decision that asks for it.
 *
 * Storage (store.ts): one row per operation, rewritten by every decision, its steps'
 * plan shared with the fleet's upgrades planned alike. A cluster upgrade's state is its
 * steps' progress and at most 50 events, small next to a pool's node table; sharding it
 * like node-pool operations is left until a cluster has hundreds of pools.
 */

/**
 * A started or retried cluster upgrade, and which of the pool operation ids the caller
 * indexed it will use (a retry uses fresh ids only for the pools it upgrades again; the
 * caller drops the rest from the index).
 */
export interface StartedClusterUpgrade {
  view: ClusterUpgradeOperationView;
  adoptedPoolOperations: string[];
}

/** `POST /v1/clusters/{cluster}/upgrade` as the fleet object takes it. */
export interface ClusterUpgradeStart {
  request: ClusterUpgradeRequest;
  poolUids: Record<string, string>;
  poolOperationIds: Record<string, string>;
  maintenance?: Maintenance;
  retentionMs: number;
}

/** The cluster's latest cluster upgrade. */
const clusterKey = (cluster: string) => `cluster-op:${cluster}`;

const load = loadClusterUpgrade;

/** The cluster's upgrade while it runs (RUNNING or PAUSED), for 409s naming it. */
export function runningClusterUpgrade(tx: Tx, cluster: string): ClusterUpgrade | undefined {
  const id = tx.getState<string>(clusterKey(cluster));
  const hosted = id ? load(tx, id) : undefined;
  if (!hosted || isClusterUpgradeTerminal(hosted.op.state)) return undefined;
  return hosted.op;
}

/** What starting `start` reads, to read ahead for a batch of starts. */
export function startReads(start: Pick<ClusterUpgradeStart, "request">): string[] {
  return [clusterKey(start.request.facts.cluster), upgradeRowKey(start.request.operationId)];
}

/**
 * Starts a cluster upgrade, or retries the cluster's failed one to the same version from
 * its failed component (no component is upgraded twice). A running one is a 409.
 */
export function startClusterOperation(
  tx: Tx,
  start: ClusterUpgradeStart,
): Result<StartedClusterUpgrade> {
  const { request } = start;
  const cluster = request.facts.cluster;
  const latestId = tx.getState<string>(clusterKey(cluster));
  const latest = latestId ? load(tx, latestId) : undefined;
  if (latest && !isClusterUpgradeTerminal(latest.op.state)) {
    return refuse(
      "LIFE-3",
      "conflict",
      `LIFE-3: cluster ${cluster} already has cluster upgrade ${latest.op.id} (${latest.op.state}) to ${latest.op.target}; wait for it`,
    );
  }
  if (
    (latest?.op.state === "FAILED" || latest?.op.state === "CANCELLED") &&
    latest.op.target === request.version
  ) {
    return resumeClusterOperation(tx, latest.op.id, start.poolOperationIds);
  }
  const running = poolOperationRunning(tx, request);
  if (running) return running;
  const started = startClusterUpgrade(request, tx.now);
  if (!started.ok) return started;
  const hosted: HostedClusterUpgrade = {
    op: started.value.state,
    pools: Object.fromEntries(request.facts.pools.map((p) => [p.pool, p])),
    poolUids: start.poolUids,
    poolOperationIds: start.poolOperationIds,
    retentionMs: start.retentionMs,
  };
  if (start.maintenance) hosted.maintenance = start.maintenance;
  sharePlan(tx, hosted);
  tx.putState(clusterKey(cluster), request.operationId);
  save(tx, hosted, started.value);
  return ok({
    view: clusterUpgradeOperationView(hosted.op),
    adoptedPoolOperations: [request.operationId, ...Object.values(start.poolOperationIds)],
  });
}

/** A node-pool upgrade of the cluster still running blocks the cluster's upgrade. */
function poolOperationRunning(
  tx: Tx,
  request: ClusterUpgradeRequest,
): Result<StartedClusterUpgrade> | undefined {
  for (const pool of request.facts.pools) {
    const id = tx.getState<string>(poolKey(pool.cluster, pool.pool));
    const state = id ? getOperation(tx, id)?.state : undefined;
    if (state === "RUNNING" || state === "PAUSED") {
      return refuse(
        "LIFE-3",
        "conflict",
        `LIFE-3: node pool ${pool.pool} of ${pool.cluster} is being upgraded by ${id} (${state}); wait for it or cancel it first`,
      );
    }
  }
  return undefined;
}

/**
 * `POST …/upgrade` again or `/resume`: retries a failed upgrade from its failed steps.
 * A worker pool whose own upgrade failed gets a new node-pool operation, under one of
 * the `fresh` ids the caller indexed, planned from the nodes the failed one left.
 */
export function resumeClusterOperation(
  tx: Tx,
  id: string,
  fresh: Record<string, string> = {},
): Result<StartedClusterUpgrade> {
  const hosted = load(tx, id);
  if (!hosted) return refuse("LIFE-3", "conflict", `LIFE-3: ${id} is not a cluster upgrade`);
  if (hosted.clusterDeleted) {
    return refuse(
      "LIFE-3",
      "conflict",
      `LIFE-3: cluster ${hosted.op.cluster} of ${id} was deleted`,
    );
  }
  const resumed = resumeClusterUpgrade(hosted.op, tx.now);
  if (!resumed.ok) return resumed;
  // A failed pool whose strategy cannot resume its operation starts a new one, under a
  // fresh indexed id; the retry begins in this transaction, so what it used is known here.
  const indexed = { ...hosted.poolOperationIds };
  for (const step of hosted.op.steps) {
    if (step.action.type !== "WORKER_POOL" || step.poolOperation === undefined) continue;
    const next = fresh[step.action.pool];
    if (step.status !== "DONE" && next !== undefined)
      hosted.poolOperationIds[step.action.pool] = next;
  }
  save(tx, hosted, resumed.value);
  const used = new Set(hosted.op.steps.map((step) => step.poolOperation));
  const adoptedPoolOperations = Object.values(fresh).filter((id) => used.has(id));
  hosted.poolOperationIds = { ...indexed };
  for (const step of hosted.op.steps) {
    if (step.action.type === "WORKER_POOL" && step.poolOperation !== undefined) {
      hosted.poolOperationIds[step.action.pool] = step.poolOperation;
    }
  }
  storeClusterUpgrade(tx, hosted);
  return ok({ view: clusterUpgradeOperationView(hosted.op), adoptedPoolOperations });
}

/** LIFE-3: the operator stops a running cluster upgrade (its health checks keep failing). */
export function cancelClusterOperation(tx: Tx, id: string): Result<ClusterUpgradeOperationView> {
  const hosted = load(tx, id);
  if (!hosted) return refuse("LIFE-3", "conflict", `LIFE-3: ${id} is not a cluster upgrade`);
  const cancelled = cancelClusterUpgrade(hosted.op, tx.now);
  if (!cancelled.ok) return cancelled;
  save(tx, hosted, cancelled.value);
  return ok(clusterUpgradeOperationView(hosted.op));
}

export function getClusterOperation(tx: Tx, id: string): ClusterUpgradeOperationView | undefined {
  const hosted = load(tx, id);
  return hosted && clusterUpgradeOperationView(hosted.op, (pool) => operationReason(tx, pool));
}

/**
 * Whether a cluster upgrade whose retirement came due is still finished, so retiring it
 * may begin: a retry since it ended keeps it (its next end schedules retirement anew).
 */
export function clusterUpgradeRetirable(tx: Tx, id: string): boolean {
  return clusterUpgradeRetention(tx, id) !== undefined;
}

/** Removes a retired cluster upgrade's rows: the operation, its inbox, the cluster's link to it. */
export function forgetClusterUpgrade(tx: Tx, id: string): void {
  const hosted = load(tx, id);
  if (!hosted) return;
  if (tx.getState<string>(clusterKey(hosted.op.cluster)) === id) {
    tx.deleteState(clusterKey(hosted.op.cluster));
  }
  tx.deleteState(inboxKey(id));
  deleteClusterUpgrade(tx, hosted);
  tx.clearTimer(timerId(CLUSTER_OP_TIMER, id));
}

/**
 * How long (wall time) a finished cluster upgrade is kept from now; undefined while it
 * is not finished.
 */
export function clusterUpgradeRetention(tx: Tx, id: string): number | undefined {
  const hosted = load(tx, id);
  if (!hosted || hosted.op.endedAt === undefined || !isClusterUpgradeTerminal(hosted.op.state))
    return undefined;
  return hosted.retentionMs;
}

/**
 * The cluster was deleted: its upgrade (if one runs) fails at once, starts nothing more,
 * is never retried, and whoever waits for it hears so. A cluster created again under the
 * same name starts with no upgrade of its own.
 */
export function abandonClusterOperation(tx: Tx, cluster: string): void {
  const id = tx.getState<string>(clusterKey(cluster));
  if (id === undefined) return;
  tx.deleteState(clusterKey(cluster));
  const hosted = load(tx, id);
  if (!hosted) return;
  hosted.clusterDeleted = true;
  save(tx, hosted, abandonClusterUpgrade(hosted.op, `cluster ${cluster} was deleted`, tx.now));
}

/** One more line in a finished upgrade's history (what the fleet did after its end). */
export function noteOnFinishedClusterUpgrade(tx: Tx, id: string, message: string): void {
  const hosted = load(tx, id);
  if (!hosted || !isClusterUpgradeTerminal(hosted.op.state)) return;
  hosted.op = noteOnClusterUpgrade(hosted.op, message, tx.now);
  storeClusterUpgrade(tx, hosted);
}

/** One cluster upgrade as the fleet keeps it. */
export function getHostedClusterUpgrade(tx: Tx, id: string): HostedClusterUpgrade | undefined {
  return load(tx, id);
}

/** The cluster's latest upgrade's whole state (LIFE-4 status reads its components). */
export function getClusterUpgrade(tx: Tx, cluster: string): ClusterUpgrade | undefined {
  const id = tx.getState<string>(clusterKey(cluster));
  return id ? load(tx, id)?.op : undefined;
}

/** Applies the provider answers that belong to cluster upgrades; returns the others. */
export function applyClusterEvents(tx: Tx, events: readonly ProviderEvent[]): ProviderEvent[] {
  const byOperation = new Map<string, ClusterUpgradeEvent[]>();
  const unclaimed: ProviderEvent[] = [];
  for (const event of events) {
    const id = event.type === "NODE_PREEMPTED" ? undefined : operationOfCommand(event.commandId);
    if (id === undefined || load(tx, id) === undefined) {
      unclaimed.push(event);
      continue;
    }
    const list = byOperation.get(id) ?? [];
    list.push(event);
    byOperation.set(id, list);
  }
  for (const [id, list] of byOperation) {
    const hosted = load(tx, id)!;
    save(tx, hosted, decideClusterUpgradeAll(hosted.op, list, tx.now));
  }
  return unclaimed;
}

/** The cluster upgrade's timer: the pool ends in its inbox, or a tick (health checks). */
export function fireClusterTimer(tx: Tx, timer: Timer): void {
  const id = timer.payload;
  const hosted = id ? load(tx, id) : undefined;
  if (!id || !hosted) return;
  const inbox = tx.getState<PoolUpgradeEnded[]>(inboxKey(id)) ?? [];
  tx.deleteState(inboxKey(id));
  const events: ClusterUpgradeEvent[] = inbox.length > 0 ? inbox : [{ type: "TICK", at: tx.now }];
  save(tx, hosted, decideClusterUpgradeAll(hosted.op, events, tx.now));
}

/**
 * Persists a decision, sends its commands and carries out its intents: each worker pool
 * starts its own node-pool upgrade here, and the machine hears at once that it started
 * (or could not), which may ask for more.
 */
function save(tx: Tx, hosted: HostedClusterUpgrade, first: ClusterUpgradeDecision): void {
  // As last stored (none for a new one): what tells an end from a repeat of one.
  const before = load(tx, hosted.op.id)?.op;
  let decision = first;
  for (;;) {
    hosted.op = decision.state;
    if (decision.commands.length > 0) tx.send(decision.commands);
    const answers = decision.intents.map((intent) => startPool(tx, hosted, intent));
    if (answers.length === 0) break;
    decision = decideClusterUpgradeAll(hosted.op, answers, tx.now);
  }
  const id = hosted.op.id;
  storeClusterUpgrade(tx, hosted);
  if (decision.wakeAt === undefined) tx.clearTimer(timerId(CLUSTER_OP_TIMER, id));
  else {
    tx.setTimer({
      id: timerId(CLUSTER_OP_TIMER, id),
      due: decision.wakeAt,
      kind: CLUSTER_OP_TIMER,
      payload: id,
    });
  }
  clusterUpgradeSaved(tx, hosted.op, before);
  // VER-8: an end (not a repeat of one) is written back to the inventory.
  if (
    isClusterUpgradeTerminal(hosted.op.state) &&
    !(before !== undefined && isClusterUpgradeTerminal(before.state))
  )
    awaitWriteBack(tx, id);
}

/** START_POOL_UPGRADE: the pool's own node-pool upgrade, planned against the new control plane (VER-7). */
function startPool(
  tx: Tx,
  hosted: HostedClusterUpgrade,
  intent: ClusterUpgradeDecision["intents"][number],
): ClusterUpgradeEvent {
  const planned = hosted.pools[intent.pool];
  const indexed = hosted.poolOperationIds[intent.pool];
  // An id the caller indexed, unless the failed attempt already used it (then the
  // operation is readable through the cluster upgrade only).
  const operationId =
    indexed !== undefined && indexed !== intent.previousOperationId ? indexed : newOperationId();
  const left =
    intent.previousOperationId === undefined
      ? undefined
      : operationNodes(tx, intent.previousOperationId);
  const facts = planned && left ? { ...planned, nodes: left } : planned;
  const fail = (error: string): PoolUpgradeEnded => ({
    type: "POOL_UPGRADE_ENDED",
    pool: intent.pool,
    operationId,
    state: "FAILED",
    error,
    at: tx.now,
  });
  if (facts === undefined) return fail(`node pool ${intent.pool} is not in the upgrade's facts`);
  const previous = intent.previousOperationId;
  if (previous !== undefined) {
    // Resume the failed attempt where its strategy allows: no node is upgraded twice.
    watchPool(tx, previous, hosted.op.id);
    if (resumeOperation(tx, previous).ok) {
      return { type: "POOL_UPGRADE_STARTED", pool: intent.pool, operationId: previous, at: tx.now };
    }
    closeWatch(tx, poolWatch(previous));
  }
  watchPool(tx, operationId, hosted.op.id);
  const started = startOperation(
    tx,
    {
      operationId,
      pool: workerPoolFacts(facts, intent),
      // Each pool drains as its strategy says (NUP-3, NUP-9, NUP-10); only an in-place
      // pool's drains are best effort (LIFE-6), which its own strategy sets.
      target: intent.target,
    },
    {
      maintenance: hosted.maintenance,
      poolUid: hosted.poolUids[intent.pool],
      retentionMs: hosted.retentionMs,
    },
  );
  if (!started.ok) return fail(started.error.detail);
  return { type: "POOL_UPGRADE_STARTED", pool: intent.pool, operationId, at: tx.now };
}

/** The cluster upgrade `owner` waits for `poolOperation`'s end (ends.ts). */
function watchPool(tx: Tx, poolOperation: string, owner: string): void {
  watchAll(tx, poolWatch(poolOperation), { kind: "cluster-upgrade", operation: owner }, [
    poolOperation,
  ]);
}
