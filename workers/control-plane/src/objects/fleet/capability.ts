import type { ProviderEvent } from "@regatta/engine";
import type { Inventory } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { Capability, CapabilityCourier, Message } from "../../runtime/capabilities.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";
import type { Timer, Tx } from "../../runtime/types.ts";
import type { OperationEnd, Waiter } from "./waiters.ts";

/**
 * What the fleet object lends a capability while it runs one of its timers or its tick.
 * Nothing here knows a capability: the object hands out the same context to each.
 */
export interface FleetContext {
  /** The fleet's name (the object's name). */
  name: string;
  runtime: ObjectRuntime;
  inventory: Inventory;
  env: Env;
  /** How long ended operations stay readable before they are retired. */
  retentionMs: number;
  /**
   * Work this object instance is carrying out now (outside a transaction), so passes
   * that overlap do not carry it out twice; lost with the instance, which is fine because
   * what is not done is still pending in storage.
   */
  carryingOut: Set<string>;
  /** Hands provider events to the capabilities that own them, each event once. */
  route(tx: Tx, events: readonly ProviderEvent[]): void;
}

/**
 * One capability installed in the fleet object (a room: node-pool upgrades, cluster
 * upgrades, rollout, update-run members, the autoscaler, the provider). The object
 * dispatches through the kernel's table of these (capabilities.ts, runtime/capabilities.ts)
 * and knows none of their keys or timers: adding a capability is its folder and one entry
 * there. Beyond what every capability declares (timers, deliveries, the ends it hears):
 */
export interface FleetCapability extends Capability<FleetContext, Waiter, OperationEnd> {
  /**
   * Takes the provider events it owns (by the command id's operation) and returns the
   * rest, in order, for the next capability.
   */
  claimEvents?(tx: Tx, events: readonly ProviderEvent[]): ProviderEvent[];
  /**
   * A cluster of the fleet (with these pools) was deleted: end or forget what it holds
   * for it, inside the deleting transaction so nothing is half-gone.
   */
  clusterDeleted?(tx: Tx, cluster: string, pools: readonly string[], retentionMs: number): void;
  /**
   * The state keys it rewrites on every provider answer: kept together in one packed row
   * (runtime/packed-row.ts) instead of a row each.
   */
  packs?(key: string): boolean;
  /** After each tick's due timers (alarm, cron, sim clock moved). */
  onTick?(fleet: FleetContext): Promise<void>;
}

/** Carries one type of message out for a fleet capability (runtime/capabilities.ts). */
export type FleetCourier<M extends Message, A = unknown> = CapabilityCourier<FleetContext, M, A>;

/** Runs `commit` of the object as a timer handler that only changes its own storage. */
export function inTransaction(
  change: (tx: Tx, timer: Timer) => void,
): (fleet: FleetContext, timer: Timer) => Promise<void> {
  return (fleet, timer) => fleet.runtime.commit((tx) => change(tx, timer));
}
