import {
  type FailureReason,
  isNewScaleUpFailure,
  nextInFlightStep,
  operationOfCommand,
  type ProviderEvent,
  recordScaleUpFailure,
  scaleUpErrorOf,
  toRfc3339,
} from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { scalePool } from "../node-pool/index.ts";
import {
  autoscalerIdKey as idKey,
  autoscalerStateKey as stateKey,
  wakeAutoscaler,
} from "./cluster.ts";
import { recordDecisions } from "./decisions.ts";
import type { HostState } from "./state.ts";
import { queueNodeSync } from "./sync.ts";

/**
 * Provider answers to the autoscaler's commands (their ids start with a cluster's
 * autoscaler id), and preemptions of nodes no upgrade holds; returns the events that
 * are not its own.
 */
export function applyAutoscalerEvents(tx: Tx, events: readonly ProviderEvent[]): ProviderEvent[] {
  const rest: ProviderEvent[] = [];
  for (const event of events) {
    if (event.type === "NODE_PREEMPTED") {
      preempted(tx, event);
      continue;
    }
    const operation = operationOfCommand(event.commandId);
    const cluster = operation ? tx.getState<string>(idKey(operation)) : undefined;
    const host = cluster ? tx.getState<HostState>(stateKey(cluster)) : undefined;
    if (!cluster || !host) {
      rest.push(event);
      continue;
    }
    const next = structuredClone(host);
    answer(tx, cluster, next, event);
    tx.putState(stateKey(cluster), next);
  }
  return rest;
}

function answer(
  tx: Tx,
  cluster: string,
  host: HostState,
  event: Extract<ProviderEvent, { commandId: string }>,
): void {
  // LIFE-6's report of a drain passed with stuck pods: the autoscaler's drains are not
  // passed, they are forced (CA-8), so it has nothing to learn from one.
  if (event.type === "DRAIN_PASSED") return;
  const entry = Object.entries(host.inflight).find(([, f]) => f.command === event.commandId);
  if (!entry) return;
  const [node, flight] = entry;
  const succeeded = event.type === "COMMAND_SUCCEEDED";
  const next = nextInFlightStep(host.id, cluster, node, flight, succeeded);
  if (next === undefined) delete host.inflight[node];
  else {
    host.inflight[node] = next.flight;
    tx.send([next.command]);
  }
  if (flight.step === "CREATE") {
    if (succeeded) {
      host.done = (host.done ?? 0) + 1;
      const facts = { name: node, zone: flight.zone, ...flight.config };
      if (!scalePool(tx, cluster, flight.pool, { added: [facts], removed: [] })) {
        queueNodeSync(tx, cluster, {
          put: { ...facts, pool: flight.pool, state: "READY", color: null },
        });
      }
    } else if (isNewScaleUpFailure(host.engine, flight.pool, flight.since)) {
      backOff(tx, cluster, host, flight.pool, event.reason, event.message);
    }
  }
  if (flight.step === "DELETE" && succeeded) {
    host.done = (host.done ?? 0) + 1;
    if (!scalePool(tx, cluster, flight.pool, { added: [], removed: [node] })) {
      queueNodeSync(tx, cluster, { remove: node });
    }
  }
  // Pods wait for the next pass to be placed: the change is noticed on the scan grid.
  wakeAutoscaler(tx, cluster);
}

/** CA-4: the provider refused a node; the pool backs off, the refusal is recorded. */
function backOff(
  tx: Tx,
  cluster: string,
  host: HostState,
  pool: string,
  reason: FailureReason,
  message: string,
): void {
  const code = scaleUpErrorOf(reason);
  host.engine = recordScaleUpFailure(host.engine, pool, code, tx.now);
  const until = host.engine.backoff[pool]?.until ?? tx.now;
  recordDecisions(tx, cluster, [
    {
      at: tx.now,
      pool,
      action: "BACKOFF",
      delta: 0,
      reason: `${code}: ${message}; pool ${pool} backs off until ${toRfc3339(until)}, other pools keep scaling`,
      blockedBy: "CA-4",
    },
  ]);
}

/**
 * A node went away on its own (a spot VM preempted after its notice): it leaves the
 * inventory, a change of the autoscaler's in flight on it ends, and a pass runs at the
 * next instant of the scan grid, so its pods are pending and the pool (or another)
 * replaces the capacity (CA-3).
 */
function preempted(tx: Tx, event: Extract<ProviderEvent, { type: "NODE_PREEMPTED" }>): void {
  const { cluster, pool, node } = event;
  queueNodeSync(tx, cluster, { remove: node });
  const host = tx.getState<HostState>(stateKey(cluster));
  if (!host) return;
  const next = structuredClone(host);
  delete next.inflight[node];
  tx.putState(stateKey(cluster), next);
  recordDecisions(tx, cluster, [
    {
      at: tx.now,
      pool,
      action: "NOOP",
      delta: 0,
      nodes: [node],
      reason: `node ${node} was preempted and is gone; its pods are pending again and the next pass replaces the capacity`,
    },
  ]);
  wakeAutoscaler(tx, cluster);
}
