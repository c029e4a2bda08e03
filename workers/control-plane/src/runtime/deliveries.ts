import { exponentialBackoff } from "@regatta/engine";
import { DELIVERY_TIMER, ObjectCrash, type Tx, timerId } from "./types.ts";

/**
 * One durable way for an object to get something to another object (or to carry out an
 * intent of its own that needs I/O first): "deliver this, with backoff until it is
 * taken". A delivery is recorded in the transaction that decided it, so a crash cannot
 * lose it; it is attempted at once after that commit and, while it fails, again on its
 * own timer with exponential backoff. The receiving side must take a message once
 * (a repeat after a lost answer is normal), and the sender applies the answer in a
 * transaction of its own. Every retry loop of the objects goes through here, the
 * outbox's provider batches included (runtime/outbox.ts): this file holds the one retry
 * table and its policy.
 */

export { DELIVERY_TIMER };

/** Waits between attempts: 5 s doubling to 10 minutes. */
const retryWait = exponentialBackoff({ first: 5_000, max: 600_000 });
/**
 * Attempts before a delivery is given up (about a week at the longest wait): what was
 * never taken by then is logged and dropped rather than kept forever. The default, for a
 * message to another object (member starts and ends, forgets, notifications' hand-off):
 * the receiver is ours and comes back.
 */
export const MAX_DELIVERY_ATTEMPTS = 1_000;
/**
 * Attempts of a batch of provider commands (the outbox) before it is set aside: 8, about
 * ten minutes of backoff. The provider is someone else's endpoint; an operation waiting
 * on a batch it will not take should fail visibly within minutes (its reason names the
 * set-aside batch) and retry its step with a new batch (NUP-7), not wait a week.
 */
export const PROVIDER_BATCH_ATTEMPTS = 8;

/** What a delivery needs of its object's runtime: reads and commits (`ObjectRuntime`). */
export interface DeliveryHost {
  read<R>(look: (tx: Tx) => R): Promise<R>;
  commit<R>(change: (tx: Tx) => R): Promise<R>;
}

const key = (id: string) => `delivery:${id}`;

/**
 * The state key a delivery is stored under, for a capability that packs its small,
 * short-lived deliveries with the values they change together with (packed-row.ts).
 */
export const deliveryKey = key;

interface StoredDelivery<M> {
  message: M;
  attempts: number;
  /** Counts replacements of the message under the same id. */
  revision: number;
}

/** How an object carries its deliveries out: the I/O, then the answer in a transaction. */
export interface Courier<M, A = unknown> {
  /**
   * Carries the message out (an RPC, or reads before a local change); throws to retry.
   * `attempt` counts from 1 (a reason may name it).
   */
  send(message: M, attempt: number): Promise<A>;
  /** Applies what the receiver answered, in the same transaction that forgets the delivery. */
  taken?(tx: Tx, message: M, answer: A): void;
  /**
   * Attempts before the delivery is given up (default {@link MAX_DELIVERY_ATTEMPTS}): a
   * sender for which a failure is itself an answer (EXT-7: an unreachable health URL)
   * bounds it lower.
   */
  maxAttempts?(message: M): number | undefined;
  /** What giving up means to the sender, in the transaction that forgets the delivery. */
  gaveUp?(tx: Tx, message: M, lastError: string): void;
  /**
   * What giving up must still do when `gaveUp` threw (its transaction rolled back): the
   * delivery is given up all the same, never retried forever; the log keeps why.
   */
  gaveUpUnrecorded?(tx: Tx, message: M, lastError: string): void;
  /**
   * For a message that accumulates (a batch of reports that grows while one is under
   * way): what of `current` is left once `sent`, an earlier revision, was taken (`{}`
   * when nothing is). Undefined (or no method): the attempt whose message was replaced
   * meanwhile changes nothing, and the new revision goes out whole.
   */
  remainder?(sent: M, current: M): { rest?: M } | undefined;
}

/**
 * Records `message` under `id` (the same id again replaces a delivery not yet taken) and
 * makes it due now; or, when `failed` attempts of it were already made (a sender that
 * carried part of a message out and then failed on the rest), after their backoff.
 */
export function deliver<M>(tx: Tx, id: string, message: M, failed = 0): void {
  const revision = (tx.getState<StoredDelivery<M>>(key(id))?.revision ?? 0) + 1;
  tx.putState(key(id), { message, attempts: failed, revision } satisfies StoredDelivery<M>);
  const due = failed > 0 ? tx.now + retryWait(failed) : tx.now;
  tx.setTimer({ id: timerId(DELIVERY_TIMER, id), due, kind: DELIVERY_TIMER, payload: id });
}

/**
 * A delivery that collects items until it is taken (the ends of a run's members, an
 * object's notifications): what one instant produces goes out in one attempt. A full
 * one goes on under an id of its own (`apart`) and is retried on its own; a new one
 * starts collecting.
 */
export interface Collection<M, I> {
  /** The items a message carries. */
  items(message: M): readonly I[];
  /** A message carrying `items`. */
  message(items: I[]): M;
  /** Tells items apart: what an attempt carried is not sent again. */
  key(item: I): string;
  /** Items one delivery carries at most (a stored value may take 2 MB). */
  max: number;
  /** The id a full collection goes on under (one sorting first makes older items go first). */
  apart(tx: Tx): string;
}

