import type { Instant } from "@regatta/engine";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Notification subscriptions (API.md "Watching and being told"). The secret is kept
 * only encrypted (`secret_box`, AES-GCM under the deployment's NOTIFICATIONS_KEY, bound
 * to the subscription's name); `fleets` null means every fleet. Times are wall-clock ms.
 */
export const notificationSubscriptions = sqliteTable("notification_subscriptions", {
  name: text("name").primaryKey(),
  url: text("url").notNull(),
  secretBox: text("secret_box").notNull(),
  events: text("events", { mode: "json" }).$type<string[]>().notNull(),
  fleets: text("fleets", { mode: "json" }).$type<string[] | null>(),
  /** SEC-4: the public id of the token that created it (null: the deployment's own admin). */
  createdBy: text("created_by"),
  createdAt: integer("created_at").$type<Instant>().notNull(),
  updatedAt: integer("updated_at").$type<Instant>().notNull(),
});

/** Where a delivery stands. */
export const DELIVERY_STATES = ["pending", "delivered", "dead"] as const;

/**
 * One event's delivery to one subscription, keyed by the CloudEvent id within it: the
 * event as sent (so a dead letter can be sent again), how far it got and why the last
 * attempt failed (truncated, never the receiver's whole answer). Pruned by the cron
 * after NOTIFICATION_RETENTION_DAYS; deleted with its subscription.
 */
export const notificationDeliveries = sqliteTable(
  "notification_deliveries",
  {
    subscription: text("subscription")
      .notNull()
      .references(() => notificationSubscriptions.name, { onDelete: "cascade" }),
    eventId: text("event_id").notNull(),
    fleet: text("fleet").notNull(),
    type: text("type").notNull(),
    subject: text("subject").notNull(),
    /** The whole CloudEvent as JSON (a few hundred bytes). */
    event: text("event").notNull(),
    state: text("state", { enum: DELIVERY_STATES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subscription, t.eventId] }),
    index("notification_deliveries_list").on(t.subscription, t.state, t.createdAt),
    index("notification_deliveries_updated").on(t.updatedAt),
  ],
);
