import type { ProviderEvent } from "@regatta/engine";
import type { Tx } from "../../runtime/types.ts";
import { autoscaler } from "./autoscaler/capability.ts";
import type { FleetCapability } from "./capability.ts";
import { clusterUpgrades } from "./cluster-upgrade/capability.ts";
import { nodePoolUpgrades } from "./node-pool/capability.ts";
import { provider } from "./provider/capability.ts";
import { eventKey, reportUnclaimed } from "./provider/events.ts";
import { rollout } from "./rollout/capability.ts";
import { runMembers } from "./run-members/capability.ts";

/**
 * The capabilities installed in every fleet object, in the order they are asked: a
 * provider event goes to node-pool upgrades first, then cluster upgrades, then the
 * autoscaler; a deleted cluster ends its pools' upgrades before its own.
 */
export const FLEET_CAPABILITIES: readonly FleetCapability[] = [
  provider,
  nodePoolUpgrades,
  clusterUpgrades,
  autoscaler,
  rollout,
  runMembers,
];

/** Timer kind → its handler, built once; two capabilities claiming one kind is a bug. */
export const TIMER_HANDLERS = new Map(
  FLEET_CAPABILITIES.flatMap((capability) => Object.entries(capability.timers ?? {})),
);
if (TIMER_HANDLERS.size !== FLEET_CAPABILITIES.flatMap((c) => Object.keys(c.timers ?? {})).length) {
  throw new Error("fleet capabilities: two capabilities claim the same timer kind");
}

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
  routeEvents(tx, fresh);
  return fresh.length;
}
