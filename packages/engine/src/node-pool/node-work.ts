import type { ProviderEvent } from "../provider/commands.ts";
import type { Instant } from "../time/instant.ts";
import { nodeCommand, type OperationRef } from "./node-commands.ts";
import type { NodeStep, TableDraft, TrackedNode } from "./node-table.ts";
import { at, type Effects, failureBackoff, MAX_FAILURES } from "./operation.ts";

/** What the phase-driven machines (blue-green variants) need to act on one node. */
export interface WorkContext {
  ref: OperationRef;
  fx: Effects;
  table: TableDraft;
}

/**
 * Sends `step` for a node and records it as the node's work. A repeat of the same step
 * counts its attempt up (command ids never repeat); another step starts at attempt 1.
 *
 * @example sendWork(ctx, "a-000", "DRAIN", op.round, 3600)
 */
export function sendWork(
  ctx: WorkContext,
  name: string,
  step: NodeStep,
  round: number,
  graceSeconds: number,
): void {
  const node = ctx.table.get(name)!;
  const same = node.work?.step === step ? node.work : undefined;
  const attempt = (same?.attempt ?? 0) + 1;
  const command = nodeCommand(
    ctx.ref,
    {
      name,
      zone: node.zone,
      config: { version: node.version, nodeImage: node.nodeImage },
      graceSeconds,
    },
    step,
    attempt,
  );
  ctx.fx.command(command);
  const work = { step, round, attempt, failures: same?.failures ?? 0, command: command.id };
  ctx.table.patch(name, {
    state: stateWhile(step, node),
    work: same?.capacityWaits === undefined ? work : { ...work, capacityWaits: same.capacityWaits },
  });
}

function stateWhile(step: NodeStep, node: TrackedNode): TrackedNode["state"] {
  switch (step) {
    case "DRAIN":
    case "DRAIN_FORCED":
      return "DRAINING";
    case "DELETE":
      return "DELETING";
    case "CREATE":
    case "CORDON":
    case "UNCORDON":
      return node.state;
    default:
      return step satisfies never;
  }
}

/**
 * A failed command other than a capacity refusal: retried after 30 s and 60 s
 * (`retries` gets the instant); the third failure is EXHAUSTED and fails the operation.
 *
 * @example failWork(ctx, node, event, retries) // "RETRYING"
 */
export function failWork(
  ctx: WorkContext,
  node: TrackedNode,
  event: Extract<ProviderEvent, { type: "COMMAND_FAILED" }>,
  retries: Record<string, Instant>,
): "RETRYING" | "EXHAUSTED" {
  const { command: _c, ...idle } = node.work!;
  const failures = idle.failures + 1;
  ctx.table.patch(node.name, { work: { ...idle, failures } });
  if (failures >= MAX_FAILURES) return "EXHAUSTED";
  retries[node.name] = ctx.fx.now + failureBackoff(failures);
  ctx.fx.note(
    `${idle.step} of ${node.name} failed (${event.reason}); retry ${failures + 1} at ${at(retries[node.name]!)}`,
  );
  return "RETRYING";
}

/**
 * Re-sends the work of nodes whose retry is due; a retry left over from an earlier
 * round (a batch or phase that moved on) is dropped rather than counted anew.
 *
 * @example retryDue(ctx, op.retries, op.round, (name, step) => send(name, step))
 */
export function retryDue(
  ctx: WorkContext,
  retries: Record<string, Instant>,
  round: number,
  send: (name: string, step: NodeStep) => void,
): void {
  for (const name of Object.keys(retries)) {
    if (retries[name]! > ctx.fx.now) continue;
    delete retries[name];
    const work = ctx.table.get(name)?.work;
    if (work?.command === undefined && work?.round === round) send(name, work.step);
  }
}
