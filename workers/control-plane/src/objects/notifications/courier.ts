import { toRfc3339 } from "@regatta/engine";
import { type CloudEvent, EVENT_TYPE_PREFIX } from "@regatta/protocol";
import type { Env } from "../../env.ts";
import type { NotificationQueueMessage } from "./queue-message.ts";
import { eventsOf, type NotificationBatch, type NotificationMessage } from "./record.ts";

/** Messages one `sendBatch` carries at most (the queue's own limit). */
const QUEUE_BATCH = 100;

/**
 * The CloudEvent of a recorded notification of `fleet`: its source is the fleet, its
 * data says which fleet too, so a subscriber to several fleets need not parse paths.
 *
 * @example cloudEvent(message, "prod").type // "dev.regatta.updaterun.completed"
 */
export function cloudEvent(message: NotificationMessage, fleet: string): CloudEvent {
  return {
    specversion: "1.0",
    id: message.id,
    source: `/v1/fleets/${fleet}`,
    type: `${EVENT_TYPE_PREFIX}${message.event}`,
    subject: message.subject,
    time: toRfc3339(message.time),
    datacontenttype: "application/json",
    data: { fleet, ...message.data },
  };
}

/**
 * Hands recorded notifications to the queue (the producer binding), each as an event of
 * the fleet it names, else of `ownFleet` (the fleet object that recorded it), in batches
 * of up to 100. Throws when the queue does not take them, which leaves the delivery in
 * the object's storage to be tried again with backoff (the consumer records one delivery
 * per subscription and event id, so events sent again are not recorded twice).
 */
export async function handToQueue(
  env: Pick<Env, "NOTIFICATIONS">,
  message: NotificationMessage | NotificationBatch,
  ownFleet?: string,
): Promise<void> {
  const bodies = eventsOf(message).map((event): NotificationQueueMessage => {
    const fleet = event.fleet ?? ownFleet;
    if (fleet === undefined) throw new Error(`notification ${event.id} names no fleet`);
    return { kind: "event", fleet, event: cloudEvent(event, fleet) };
  });
  for (let i = 0; i < bodies.length; i += QUEUE_BATCH) {
    await env.NOTIFICATIONS.sendBatch(
      bodies.slice(i, i + QUEUE_BATCH).map((body) => ({ body, contentType: "json" as const })),
    );
  }
}
