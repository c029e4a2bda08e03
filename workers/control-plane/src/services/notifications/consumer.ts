import { exponentialBackoff } from "@regatta/engine";
import {
  allNotificationSubscriptions,
  getDelivery,
  getNotificationSubscription,
  type Inventory,
  insertDeliveries,
  markDeliveryDead,
  type NotificationSubscriptionRow,
  openInventory,
  recordDeliveryAttempt,
  resealSubscriptionSecret,
  subscriptionHears,
} from "@regatta/inventory";
import {
  type CloudEvent,
  EVENT_TYPE_PREFIX,
  matchesPattern,
  type NotificationEvent,
} from "@regatta/protocol";
import type { Env } from "../../env.ts";
import type { NotificationQueueMessage } from "../../objects/notifications/queue-message.ts";
import { URL_RULE, urlPolicy, urlRefusal } from "../../outbound/url-policy.ts";
import { openSecret } from "./secret-box.ts";
import { postEvent, truncate } from "./send.ts";
import { MAX_SUBSCRIPTIONS } from "./subscriptions.ts";

/**
 * The notifications queue's consumer (docs/notifications.md). An event is fanned out:
 * one delivery row per matching subscription (recorded once, whatever the repeats), then
 * one queue message per delivery. A delivery is POSTed; a non-2xx answer or a timeout is
 * retried by the queue with exponential backoff (`msg.retry({delaySeconds})`) until
 * NOTIFICATION_MAX_ATTEMPTS, when the consumer records it dead and acknowledges it. The
 * queue's own dead-letter queue receives only messages whose handling kept throwing
 * (D1 unreachable, say): `consumeDeadLetters` records those dead.
 */

/** Messages per `sendBatch` (the platform's limit). */
const SEND_BATCH = 100;
/** The longest wait between two attempts (the queue allows 12 hours). */
const MAX_RETRY_SECONDS = 3_600;

/** Attempts and waits, from the deployment's variables. */
export interface RetryPolicy {
  maxAttempts: number;
  /** Seconds before the attempt after the `attempt`-th (1-based). */
  wait: (attempt: number) => number;
}

export function retryPolicy(
  env: Pick<Env, "NOTIFICATION_MAX_ATTEMPTS" | "NOTIFICATION_RETRY_SECONDS">,
): RetryPolicy {
  const attempts = Number(env.NOTIFICATION_MAX_ATTEMPTS);
  const first = Number(env.NOTIFICATION_RETRY_SECONDS);
  const backoff = exponentialBackoff({
    first: Number.isFinite(first) && first >= 0 ? first : 10,
    max: MAX_RETRY_SECONDS,
  });
  return {
    maxAttempts: Number.isInteger(attempts) && attempts > 0 ? attempts : 10,
    wait: (attempt) => Math.round(backoff(attempt)),
  };
}

/** The `queue()` handler's work for `regatta-notifications`. */
export async function consumeNotifications(
  batch: MessageBatch<NotificationQueueMessage>,
  env: Env,
): Promise<void> {
  const db = openInventory(env.DB);
  const policy = retryPolicy(env);
  const subscriptionsOf = batchSubscriptions(db);
  for (const message of batch.messages) {
    try {
      const body = message.body;
      if (body.kind === "event") {
        await fanOut(db, env, body.fleet, body.event, subscriptionsOf);
        message.ack();
      } else if (body.kind === "delivery") {
        await attempt(db, env, policy, message as Message<typeof body>);
      } else {
        console.error("notifications: a message of no known kind, dropped", body);
        message.ack();
      }
    } catch (error) {
      // The consumer itself failed (D1, the queue): the same message comes back later;
      // after the queue's max_retries it goes to the dead-letter queue.
      console.error("notifications: handling a message failed; retrying", error);
      message.retry({ delaySeconds: policy.wait(message.attempts) });
    }
  }
}

/** The subscriptions that hear events of a fleet. */
type SubscriptionsOf = (fleet: string) => Promise<NotificationSubscriptionRow[]>;

/**
 * A deployment holds at most MAX_SUBSCRIPTIONS: a batch reads all of them once, at its
 * first event, and matches each event's fleet here rather than reading per event.
 */
function batchSubscriptions(db: Inventory): SubscriptionsOf {
  let all: Promise<NotificationSubscriptionRow[]> | undefined;
  return async (fleet) => {
    all ??= allNotificationSubscriptions(db, MAX_SUBSCRIPTIONS);
    return (await all).filter((s) => subscriptionHears(s, fleet));
  };
}

