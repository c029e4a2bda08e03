import type { ProviderEvent } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";

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

const UNCLAIMED_LIMIT = 200;

/** Events no operation owns (late reports, manual commands) stay visible, bounded. */
export function recordUnclaimed(tx: Tx, event: ProviderEvent): void {
  const log = tx.getState<ProviderEvent[]>("events:unclaimed") ?? [];
  log.push(event);
  tx.putState("events:unclaimed", log.slice(-UNCLAIMED_LIMIT));
}
