import type { ProviderEvent } from "@regatta/engine";
import type { Inventory } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";
import type { Timer, Tx } from "../../runtime/types.ts";

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
 * dispatches through the table of these in `capabilities.ts` and knows none of their
 * keys or timers: adding a capability is its folder and one entry there.
 */
export interface FleetCapability {
  readonly name: string;
  /** The timer kinds it owns, each with what it does when one falls due. */
  readonly timers?: Readonly<Record<string, (fleet: FleetContext, timer: Timer) => Promise<void>>>;
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
  /**
   * How it carries out the durable deliveries it records (runtime/deliveries.ts), by the
   * message's `type`: the I/O, then what the answer changes.
   */
  readonly deliveries?: Readonly<Record<string, FleetCourier<FleetMessage>>>;
}

/** A message a capability delivers durably; its `type` names the capability's courier. */
export interface FleetMessage {
  type: string;
}

/** Carries one type of message out for a capability. */
export interface FleetCourier<M extends FleetMessage, A = unknown> {
  send(fleet: FleetContext, message: M): Promise<A>;
  taken?(tx: Tx, message: M, answer: A): void;
  /** As runtime/deliveries.ts's `Courier`: a lower bound on attempts, and giving up. */
  maxAttempts?(message: M): number;
  gaveUp?(tx: Tx, message: M, lastError: string): void;
  /** What of `current` is left once `sent` was taken (runtime/deliveries.ts `Courier`). */
  remainder?(sent: M, current: M): { rest?: M } | undefined;
}

/** Runs `commit` of the object as a timer handler that only changes its own storage. */
export function inTransaction(
  change: (tx: Tx, timer: Timer) => void,
): (fleet: FleetContext, timer: Timer) => Promise<void> {
  return (fleet, timer) => fleet.runtime.commit((tx) => change(tx, timer));
}
