import type { Instant, ProviderEvent } from "@regatta/engine";
import type { OutboxBatch } from "../../../runtime/types.ts";

/** One key per distinct report, so a re-delivered callback is recognised. */
export function eventKey(event: ProviderEvent): string {
  switch (event.type) {
    case "COMMAND_SUCCEEDED":
    case "COMMAND_FAILED":
      return `${event.commandId}:${event.type}`;
    case "NODE_PREEMPTED":
      return `${event.cluster}/${event.pool}/${event.node}:PREEMPTED`;
    case "DRAIN_PASSED":
      return `${event.commandId}:DRAIN_PASSED:${event.node}`;
    default:
      return event satisfies never;
  }
}

/**
 * Events no operation owns (a late report for a retired operation, a command sent by
 * hand) change nothing; the operator sees them in the worker's log.
 */
export function reportUnclaimed(events: readonly ProviderEvent[]): void {
  for (const event of events) console.warn("fleet: no operation owns provider event", event);
}

/**
 * A batch the provider will not take fails its commands, so each operation's machine
 * retries or fails them (NUP-7) and shows why, instead of waiting forever.
 */
export function commandsRefused(batch: OutboxBatch, why: string, at: Instant): ProviderEvent[] {
  return batch.commands.map((command) => ({
    type: "COMMAND_FAILED" as const,
    commandId: command.id,
    at,
    reason: "FAILED" as const,
    message: why,
  }));
}
