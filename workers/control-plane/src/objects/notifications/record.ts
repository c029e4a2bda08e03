import type { Instant } from "@regatta/engine";
import type { NotificationEvent } from "@regatta/protocol";
import { type Collection, collect, uncollected } from "../../runtime/deliveries.ts";
import type { Tx } from "../../runtime/types.ts";

/**
 * How an object records a notification: in the transaction of the state change it is
 * about, as a durable delivery (runtime/deliveries.ts), the one outbox every object
 * already runs. The delivery hands the events to the queue after the commit and, while
 * the queue will not take them, retries with backoff, so a crash between the change and
 * the send loses nothing. The id is the CloudEvent id, fixed here once.
 *
 * Events accumulate in one delivery per object until it is taken (every operation of a
 * batch of update-run members ends at once): one timer, one transaction and one queue
 * batch for all of them, not one each. A delivery holds at most
 * {@link EVENTS_PER_DELIVERY}; a full one is set apart under an id of its own and keeps
 * being retried on its own.
 */

/** What the object knows about the change; the courier makes a CloudEvent of it. */
export interface NotificationDraft {
  event: NotificationEvent;
  /** The fleet it is about; the fleet object's own name when it records it. */
  fleet?: string;
  /** As an API path under /v1: `operations/op-1`, `fleets/prod/update-runs/r1`. */
  subject: string;
  data: Record<string, unknown>;
  /** When the change happened, if before the transaction that records it (a member's end). */
  time?: number;
}

/** One recorded event: the draft, its id and the instant of the change. */
export interface NotificationMessage extends NotificationDraft {
  type: "notification";
  id: string;
  /** The object's instant of the change (virtual time in sim mode). */
  time: Instant;
}

/** A delivery of recorded events, in the order they were recorded. */
export interface NotificationBatch {
  type: "notifications";
  events: NotificationMessage[];
}

/** Events one delivery carries at most (a queue batch takes 100 messages; four batches). */
export const EVENTS_PER_DELIVERY = 400;

/** Deliveries of notifications are told apart from an object's others by this prefix. */
const PREFIX = "notify/";
/** The delivery that collects events until it is taken. */
const COLLECTING = `${PREFIX}collecting`;

/** Whether the delivery `id` carries notifications. */
export const isNotificationDelivery = (id: string) => id.startsWith(PREFIX);

/** How notifications collect (runtime/deliveries.ts `Collection`). */
const NOTIFICATIONS: Collection<NotificationMessage | NotificationBatch, NotificationMessage> = {
  items: eventsOf,
  message: (events) => ({ type: "notifications", events }),
  key: (event) => event.id,
  max: EVENTS_PER_DELIVERY,
  // Which of two batches reaches the queue first does not matter: subscribers order
  // events by their `time`, not by their arrival.
  apart: () => `${PREFIX}${crypto.randomUUID()}`,
};

/** Records `draft` as of the transaction's instant; it reaches the queue after the commit. */
export function recordNotification(tx: Tx, draft: NotificationDraft): void {
  const event: NotificationMessage = {
    type: "notification",
    id: crypto.randomUUID(),
    time: tx.now,
    ...draft,
  };
  collect(tx, COLLECTING, event, NOTIFICATIONS);
}

/** The events of a delivery, whether it carries one (stored by an earlier version) or many. */
export function eventsOf(message: NotificationMessage | NotificationBatch): NotificationMessage[] {
  return message.type === "notifications" ? message.events : [message];
}

/** What of `current` is left once `sent` (an earlier revision of the same delivery) was taken. */
export function unsentEvents(
  sent: NotificationMessage | NotificationBatch,
  current: NotificationMessage | NotificationBatch,
): { rest?: NotificationMessage | NotificationBatch } {
  return uncollected(NOTIFICATIONS, sent, current);
}
