import type { Instant } from "@regatta/engine";
import type { NotificationEvent } from "@regatta/protocol";
import { deliver } from "../../runtime/deliveries.ts";
import type { Tx } from "../../runtime/types.ts";

/**
 * How an object records a notification: in the transaction of the state change it is
 * about, as a durable delivery (runtime/deliveries.ts), the one outbox every object
 * already runs. The delivery hands the event to the queue after the commit and, while
 * the queue will not take it, retries with backoff, so a crash between the change and
 * the send loses nothing. The id is the CloudEvent id, fixed here once.
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

/** The delivery's message: the draft, its id and the instant of the change. */
export interface NotificationMessage extends NotificationDraft {
  type: "notification";
  id: string;
  /** The object's instant of the change (virtual time in sim mode). */
  time: Instant;
}

/** Deliveries of notifications are told apart from an object's others by this prefix. */
const PREFIX = "notify/";

/** Whether the delivery `id` carries a notification. */
export const isNotificationDelivery = (id: string) => id.startsWith(PREFIX);

/** Records `draft` as of the transaction's instant; it reaches the queue after the commit. */
export function recordNotification(tx: Tx, draft: NotificationDraft): void {
  const id = crypto.randomUUID();
  deliver<NotificationMessage>(tx, `${PREFIX}${id}`, {
    type: "notification",
    id,
    time: tx.now,
    ...draft,
  });
}
