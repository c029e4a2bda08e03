import { attemptDelivery, type Courier } from "./deliveries.ts";
import type { ObjectRuntime } from "./runtime.ts";
import { DELIVERY_TIMER, type Timer, type Tx } from "./types.ts";

/**
 * The one kernel both Durable Objects dispatch through: each object is a list of
 * capabilities (its rooms), and every timer, durable delivery and end the object handles
 * is looked up in one table built from that list, never switched on by the shell. A
 * capability names what it owns; two claiming the same key is a bug caught when the
 * table is built, before the object serves anything.
 *
 * @example
 * const TABLE = new CapabilityTable("fleet", [nodePools, rollout]);
 * runtime.handleTimers((timer) => TABLE.fire(context, timer));
 */

/** What every object's context lends a capability: the runtime it runs on. */
export interface CapabilityContext {
  runtime: ObjectRuntime;
}

/** What a capability does when one of its timers falls due. */
export type TimerHandler<C> = (context: C, timer: Timer) => Promise<void>;

/** A message a capability delivers durably (deliveries.ts); its `type` names its courier. */
export interface Message {
  type: string;
}

/**
 * Carries one type of message out for a capability (deliveries.ts `Courier`, with the
 * object's context): the I/O, then what the answer changes.
 */
export interface CapabilityCourier<C, M extends Message, A = unknown> {
  send(context: C, message: M): Promise<A>;
  taken?(tx: Tx, message: M, answer: A): void;
  /** As deliveries.ts's `Courier`: a lower bound on attempts, and giving up. */
  maxAttempts?(message: M): number | undefined;
  gaveUp?(tx: Tx, message: M, lastError: string): void;
  /** What of `current` is left once `sent` was taken (deliveries.ts `Courier`). */
  remainder?(sent: M, current: M): { rest?: M } | undefined;
  /**
   * After an attempt, taken or not (outside its transaction): what the answer lets the
   * object do next at the same instant (a run's health answer can start the next member).
   */
  settled?(context: C): Promise<void>;
}

/** Whoever waits for something of kind `W["kind"]`, hearing it once it is all there. */
export interface Subscriber<W, E> {
  hear(tx: Tx, waiter: W, ends: readonly E[]): void;
}

/** Kinds of waiter a capability hears, each with its own waiter's shape. */
export type Subscriptions<W extends { kind: string }, E> = {
  readonly [K in W["kind"]]?: Subscriber<Extract<W, { kind: K }>, E>;
};

/**
 * One capability of an object: the timer kinds it owns, the message types it delivers,
 * the kinds of waiter whose ends it hears. `C` is the object's context, `W` and `E` what
 * its waiters and ends are (none for an object nobody waits in).
 */
export interface Capability<C, W extends { kind: string } = never, E = never> {
  readonly name: string;
  /** The timer kinds it owns, each with what it does when one falls due. */
  readonly timers?: Readonly<Record<string, TimerHandler<C>>>;
  /** How it carries out the durable deliveries it records, by the message's `type`. */
  readonly deliveries?: Readonly<Record<string, CapabilityCourier<C, Message>>>;
  /** The waiters it hears when their ends are in (an end mechanism delivers them). */
  readonly ends?: Subscriptions<W, E>;
}

/** Builds a lookup by key; two capabilities claiming one key is a bug caught at load. */
function claimed<T>(table: string, what: string, entries: [string, T][]): Map<string, T> {
  const lookup = new Map(entries);
  if (lookup.size !== entries.length) {
    const seen = new Set<string>();
    const twice = entries.find(([key]) => seen.has(key) || !seen.add(key))?.[0];
    throw new Error(`${table} capabilities: ${what} ${twice} claimed twice`);
  }
  return lookup;
}

/**
 * The table an object dispatches through. The object's delivery timer (deliveries.ts)
 * is the kernel's own: it finds the courier by the stored message's type.
 */
export class CapabilityTable<
  C extends CapabilityContext,
  W extends { kind: string } = never,
  E = never,
