import type { Decision } from "../machine/decision.ts";
import { ok, type Result, refuse } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { compareVersions, parseVersion } from "../version/index.ts";
import {
  type AutoscaledBlueGreenOperation,
  decideAutoscaledBlueGreen,
  startAutoscaledBlueGreen,
} from "./autoscaled-blue-green.ts";
import { type BlueGreenOperation, decideBlueGreen, startBlueGreen } from "./blue-green.ts";
import { quotaName } from "./capacity.ts";
import type { OperationRef } from "./node-commands.ts";
import { decideShortLived, type ShortLivedOperation, startShortLived } from "./short-lived.ts";
import { chooseStrategy } from "./strategy.ts";
import { decideSurge, type SurgeOperation, startSurge } from "./surge.ts";
import type { NodeConfig, NodePoolEvent, NodePoolFacts, WindowInfo } from "./types.ts";

/** A node-pool upgrade of any strategy; `kind` tells which machine runs it. */
export type NodePoolOperation =
  | SurgeOperation
  | BlueGreenOperation
  | AutoscaledBlueGreenOperation
  | ShortLivedOperation;

/** `POST /v1/clusters/{cluster}/node-pools/{pool}/upgrade`, with the facts to plan it. */
export interface NodePoolUpgradeRequest {
  operationId: string;
  pool: NodePoolFacts;
  target: NodeConfig;
  /** MW-4, surge only: the window as the caller sees it now; absent = no window. */
  window?: WindowInfo;
}

/**
 * Validates the request (VER-1, VER-7, NUP-1/2/8/10, the NUP-8 quota check) and starts
 * the chosen strategy's machine.
 *
 * @example
 * const started = startNodePoolUpgrade({ operationId: "op-1", pool, target }, now);
 * if (started.ok) persist(started.value.state, started.value.commands);
 */
export function startNodePoolUpgrade(
  request: NodePoolUpgradeRequest,
  now: Instant,
): Result<Decision<NodePoolOperation>> {
  const { pool, target } = request;
  const version = parseVersion(target.version);
  if (!version.ok) return version;
  const controlPlane = parseVersion(pool.controlPlaneVersion);
  if (!controlPlane.ok) return controlPlane;
  if (compareVersions(version.value, controlPlane.value) > 0) {
    return refuse(
      "VER-7",
      422,
      `VER-7: node version ${target.version} would exceed the control plane's ${pool.controlPlaneVersion}`,
    );
  }
  const choice = chooseStrategy(pool);
  if (!choice.ok) return choice;
  const ref: OperationRef = { id: request.operationId, cluster: pool.cluster, pool: pool.pool };
  if (pool.machineType !== undefined) ref.machineType = pool.machineType;
  const { strategy, why } = choice.value;
  let started: Decision<NodePoolOperation>;
  switch (strategy.type) {
    case "SURGE":
      started = startSurge(ref, target, pool.nodes, strategy, request.window, now);
      break;
    case "BLUE_GREEN": {
      const short = greenShortfall(pool);
      if (short !== undefined) return refuse("NUP-8", 422, short);
      started = startBlueGreen(ref, target, pool.nodes, strategy, now);
      break;
    }
    case "AUTOSCALED_BLUE_GREEN":
      started = startAutoscaledBlueGreen(ref, target, pool.nodes, strategy.waitSeconds, now);
      break;
    case "SHORT_LIVED":
      started = startShortLived(ref, target, pool.nodes, now);
      break;
    default:
      return strategy satisfies never;
  }
  return ok({ ...started, notes: [why, ...started.notes] });
}

/**
 * NUP-8 phase 1: "quota is checked before provisioning green" — the whole green pool
 * (one node per blue node, zone by zone) must fit every quota of the zone the caller knows.
 */
function greenShortfall(pool: NodePoolFacts): string | undefined {
  if (pool.freeCapacity === undefined) return undefined;
  const need = new Map<string, number>();
  for (const node of pool.nodes) need.set(node.zone, (need.get(node.zone) ?? 0) + 1);
  for (const [zone, nodes] of [...need].sort()) {
    const room = pool.freeCapacity[zone];
    if (room !== undefined && room.nodes < nodes) {
      return `NUP-8: the green pool needs ${nodes} nodes in ${zone} but only ${room.nodes} fit the zone's ${quotaName(room.limitedBy)}`;
    }
  }
  return undefined;
}

/**
 * Feeds one event to the operation's machine.
 *
 * @example decideNodePoolUpgrade(op, { type: "TICK", at: now }, now).wakeAt
 */
export function decideNodePoolUpgrade(
  op: NodePoolOperation,
  event: NodePoolEvent,
  now: Instant,
): Decision<NodePoolOperation> {
  switch (op.kind) {
    case "SURGE":
      return decideSurge(op, event, now);
    case "BLUE_GREEN":
      return decideBlueGreen(op, event, now);
    case "AUTOSCALED_BLUE_GREEN":
      return decideAutoscaledBlueGreen(op, event, now);
    case "SHORT_LIVED":
      return decideShortLived(op, event, now);
    default:
      return op satisfies never;
  }
}

/**
 * Several events in one decision, so a Durable Object that received them together
 * persists and writes rows once (storage rows per upgraded node).
 *
 * @example decideAll(op, [answerA, answerB], now).commands
 */
export function decideAll(
  op: NodePoolOperation,
  events: readonly NodePoolEvent[],
  now: Instant,
): Decision<NodePoolOperation> {
  let state = op;
  const commands: Decision<NodePoolOperation>["commands"] = [];
  const notes: string[] = [];
  let wakeAt: Instant | undefined;
  for (const event of events) {
    const step = decideNodePoolUpgrade(state, event, now);
    state = step.state;
    commands.push(...step.commands);
    notes.push(...step.notes);
    wakeAt = step.wakeAt;
  }
  if (events.length === 0) return decideNodePoolUpgrade(op, { type: "TICK", at: now }, now);
  return wakeAt === undefined ? { state, commands, notes } : { state, commands, notes, wakeAt };
}