/** Adds `item` to the collecting delivery `id` (runtime/deliveries.ts `Collection`). */
export function collect<M, I>(tx: Tx, id: string, item: I, collection: Collection<M, I>): void {
  const pending = pendingMessage<M>(tx, id);
  const items = pending === undefined ? [] : collection.items(pending);
  if (items.length < collection.max) {
    deliver(tx, id, collection.message([...items, item]));
    return;
  }
  deliver(tx, collection.apart(tx), collection.message([...items]));
  deliver(tx, id, collection.message([item]));
}

/**
 * A collecting delivery's `Courier.remainder`: what `current` holds that `sent`, an
 * earlier revision, did not carry.
 */
export function uncollected<M, I>(
  collection: Pick<Collection<M, I>, "items" | "message" | "key">,
  sent: M,
  current: M,
): { rest?: M } {
  const taken = new Set(collection.items(sent).map((item) => collection.key(item)));
  const rest = collection.items(current).filter((item) => !taken.has(collection.key(item)));
  return rest.length === 0 ? {} : { rest: collection.message(rest) };
}

/** The message of the delivery `id` not yet taken, if any (to add to it, say). */
export function pendingMessage<M>(tx: Tx, id: string): M | undefined {
  return tx.getState<StoredDelivery<M>>(key(id))?.message;
}

/** Whether a delivery under `id` waits to be taken. */
export function pendingDelivery(tx: Tx, id: string): boolean {
  return tx.getState(key(id)) !== undefined;
}

/** Drops a delivery not yet taken (its reason went away). */
export function cancelDelivery(tx: Tx, id: string): void {
  tx.deleteState(key(id));
  tx.clearTimer(timerId(DELIVERY_TIMER, id));
}

/** Attempts in flight in this instance, so an attempt never overlaps another of itself. */
const inFlight = new WeakMap<DeliveryHost, Set<string>>();

/**
 * One attempt of the delivery `id`: taken → its answer applied and the delivery gone;
 * failed → tried again after the backoff. A delivery already taken does nothing.
 */
export async function attemptDelivery<M, A>(
  runtime: DeliveryHost,
  id: string,
  courier: Courier<M, A>,
): Promise<void> {
  const attempts = inFlight.get(runtime) ?? new Set<string>();
  inFlight.set(runtime, attempts);
  if (attempts.has(id)) return;
  attempts.add(id);
  try {
    const stored = await runtime.read((tx) => tx.getState<StoredDelivery<M>>(key(id)));
    if (!stored) return;
    let answer: { value: A } | undefined;
    let lastError = "";
    try {
      answer = { value: await courier.send(stored.message, stored.attempts + 1) };
    } catch (error) {
      if (error instanceof ObjectCrash) throw error;
      lastError = error instanceof Error ? error.message : String(error);
      console.error(`delivery ${id} not taken (attempt ${stored.attempts + 1}); retrying`, error);
    }
    const givingUp = await runtime.commit((tx) => {
      const now = tx.getState<StoredDelivery<M>>(key(id));
      if (now === undefined) return false;
      if (now.revision !== stored.revision) {
        // Replaced while it was under way: the new message goes on its own timer, less
        // what this attempt carried when the courier can tell.
        const left = answer && courier.remainder?.(stored.message, now.message);
        if (answer === undefined || left === undefined) return false;
        courier.taken?.(tx, stored.message, answer.value);
        if (left.rest === undefined) cancelDelivery(tx, id);
        else tx.putState(key(id), { ...now, message: left.rest } satisfies StoredDelivery<M>);
        return false;
      }
      if (answer) {
        cancelDelivery(tx, id);
        courier.taken?.(tx, stored.message, answer.value);
        return false;
      }
      const tries = stored.attempts + 1;
      if (tries >= (courier.maxAttempts?.(stored.message) ?? MAX_DELIVERY_ATTEMPTS)) {
        console.error(`delivery ${id} given up after ${tries} attempts`, stored.message);
        return true;
      }
      tx.putState(key(id), { ...stored, attempts: tries });
      tx.setTimer({
        id: timerId(DELIVERY_TIMER, id),
        due: tx.now + retryWait(tries),
        kind: DELIVERY_TIMER,
        payload: id,
      });
      return false;
    });
    if (givingUp) await giveUp(runtime, id, stored, courier, lastError);
  } finally {
    attempts.delete(id);
  }
}

/**
 * Forgets a delivery that ran out of attempts, telling its sender in the same
 * transaction; when the sender cannot record it, forgets it anyway.
 */
async function giveUp<M, A>(
  runtime: DeliveryHost,
  id: string,
  stored: StoredDelivery<M>,
  courier: Courier<M, A>,
  lastError: string,
): Promise<void> {
  const forget = (tell: (tx: Tx) => void) =>
    runtime.commit((tx) => {
      // Replaced since (a new message under the id): that one has attempts of its own.
      if (tx.getState<StoredDelivery<M>>(key(id))?.revision !== stored.revision) return;
      cancelDelivery(tx, id);
      tell(tx);
    });
  try {
    await forget((tx) => courier.gaveUp?.(tx, stored.message, lastError));
  } catch (failure) {
    if (failure instanceof ObjectCrash) throw failure;
    console.error(`delivery ${id}: the sender did not record giving up`, failure);
    await forget((tx) => courier.gaveUpUnrecorded?.(tx, stored.message, lastError));
  }
}