> {
  private readonly timers: Map<string, TimerHandler<C>>;
  private readonly couriers: Map<string, CapabilityCourier<C, Message>>;
  private readonly subscribers: Map<string, Subscriber<W, E>>;

  constructor(
    /** The object's name in errors and warnings ("fleet", "update run"). */
    private readonly object: string,
    readonly capabilities: readonly Capability<C, W, E>[],
  ) {
    this.couriers = claimed(
      object,
      "message type",
      capabilities.flatMap((c) => Object.entries(c.deliveries ?? {})),
    );
    this.timers = claimed(object, "timer kind", [
      ...capabilities.flatMap((c) => Object.entries(c.timers ?? {})),
      [DELIVERY_TIMER, (context: C, timer: Timer) => this.deliver(context, timer.payload ?? "")],
    ]);
    this.subscribers = claimed(
      object,
      "waiter kind",
      capabilities.flatMap((c) => subscriptionsOf<W, E>(c.ends)),
    );
  }

  /** Fires a due timer through the capability that owns its kind. */
  async fire(context: C, timer: Timer): Promise<void> {
    const handler = this.timers.get(timer.kind);
    if (handler) await handler(context, timer);
    else console.warn(`${this.object}: no capability handles timer kind ${timer.kind}`);
  }

  /** Whether some capability owns timers of `kind`. */
  handles(kind: string): boolean {
    return this.timers.has(kind);
  }

  /** Whether some capability hears the ends of waiters of `kind`. */
  hears(kind: string): boolean {
    return this.subscribers.has(kind);
  }

  /** One attempt of the delivery `id`, by its courier (found by the message's type). */
  async deliver(context: C, id: string): Promise<void> {
    let used: CapabilityCourier<C, Message> | undefined;
    await attemptDelivery<Message, unknown>(context.runtime, id, {
      send: (message) => {
        used = this.courierOf(message);
        return used.send(context, message);
      },
      taken: (tx, message, answer) => this.courierOf(message).taken?.(tx, message, answer),
      maxAttempts: (message) => this.courierOf(message).maxAttempts?.(message),
      gaveUp: (tx, message, lastError) => this.courierOf(message).gaveUp?.(tx, message, lastError),
      remainder: (sent, current) =>
        sent.type === current.type ? this.courierOf(current).remainder?.(sent, current) : undefined,
    });
    await used?.settled?.(context);
  }

  /** Hands a waiter its ends, through the capability that hears its kind. */
  hear(tx: Tx, waiter: W, ends: readonly E[]): void {
    const subscriber = this.subscribers.get(waiter.kind);
    if (!subscriber) throw new Error(`${this.object}: nobody hears ends of ${waiter.kind}`);
    subscriber.hear(tx, waiter, ends);
  }

  private courierOf(message: Message): CapabilityCourier<C, Message> {
    const courier = this.couriers.get(message.type);
    if (!courier) throw new Error(`${this.object}: no capability delivers ${message.type}`);
    return courier;
  }
}

/**
 * A capability's subscriptions as entries. The keys of `Subscriptions<W, E>` are exactly
 * the kinds of `W`, so each subscriber hears the waiters of the kind it is keyed by.
 */
function subscriptionsOf<W extends { kind: string }, E>(
  ends: Subscriptions<W, E> | undefined,
): [string, Subscriber<W, E>][] {
  const entries: [string, Subscriber<W, E>][] = [];
  for (const [kind, subscriber] of Object.entries<Subscriber<W, E> | undefined>(ends ?? {})) {
    if (subscriber) entries.push([kind, subscriber]);
  }
  return entries;
}

/** A capability's courier bound to its context: the deliveries.ts `Courier` it stands for. */
export function boundCourier<C, M extends Message, A>(
  courier: CapabilityCourier<C, M, A>,
  context: C,
): Courier<M, A> {
  return {
    send: (message) => courier.send(context, message),
    taken: (tx, message, answer) => courier.taken?.(tx, message, answer),
    maxAttempts: (message) => courier.maxAttempts?.(message),
    gaveUp: (tx, message, lastError) => courier.gaveUp?.(tx, message, lastError),
    remainder: (sent, current) => courier.remainder?.(sent, current),
  };
}
