import type { Instant } from "@regatta/engine";
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  isNotNull,
  isNull,
  lt,
  notInArray,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { notificationDeliveries, notificationSubscriptions } from "../schema/notifications.ts";
import { chunk, rowsPerInsert } from "./chunk.ts";
import { type Inventory, prepared, pruneOldest } from "./db.ts";
import {
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  keysetPage,
  type Page,
  type PageRequest,
  pageLimit,
} from "./page.ts";

/** A stored subscription, its sealed secret included: never return it to a client. */
export type NotificationSubscriptionRow = typeof notificationSubscriptions.$inferSelect;
/** What `putNotificationSubscription` writes. */
export type NotificationSubscriptionWrite = Omit<
  NotificationSubscriptionRow,
  "createdAt" | "updatedAt"
>;

/** SEC-4: how many subscriptions the token with public id `createdBy` created. */
export async function countSubscriptionsCreatedBy(
  db: Inventory,
  createdBy: string,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notificationSubscriptions)
    .where(eq(notificationSubscriptions.createdBy, createdBy));
  return row?.n ?? 0;
}
/** One delivery as stored. */
export type NotificationDeliveryRow = typeof notificationDeliveries.$inferSelect;
/** One delivery as fan-out records it. */
export type NotificationDeliveryWrite = Omit<
  NotificationDeliveryRow,
  "state" | "attempts" | "lastStatus" | "lastError" | "createdAt" | "updatedAt"
>;
export type DeliveryStateName = NotificationDeliveryRow["state"];

/**
 * Which subscriptions a caller may read: every one (admin), every one that names its
 * fleets (a token bound to no fleet: a subscription to every fleet is the admin's), or
 * those whose fleets all lie within the token's.
 */
export type SubscriptionReach =
  | { kind: "all" }
  | { kind: "named-fleets" }
  | { kind: "within"; fleets: readonly string[] };

function reachFilter(reach: SubscriptionReach): SQL | undefined {
  switch (reach.kind) {
    case "all":
      return undefined;
    case "named-fleets":
      return isNotNull(notificationSubscriptions.fleets);
    case "within":
      return within(reach.fleets);
    default:
      return reach satisfies never;
  }
}

/**
 * Subscriptions whose every fleet is among `fleets`: what a token bound to those fleets
 * may read. A subscription to every fleet (`fleets` null) is never among them.
 */
function within(fleets: readonly string[]): SQL {
  return sql`(${notificationSubscriptions.fleets} is not null and not exists (select 1 from json_each(${notificationSubscriptions.fleets}) where value not in (select value from json_each(${JSON.stringify(fleets)}))))`;
}

/** @example await getNotificationSubscription(db, "ops-chat") */
export function getNotificationSubscription(
  db: Inventory,
  name: string,
): Promise<NotificationSubscriptionRow | undefined> {
  return db
    .select()
    .from(notificationSubscriptions)
    .where(eq(notificationSubscriptions.name, name))
    .get();
}

/**
 * Creates or replaces a subscription, keeping its creation time; resolves to the row, or
 * undefined when one of that name exists that `reach` may not write. SEC-5: who may
 * replace it is judged by the same statement that replaces it, on the row as it is then,
 * so a subscription created or changed after the caller's check is never taken over.
 */
export async function putNotificationSubscription(
  db: Inventory,
  row: NotificationSubscriptionWrite,
  now: Instant,
  reach: SubscriptionReach,
): Promise<NotificationSubscriptionRow | undefined> {
  const guard = reachFilter(reach);
  const upsert = db
    .insert(notificationSubscriptions)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: notificationSubscriptions.name,
      set: {
        url: row.url,
        secretBox: row.secretBox,
        events: row.events,
        fleets: row.fleets,
        updatedAt: now,
      },
      ...(guard === undefined ? {} : { setWhere: guard }),
    })
    .returning();
  // Deliveries of fleets the subscription no longer names go with the change, in the
  // same batch: whoever may read it now never reads (or redelivers, or has sent to a new
  // URL) another fleet's events from before. Only when this write took: its sealed
  // secret (a fresh nonce each time) tells it from any other.
  const uncovered = db
    .delete(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.subscription, row.name),
        row.fleets === null ? sql`0` : notInArray(notificationDeliveries.fleet, row.fleets),
        sql`exists (select 1 from ${notificationSubscriptions} where ${eq(notificationSubscriptions.name, row.name)} and ${eq(notificationSubscriptions.secretBox, row.secretBox)})`,
      ),
    );
  const [[stored]] = await db.batch([upsert, uncovered]);
  return stored;
}