/** Records a delivery per matching subscription and queues one message for each. */
async function fanOut(
  db: Inventory,
  env: Env,
  fleet: string,
  event: CloudEvent,
  subscriptionsOf: SubscriptionsOf,
): Promise<void> {
  const name = event.type.slice(EVENT_TYPE_PREFIX.length) as NotificationEvent;
  const matching = (await subscriptionsOf(fleet)).filter((s) =>
    s.events.some((pattern) => matchesPattern(pattern, name)),
  );
  if (matching.length === 0) return;
  await insertDeliveries(
    db,
    matching.map((s) => ({
      subscription: s.name,
      eventId: event.id,
      fleet,
      type: event.type,
      subject: event.subject,
      event: JSON.stringify(event),
    })),
    Date.now(),
  );
  for (let i = 0; i < matching.length; i += SEND_BATCH) {
    await env.NOTIFICATIONS.sendBatch(
      matching.slice(i, i + SEND_BATCH).map((s) => ({
        body: { kind: "delivery", subscription: s.name, eventId: event.id },
        contentType: "json" as const,
      })),
    );
  }
}

type DeliveryMessage = Extract<NotificationQueueMessage, { kind: "delivery" }>;

/** One attempt of one delivery; dead after the last. */
async function attempt(
  db: Inventory,
  env: Env,
  policy: RetryPolicy,
  message: Message<DeliveryMessage>,
): Promise<void> {
  const { subscription, eventId } = message.body;
  const [delivery, sub] = await Promise.all([
    getDelivery(db, subscription, eventId),
    getNotificationSubscription(db, subscription),
  ]);
  // Gone (deleted, pruned) or already settled (a repeated message): nothing to do.
  if (!delivery || !sub || delivery.state !== "pending") {
    message.ack();
    return;
  }
  const refusal = urlRefusal(sub.url, urlPolicy(env));
  const result =
    refusal !== undefined
      ? { ok: false as const, status: null, error: truncate(`${URL_RULE}: ${refusal}`) }
      : await postSigned(db, env, sub.name, sub.url, sub.secretBox, delivery.event);
  const now = Date.now();
  if (result.ok) {
    await recordDeliveryAttempt(
      db,
      subscription,
      eventId,
      { state: "delivered", lastStatus: result.status, lastError: null },
      now,
    );
    message.ack();
    return;
  }
  const last = message.attempts >= policy.maxAttempts || refusal !== undefined;
  await recordDeliveryAttempt(
    db,
    subscription,
    eventId,
    { state: last ? "dead" : "pending", lastStatus: result.status, lastError: result.error },
    now,
  );
  if (last) message.ack();
  else message.retry({ delaySeconds: policy.wait(message.attempts) });
}

async function postSigned(
  db: Inventory,
  env: Env,
  name: string,
  url: string,
  box: string,
  body: string,
) {
  const key = env.NOTIFICATIONS_KEY;
  if (!key) {
    return { ok: false as const, status: null, error: "NOTIFICATIONS_KEY is not set: cannot sign" };
  }
  let opened: Awaited<ReturnType<typeof openSecret>>;
  try {
    opened = await openSecret(key, name, box);
  } catch {
    return {
      ok: false as const,
      status: null,
      error: "the secret opens under no key of NOTIFICATIONS_KEY (was a key removed too soon?)",
    };
  }
  // An older key of the ring opened it (SEC-9): the newest seals it from now on, so the
  // old key can leave the ring.
  if (opened.resealed !== undefined) {
    await resealSubscriptionSecret(db, name, box, opened.resealed);
  }
  return postEvent(url, body, opened.secret);
}

/** The `queue()` handler's work for `regatta-notifications-dead`. */
export async function consumeDeadLetters(
  batch: MessageBatch<NotificationQueueMessage>,
  env: Env,
): Promise<void> {
  const db = openInventory(env.DB);
  const subscriptionsOf = batchSubscriptions(db);
  for (const message of batch.messages) {
    const body = message.body;
    try {
      if (body.kind === "delivery") {
        await markDeliveryDead(
          db,
          body.subscription,
          body.eventId,
          "dead-lettered by the queue: handling it kept failing",
          Date.now(),
        );
      } else if (body.kind === "event") {
        // Fanning out kept failing: one last try, so the deliveries exist and show.
        await fanOut(db, env, body.fleet, body.event, subscriptionsOf);
      }
      message.ack();
    } catch (error) {
      console.error("notifications: a dead letter could not be recorded", body, error);
      message.retry();
    }
  }
}
