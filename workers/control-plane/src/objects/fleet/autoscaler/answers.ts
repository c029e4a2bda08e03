import {
  type FailureReason,
  operationOfCommand,
  type ProviderEvent,
  recordScaleUpFailure,
  type ScaleUpErrorReason,
  toRfc3339,
} from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { scalePool } from "../node-pool/host.ts";
import { autoscalerIdKey as idKey, autoscalerStateKey as stateKey } from "./cluster.ts";
import { recordDecisions } from "./decisions.ts";
import { AS_SYNC_TIMER, AS_TIMER } from "./keys.ts";
import type { HostState } from "./state.ts";
import { queueNodeSync } from "./sync.ts";

/**
 * Provider answers to the autoscaler's commands (their ids start with a cluster's
 * autoscaler id); returns the events that are not its own.
 */
export function applyAutoscalerEvents(tx: Tx, events: readonly ProviderEvent[]): ProviderEvent[] {
  const rest: ProviderEvent[] = [];
  for (const event of events) {
    if (event.type === "NODE_PREEMPTED") {
      rest.push(event);
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
  switch (flight.step) {
    case "CREATE":
      delete host.inflight[node];
      if (succeeded) {
        host.done = (host.done ?? 0) + 1;
        const facts = { name: node, zone: flight.zone, ...flight.config };
        if (!scalePool(tx, cluster, flight.pool, { added: [facts], removed: [] })) {
          queueNodeSync(tx, cluster, {
            put: { ...facts, pool: flight.pool, state: "READY", color: null },
          });
        }
      } else if ((host.engine.backoff[flight.pool]?.lastFailureAt ?? -1) < flight.since) {
        // One failed scale-up is one failure, however many of its nodes were refused.
        backOff(tx, cluster, host, flight.pool, event.reason, event.message);
      }
      break;
    case "DRAIN":
    case "DRAIN_FORCED": {
      // CA-8: a drain that did not finish within the graceful termination is forced.
      const forced = !succeeded && flight.step === "DRAIN";
      const step = succeeded ? "DELETE" : forced ? "DRAIN_FORCED" : undefined;
      if (step === undefined) {
        delete host.inflight[node];
        break;
      }
      const command = `${host.id}:${node}:${step.toLowerCase()}`;
      host.inflight[node] = { ...flight, step, command };
      tx.send([
        step === "DELETE"
          ? {
              type: "DELETE_NODE",
              id: command,
              cluster,
              pool: flight.pool,
              zone: flight.zone,
              node,
            }
          : {
              type: "DRAIN_NODE",
              id: command,
              cluster,
              pool: flight.pool,
              node,
              respectPdb: false,
              graceSeconds: flight.graceSeconds ?? 0,
            },
      ]);
      break;
    }
    case "DELETE":
      delete host.inflight[node];
      if (succeeded) host.done = (host.done ?? 0) + 1;
      if (succeeded && !scalePool(tx, cluster, flight.pool, { added: [], removed: [node] })) {
        queueNodeSync(tx, cluster, { remove: node });
      }
      break;
    default:
      flight.step satisfies never;
  }
  // Pods wait for the next pass to be placed; make it come now.
  tx.setTimer({ id: timerId(AS_TIMER, cluster), due: tx.now, kind: AS_TIMER, payload: cluster });
  tx.setTimer({
    id: timerId(AS_SYNC_TIMER, cluster),
    due: tx.now,
    kind: AS_SYNC_TIMER,
    payload: cluster,
  });
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
  const code = scaleUpError(reason);
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

function scaleUpError(reason: FailureReason): ScaleUpErrorReason {
  switch (reason) {
    case "QUOTA_EXCEEDED":
      return "scale.up.error.quota.exceeded";
    case "IP_EXHAUSTED":
      return "scale.up.error.ip.space.exhausted";
    case "FAILED":
    case "HEALTH_CHECK_FAIL":
    case "PREFLIGHT_BLOCKED":
      return "scale.up.error.out.of.resources";
    default:
      return reason satisfies never;
  }
}