/**
 * Replaces a subscription's sealed secret with the same secret sealed under a newer key,
 * unless the subscription was written since `from` was read (its write wins).
 */
export async function resealSubscriptionSecret(
  db: Inventory,
  name: string,
  from: string,
  to: string,
): Promise<void> {
  await db
    .update(notificationSubscriptions)
    .set({ secretBox: to })
    .where(
      and(eq(notificationSubscriptions.name, name), eq(notificationSubscriptions.secretBox, from)),
    );
}

/** Deletes a subscription and (by cascade) its deliveries; resolves to the deleted names. */
export function deleteNotificationSubscription(db: Inventory, name: string) {
  return db
    .delete(notificationSubscriptions)
    .where(eq(notificationSubscriptions.name, name))
    .returning({ name: notificationSubscriptions.name });
}

/** How many subscriptions exist, and how many name `fleet` or every fleet. */
export async function countNotificationSubscriptions(
  db: Inventory,
  fleet?: string,
): Promise<number> {
  const where =
    fleet === undefined
      ? undefined
      : or(
          isNull(notificationSubscriptions.fleets),
          sql`exists (select 1 from json_each(${notificationSubscriptions.fleets}) where value = ${fleet})`,
        );
  const [row] = await db.select({ n: count() }).from(notificationSubscriptions).where(where);
  return row?.n ?? 0;
}

/**
 * Subscriptions by name, only those within `reach`, so a page never holds (and a cursor
 * never names) one the caller cannot read.
 */
export function listNotificationSubscriptions(
  db: Inventory,
  page: PageRequest | undefined,
  reach: SubscriptionReach,
): Promise<Page<NotificationSubscriptionRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(notificationSubscriptions)
        .where(
          and(
            after === undefined ? undefined : gt(notificationSubscriptions.name, after),
            reachFilter(reach),
          ),
        )
        .orderBy(asc(notificationSubscriptions.name))
        .limit(take),
    (row) => row.name,
  );
}

/**
 * Every subscription, by name, at most `limit` (a deployment holds a bounded number):
 * the notifications consumer reads them once per batch and matches each event's fleet.
 */
export function allNotificationSubscriptions(
  db: Inventory,
  limit: number,
): Promise<NotificationSubscriptionRow[]> {
  // Every batch of the notifications queue reads them: prepared once.
  return prepared(db, "all-subscriptions", () =>
    db
      .select()
      .from(notificationSubscriptions)
      .orderBy(asc(notificationSubscriptions.name))
      .limit(sql.placeholder("limit"))
      .prepare(),
  ).all({ limit });
}

/** Whether `subscription` hears events of `fleet` (no fleets named: every fleet). */
export function subscriptionHears(
  subscription: NotificationSubscriptionRow,
  fleet: string,
): boolean {
  return subscription.fleets === null || subscription.fleets.includes(fleet);
}

/**
 * Records deliveries of one event as pending; one already recorded (the same event fanned
 * out again after a crash) is left as it is. Resolves to the statements' count.
 */
export async function insertDeliveries(
  db: Inventory,
  rows: readonly NotificationDeliveryWrite[],
  now: Instant,
): Promise<void> {
  const full = rows.map((row) => ({
    ...row,
    state: "pending" as const,
    attempts: 0,
    lastStatus: null,
    lastError: null,
    createdAt: now,
    updatedAt: now,
  }));
  for (const part of chunk(full, rowsPerInsert(notificationDeliveries))) {
    await db.insert(notificationDeliveries).values(part).onConflictDoNothing();
  }
}

