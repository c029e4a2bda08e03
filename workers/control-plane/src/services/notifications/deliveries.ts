import type { z } from "@hono/zod-openapi";
import type { NotificationDelivery } from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import {
  type DeliveryStateName,
  getDelivery,
  type Inventory,
  listDeliveries,
  markDeliveryDead,
  type NotificationDeliveryRow,
  type Page,
  type PageRequest,
  reopenDelivery,
} from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { NotificationQueueMessage } from "../../objects/notifications/queue-message.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";

type View = z.infer<typeof NotificationDelivery>;

/** A subscription's deliveries, newest first, optionally in one state (`dead`). */
export async function listSubscriptionDeliveries(
  db: Inventory,
  subscription: string,
  request: PageRequest & { state?: DeliveryStateName | undefined },
): Promise<Page<View>> {
  const page = await listDeliveries(db, subscription, request);
  return { items: page.items.map(viewOf), nextCursor: page.nextCursor };
}

/**
 * Sends a settled delivery (dead, or delivered) again: back to pending, and on the queue
 * for a fresh round of attempts. A delivery still being tried is a 409.
 */
export async function redeliver(
  db: Inventory,
  queue: Env["NOTIFICATIONS"],
  subscription: string,
  eventId: string,
): Promise<Outcome<View>> {
  const row = await getDelivery(db, subscription, eventId);
  if (!row) return refused("missing", `notification ${subscription} has no delivery ${eventId}`);
  if (row.state === "pending") {
    return refused(
      "conflict",
      `delivery ${eventId} is still being tried (attempt ${row.attempts})`,
    );
  }
  const reopened = await reopenDelivery(db, subscription, eventId, Date.now());
  if (!reopened)
    return refused("missing", `notification ${subscription} has no delivery ${eventId}`);
  const message: NotificationQueueMessage = { kind: "delivery", subscription, eventId };
  try {
    await queue.send(message, { contentType: "json" });
  } catch (error) {
    // Not queued: it stays a dead letter rather than pending with nothing to send it.
    await markDeliveryDead(db, subscription, eventId, "redelivery could not be queued", Date.now());
    throw error;
  }
  return accepted(viewOf(reopened));
}

function viewOf(row: NotificationDeliveryRow): View {
  const event = JSON.parse(row.event) as { time?: string };
  const view: View = {
    id: row.eventId,
    type: row.type,
    subject: row.subject,
    time: event.time ?? toRfc3339(row.createdAt),
    state: row.state,
    attempts: row.attempts,
    createdAt: toRfc3339(row.createdAt),
    updatedAt: toRfc3339(row.updatedAt),
  };
  if (row.lastStatus !== null) view.lastStatus = row.lastStatus;
  if (row.lastError !== null) view.lastError = row.lastError;
  return view;
}
