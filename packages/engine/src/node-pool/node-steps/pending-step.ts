import type { ProviderEvent } from "../../provider/commands.ts";
import type { Instant } from "../../time/instant.ts";
import { type NodeStep, nodeCommand } from "../node-commands.ts";
import { at, failureBackoff, MAX_FAILURES } from "../operation.ts";
import type { StepContext } from "./context.ts";
import type { TrackedNode } from "./node-table.ts";

/**
 * Sends `step` for a node and records it as the node's pending step. A repeat of the
 * same step counts its attempt up (command ids never repeat); another step starts at
 * attempt 1.
 *
 * @example sendStep(ctx, "a-000", "DRAIN", op.round, 3600)
 */
export function sendStep(
  ctx: StepContext,
  name: string,
  step: NodeStep,
  round: number,
  graceSeconds: number,
): void {
  const node = ctx.table.get(name)!;
  const same = node.pending?.step === step ? node.pending : undefined;
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
  const pending = { step, round, attempt, failures: same?.failures ?? 0, command: command.id };
  ctx.table.patch(name, {
    state: stateWhile(step, node),
    pending:
      same?.capacityWaits === undefined
        ? pending
        : { ...pending, capacityWaits: same.capacityWaits },
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
    case "UPGRADE":
      return node.state;
    default:
      return step satisfies never;
  }
}

/**
 * A failed command other than a capacity refusal: retried after 30 s and 60 s
 * (`retries` gets the instant); the third failure is EXHAUSTED and fails the operation.
 *
 * @example failStep(ctx, node, event, retries) // "RETRYING"
 */
export function failStep(
  ctx: StepContext,
  node: TrackedNode,
  event: Extract<ProviderEvent, { type: "COMMAND_FAILED" }>,
  retries: Record<string, Instant>,
): "RETRYING" | "EXHAUSTED" {
  const { command: _c, ...idle } = node.pending!;
  const failures = idle.failures + 1;
  ctx.table.patch(node.name, { pending: { ...idle, failures } });
  if (failures >= MAX_FAILURES) return "EXHAUSTED";
  retries[node.name] = ctx.fx.now + failureBackoff(failures);
  ctx.fx.note(
    `${idle.step} of ${node.name} failed (${event.reason}); retry ${failures + 1} at ${at(retries[node.name]!)}`,
  );
  return "RETRYING";
}

/**
 * Re-sends the pending steps of nodes whose retry is due; a retry left over from an
 * earlier round (a batch or phase that moved on) is dropped rather than counted anew.
 *
 * @example retryDueSteps(ctx, op.retries, op.round, (name, step) => send(name, step))
 */
export function retryDueSteps(
  ctx: StepContext,
  retries: Record<string, Instant>,
  round: number,
  send: (name: string, step: NodeStep) => void,
): void {
  for (const name of Object.keys(retries)) {
    if (retries[name]! > ctx.fx.now) continue;
    delete retries[name];
    const pending = ctx.table.get(name)?.pending;
    if (pending?.command === undefined && pending?.round === round) send(name, pending.step);
  }
}
