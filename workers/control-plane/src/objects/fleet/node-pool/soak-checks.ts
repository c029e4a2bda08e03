import type {
  HealthCheckSpec,
  NodePoolEvent,
  NodePoolOperation,
  ProviderEvent,
} from "@regatta/engine";
import { deliver } from "../../../runtime/deliveries.ts";
import type { Tx } from "../../../runtime/types.ts";

/**
 * EXT-7 during a blue-green upgrade: while an update-run member whose scope names a
 * health check is being upgraded, each blue-green pool of its cluster is checked when it
 * enters its node-pool soak (phase 4) — the moment green serves alone and blue still
 * stands, so a rollback is cheapest; batch soaks are not checked, as green does not yet
 * carry the whole pool then. A URL check is a durable delivery of this room
 * (capability.ts); a provider check is the provider's HEALTH_CHECK under the operation's
 * own id. A failure reaches the operation as HEALTH_CHECK_FAILED, which rolls it back
 * (NUP-9); the pool's operation then ends ROLLED_BACK and the member fails.
 */

const checkKey = (cluster: string) => `soak-check:${cluster}`;

/** The run member of `cluster` names a check: its blue-green soaks are checked. */
export function setSoakCheck(tx: Tx, cluster: string, check: HealthCheckSpec): void {
  tx.putState(checkKey(cluster), check);
}

/** The member ended (or never started): its cluster's soaks are no longer checked. */
export function clearSoakCheck(tx: Tx, cluster: string): void {
  tx.deleteState(checkKey(cluster));
}

/** The provider command of one operation's soak check. */
const commandId = (operation: string) => `${operation}:ext7-soak-health`;

/** What the node-pool room delivers to check a soak by URL. */
export interface SoakHealthCheck {
  type: "soak-health";
  operation: string;
  url: string;
}

const soaking = (op: NodePoolOperation) =>
  op.header.strategy === "BLUE_GREEN" &&
  op.header.phase === "SOAKING_POOL" &&
  op.header.state === "RUNNING";

/** Asks for the check when a saved decision moved the operation into its node-pool soak. */
export function checkOnSoak(
  tx: Tx,
  before: NodePoolOperation | undefined,
  op: NodePoolOperation,
): void {
  if (!soaking(op) || (before !== undefined && soaking(before))) return;
  const check = tx.getState<HealthCheckSpec>(checkKey(op.header.cluster));
  if (check === undefined) return;
  const operation = op.header.id;
  if ("url" in check) {
    deliver<SoakHealthCheck>(tx, `soak-health/${operation}`, {
      type: "soak-health",
      operation,
      url: check.url,
    });
  } else {
    tx.send([{ id: commandId(operation), type: "HEALTH_CHECK", cluster: op.header.cluster }]);
  }
}

/**
 * The provider's answer to an operation's soak check, as the operation takes it: a
 * failure is HEALTH_CHECK_FAILED, a pass is nothing to it; undefined for other events.
 */
export function soakAnswer(
  operation: string,
  event: ProviderEvent,
): { event?: NodePoolEvent } | undefined {
  if (event.type !== "COMMAND_SUCCEEDED" && event.type !== "COMMAND_FAILED") return undefined;
  if (event.commandId !== commandId(operation)) return undefined;
  if (event.type === "COMMAND_SUCCEEDED") return {};
  const detail = `HEALTH_CHECK ${event.reason}: ${event.message}`;
  return { event: { type: "HEALTH_CHECK_FAILED", at: event.at, detail } };
}
