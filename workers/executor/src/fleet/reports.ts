import { type ProviderEvent, toRfc3339 } from "@regatta/engine";
import type { ExecutorCallback } from "@regatta/protocol";

/**
 * What the control plane is told of a sim report: the same event, its instant as RFC
 * 3339 (when it happened on the fleet, so a deadline is judged by that and not by when
 * the callback arrived). Undefined for what the callback API has no report for: this
 * executor never preempts nodes, so NODE_PREEMPTED does not arise.
 *
 * @example toCallback({ type: "COMMAND_SUCCEEDED", commandId: "op-1:n:CREATE:1", at }) // { type: "COMMAND_SUCCEEDED", commandId: "op-1:n:CREATE:1", at: "2026-…Z" }
 */
export function toCallback(event: ProviderEvent): ExecutorCallback | undefined {
  switch (event.type) {
    case "COMMAND_SUCCEEDED":
      return { type: event.type, commandId: event.commandId, at: toRfc3339(event.at) };
    case "COMMAND_FAILED":
      return {
        type: event.type,
        commandId: event.commandId,
        at: toRfc3339(event.at),
        reason: event.reason,
        message: event.message,
      };
    case "DRAIN_PASSED":
      return {
        type: event.type,
        commandId: event.commandId,
        at: toRfc3339(event.at),
        node: event.node,
        stuckPods: event.stuckPods,
      };
    case "NODE_PREEMPTED":
      return undefined;
    default:
      return event satisfies never;
  }
}

/**
 * The report on a command this executor cannot read: it fails on its own, at once (no
 * `at`: the control plane stamps its receipt).
 */
export function unreadable(commandId: string, why: string): ExecutorCallback {
  return {
    type: "COMMAND_FAILED",
    commandId,
    reason: "FAILED",
    message: `the reference executor cannot carry out this command: ${why}`.slice(0, 2000),
  };
}
