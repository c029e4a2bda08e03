import type { ProviderEvent } from "@regatta/engine";
import { CapabilityTable } from "../../runtime/capabilities.ts";
import type { Tx } from "../../runtime/types.ts";
import { autoscaler } from "./autoscaler/capability.ts";
import type { FleetCapability, FleetContext } from "./capability.ts";
import { clusterUpgrades } from "./cluster-upgrade/capability.ts";
import { subscribeToEnds } from "./ends.ts";
import { nodePoolUpgrades } from "./node-pool/capability.ts";
import { notifications } from "./notifications/capability.ts";
import { provider } from "./provider/capability.ts";
import { eventKey, reportUnclaimed } from "./provider/index.ts";
import { rollout } from "./rollout/capability.ts";
import { runMembers } from "./run-members/capability.ts";
import { runMemberHealth } from "./run-members/health.ts";
import type { OperationEnd, Waiter } from "./waiters.ts";

/**
 * The capabilities installed in every fleet object, in the order they are asked: a
 * provider event goes to run members' health checks first (EXT-7: their commands carry
 * a member operation's id, and only those exact commands are claimed), then node-pool
 * upgrades, then cluster upgrades, then the autoscaler; a deleted cluster ends its
 * pools' upgrades before its own.
 */
export const FLEET_CAPABILITIES: readonly FleetCapability[] = [
  provider,
  runMemberHealth,
  nodePoolUpgrades,
  clusterUpgrades,
  autoscaler,
  rollout,
  runMembers,
  notifications,
];

/** The fleet's one table: timers, deliveries and ends are looked up here. */
export const FLEET_TABLE = new CapabilityTable<FleetContext, Waiter, OperationEnd>(
  "fleet",
  FLEET_CAPABILITIES,
);
// Rooms subscribe to ends through the table; ends.ts delivers them and knows no room.
subscribeToEnds(FLEET_TABLE);

/** Each capability takes the provider events it owns, in table order; the rest is logged. */
export function routeEvents(tx: Tx, events: readonly ProviderEvent[]): void {
  let rest: readonly ProviderEvent[] = events;
  for (const capability of FLEET_CAPABILITIES) {
    if (capability.claimEvents && rest.length > 0) rest = capability.claimEvents(tx, rest);
  }
  reportUnclaimed(rest);
}

/** Routes provider events that arrived from outside, each once; how many were new. */
export function applyEvents(tx: Tx, events: readonly ProviderEvent[]): number {
  const fresh = events.filter((event) => tx.once(eventKey(event), () => {}));
  for (const event of fresh) {
    if (event.type === "COMMAND_SUCCEEDED" || event.type === "COMMAND_FAILED") {
      tx.answered(event.commandId);
    }
  }
  routeEvents(tx, fresh);
  return fresh.length;
}

/** The keys packed into one row: those any capability says it rewrites on every answer. */
export function packsFleetState(key: string): boolean {
  return FLEET_CAPABILITIES.some((capability) => capability.packs?.(key) === true);
}
