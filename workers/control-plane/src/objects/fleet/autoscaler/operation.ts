import type { Instant } from "@regatta/engine";
import { deleteOperation, type Inventory } from "@regatta/inventory";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { autoscalerIdKey, autoscalerStateKey } from "./cluster.ts";
import { decisionCount, listDecisions, type RecordedDecision } from "./decisions.ts";
import { AS_RETIRE_TIMER } from "./keys.ts";
import type { HostState } from "./state.ts";

/**
 * A cluster's autoscaler as an operation (`kind: AUTOSCALER`): its id prefixes every
 * command the autoscaler sends and is indexed in D1, so `GET /v1/operations/{id}` and
 * webhook callbacks find it. It runs as long as its cluster does; when the cluster is
 * deleted it ends, stays readable for the operations' retention, and is then retired
 * with its index row.
 */

/** Recorded decisions shown as the operation's events (the newest; CA-17 has them all). */
const EVENTS_SHOWN = 50;

/** The autoscaler operation as `GET /v1/operations/{id}` shows it. */
export interface AutoscalerOperationView {
  id: string;
  kind: "AUTOSCALER";
  /** The cluster, and the control-plane version its latest pass saw. */
  target: { cluster: string; version: string };
  state: "RUNNING" | "SUCCEEDED";
  /** SCALING (nodes in flight), BACKING_OFF (CA-4), WATCHING, or ENDED. */
  phase: string;
  reason?: string;
  /** Node creations and removals finished, of those finished or in flight. */
  progress: { done: number; total: number };
  events: { at: Instant; message: string }[];
  eventCount: number;
  startedAt?: Instant;
  updatedAt: Instant;
  endedAt?: Instant;
}

/** An ended autoscaler operation, kept until its retention has passed. */
const endedKey = (id: string) => `as-op:${id}`;

/** The operation `id`: its cluster's running autoscaler, or one whose cluster is gone. */
export function getAutoscalerOperation(tx: Tx, id: string): AutoscalerOperationView | undefined {
  const cluster = tx.getState<string>(autoscalerIdKey(id));
  const host =
    cluster === undefined ? undefined : tx.getState<HostState>(autoscalerStateKey(cluster));
  if (cluster !== undefined && host?.id === id) return liveView(tx, cluster, host);
  return tx.getState<AutoscalerOperationView>(endedKey(id));
}

function liveView(tx: Tx, cluster: string, host: HostState): AutoscalerOperationView {
  const inFlight = Object.keys(host.inflight).length;
  const backingOff = Object.keys(host.engine.backoff);
  const events = listDecisions(tx, cluster, { limit: EVENTS_SHOWN }).items.reverse().map(event);
  const done = host.done ?? 0;
  const view: AutoscalerOperationView = {
    id: host.id,
    kind: "AUTOSCALER",
    target: { cluster, version: host.version ?? "" },
    state: "RUNNING",
    phase: inFlight > 0 ? "SCALING" : backingOff.length > 0 ? "BACKING_OFF" : "WATCHING",
    progress: { done, total: done + inFlight },
    events,
    eventCount: decisionCount(tx, cluster),
    updatedAt: events.at(-1)?.at ?? host.startedAt ?? tx.now,
  };
  if (backingOff.length > 0) view.reason = `CA-4: pools backing off: ${backingOff.join(", ")}`;
  if (host.startedAt !== undefined) view.startedAt = host.startedAt;
  return view;
}

function event(decision: RecordedDecision): { at: Instant; message: string } {
  const pool = decision.pool === null ? "" : ` ${decision.pool}`;
  const delta = decision.delta === 0 ? "" : ` ${decision.delta > 0 ? "+" : ""}${decision.delta}`;
  return { at: decision.at, message: `${decision.action}${pool}${delta}: ${decision.reason}` };
}

/**
 * The cluster was deleted: its autoscaler operation ends now (SUCCEEDED: it scaled the
 * cluster while there was one) and is kept, as it then stood, for `retentionMs`.
 * Call before the autoscaler's own state is forgotten.
 */
export function endAutoscalerOperation(tx: Tx, cluster: string, retentionMs: number): void {
  const host = tx.getState<HostState>(autoscalerStateKey(cluster));
  if (!host) return;
  const view = liveView(tx, cluster, host);
  const abandoned = view.progress.total - view.progress.done;
  const left = abandoned > 0 ? `; ${abandoned} node changes in flight are abandoned` : "";
  view.events.push({
    at: tx.now,
    message: `cluster ${cluster} deleted: the autoscaler stopped${left}`,
  });
  view.eventCount += 1;
  delete view.reason;
  const ended: AutoscalerOperationView = {
    ...view,
    state: "SUCCEEDED",
    phase: "ENDED",
    progress: { done: view.progress.done, total: view.progress.done },
    events: view.events.slice(-EVENTS_SHOWN),
    updatedAt: tx.now,
    endedAt: tx.now,
  };
  tx.putState(endedKey(host.id), ended);
  scheduleRetirement(tx, host.id, retentionMs);
}

/** Retention is bookkeeping: on the wall clock, whatever the sim's speed. */
function scheduleRetirement(tx: Tx, id: string, afterMs: number): void {
  tx.setTimer({
    id: timerId(AS_RETIRE_TIMER, id),
    due: tx.wall + afterMs,
    kind: AS_RETIRE_TIMER,
    payload: id,
    clock: "wall",
  });
}

/**
 * The retirement timer: removes the ended operation's D1 index row, then its row in the
 * object; `GET /v1/operations/{id}` answers 404 from then on.
 */
export async function retireAutoscalerOperation(
  runtime: ObjectRuntime,
  db: Inventory,
  id: string,
): Promise<void> {
  const ended = await runtime.commit((tx) => tx.getState(endedKey(id)) !== undefined);
  if (!ended) return;
  // A failure throws: the alarm loop runs the timer again later, as any failed timer.
  await deleteOperation(db, id);
  await runtime.commit((tx) => tx.deleteState(endedKey(id)));
}
