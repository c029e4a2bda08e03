import { toRfc3339 } from "@regatta/engine";
import { type CloudEvent, EVENT_TYPE_PREFIX } from "@regatta/protocol";
import type { Env } from "../../env.ts";
import type { NotificationQueueMessage } from "./queue-message.ts";
import type { NotificationMessage } from "./record.ts";

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
 * Hands a recorded notification to the queue (the producer binding), as an event of the
 * fleet it names, else of `ownFleet` (the fleet object that recorded it). Throws when
 * the queue does not take it, which leaves the delivery in the object's storage to be
 * tried again with backoff.
 */
export async function handToQueue(
  env: Pick<Env, "NOTIFICATIONS">,
  message: NotificationMessage,
  ownFleet?: string,
): Promise<void> {
  const fleet = message.fleet ?? ownFleet;
  if (fleet === undefined) throw new Error(`notification ${message.id} names no fleet`);
  const body: NotificationQueueMessage = {
    kind: "event",
    fleet,
    event: cloudEvent(message, fleet),
  };
  await env.NOTIFICATIONS.send(body, { contentType: "json" });
}
