import type { Decision } from "../machine/decision.ts";
import { ok, type Result, refuse } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { compareVersions, parseVersion } from "../version/index.ts";
import type { OperationRef } from "./node-commands.ts";
import { type NodePoolOperation, strategyModule } from "./strategies/index.ts";
import { chooseStrategy } from "./strategy.ts";
import type { NodeConfig, NodePoolEvent, NodePoolFacts, WindowInfo } from "./types.ts";

export type { NodePoolOperation } from "./strategies/index.ts";

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
      "refused",
      `VER-7: node version ${target.version} would exceed the control plane's ${pool.controlPlaneVersion}`,
    );
  }
  const choice = chooseStrategy(pool);
  if (!choice.ok) return choice;
  const ref: OperationRef = { id: request.operationId, cluster: pool.cluster, pool: pool.pool };
  if (pool.machineType !== undefined) ref.machineType = pool.machineType;
  const { strategy, why } = choice.value;
  const started = strategyModule(strategy.type).start(
    request.window === undefined
      ? { ref, target, pool, settings: strategy }
      : { ref, target, pool, settings: strategy, window: request.window },
    now,
  );
  if (!started.ok) return started;
  return ok({ ...started.value, notes: [why, ...started.value.notes] });
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
  return strategyModule(op.kind).decide(op, event, now);
}

/**
 * Several events in one decision, so a host that received them together persists the
 * operation once.
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