const deliveryKey = (subscription: string, eventId: string) =>
  and(
    eq(notificationDeliveries.subscription, subscription),
    eq(notificationDeliveries.eventId, eventId),
  );

/** @example await getDelivery(db, "ops-chat", eventId) */
export function getDelivery(
  db: Inventory,
  subscription: string,
  eventId: string,
): Promise<NotificationDeliveryRow | undefined> {
  return db.select().from(notificationDeliveries).where(deliveryKey(subscription, eventId)).get();
}

/** What one attempt came to. */
export interface DeliveryAttempt {
  state: DeliveryStateName;
  lastStatus: number | null;
  lastError: string | null;
}

/** Records an attempt: one more counted, its outcome, when. */
export async function recordDeliveryAttempt(
  db: Inventory,
  subscription: string,
  eventId: string,
  attempt: DeliveryAttempt,
  now: Instant,
): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ ...attempt, attempts: sql`${notificationDeliveries.attempts} + 1`, updatedAt: now })
    .where(deliveryKey(subscription, eventId));
}

/** Marks a delivery dead without counting an attempt (the queue gave it up). */
export async function markDeliveryDead(
  db: Inventory,
  subscription: string,
  eventId: string,
  why: string,
  now: Instant,
): Promise<void> {
  await db
    .update(notificationDeliveries)
    .set({ state: "dead", lastError: why, updatedAt: now })
    .where(and(deliveryKey(subscription, eventId), eq(notificationDeliveries.state, "pending")));
}

/** Puts a delivery back to pending for another round of attempts; false when unknown. */
export async function reopenDelivery(
  db: Inventory,
  subscription: string,
  eventId: string,
  now: Instant,
): Promise<NotificationDeliveryRow | undefined> {
  const [row] = await db
    .update(notificationDeliveries)
    .set({ state: "pending", updatedAt: now })
    .where(deliveryKey(subscription, eventId))
    .returning();
  return row;
}

/** The cursor of a delivery list: its creation time and event id (newest first). */
function deliveryCursor(row: NotificationDeliveryRow): string {
  return encodeCursor(`${row.createdAt}|${row.eventId}`);
}

function afterDelivery(cursor: string): SQL | undefined {
  const key = decodeCursor(cursor);
  const bar = key.indexOf("|");
  const at = Number(key.slice(0, bar));
  if (bar < 1 || !Number.isSafeInteger(at)) throw new InvalidCursorError(cursor);
  const id = key.slice(bar + 1);
  return or(
    lt(notificationDeliveries.createdAt, at),
    and(eq(notificationDeliveries.createdAt, at), lt(notificationDeliveries.eventId, id)),
  );
}

/** A subscription's deliveries, newest first, optionally in one state. */
export async function listDeliveries(
  db: Inventory,
  subscription: string,
  options: PageRequest & { state?: DeliveryStateName | undefined },
): Promise<Page<NotificationDeliveryRow>> {
  const limit = pageLimit(options.limit);
  const rows = await db
    .select()
    .from(notificationDeliveries)
    .where(
      and(
        eq(notificationDeliveries.subscription, subscription),
        options.state === undefined ? undefined : eq(notificationDeliveries.state, options.state),
        options.cursor === undefined ? undefined : afterDelivery(options.cursor),
      ),
    )
    .orderBy(desc(notificationDeliveries.createdAt), desc(notificationDeliveries.eventId))
    .limit(limit + 1);
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  return { items, nextCursor: deliveryCursor(items[limit - 1]!) };
}

/**
 * Deletes deliveries last touched before `cutoff`, at most `limit`; how many went, so the
 * cron can prune in bounded steps (a full step means more remain).
 */
export function pruneNotificationDeliveries(
  db: Inventory,
  cutoff: Instant,
  limit: number,
): Promise<number> {
  return pruneOldest(db, notificationDeliveries, notificationDeliveries.updatedAt, cutoff, limit);
}
