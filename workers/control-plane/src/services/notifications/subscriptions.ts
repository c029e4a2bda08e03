import type { z } from "@hono/zod-openapi";
import type { Notification, NotificationInput } from "@regatta/contract";
import { toRfc3339 } from "@regatta/engine";
import {
  countNotificationSubscriptions,
  countSubscriptionsCreatedBy,
  deleteNotificationSubscription,
  getNotificationSubscription,
  type Inventory,
  listNotificationSubscriptions,
  type NotificationSubscriptionRow,
  type Page,
  type PageRequest,
  putNotificationSubscription,
  type SubscriptionReach,
} from "@regatta/inventory";
import { NOTIFICATION_EVENTS, patternMatchesAny } from "@regatta/protocol";
import { URL_RULE, type UrlPolicy, urlRefusal } from "../../outbound/url-policy.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { sealSecret } from "./secret-box.ts";

/**
 * Notification subscriptions (API.md "Watching and being told"): validated, their secret
 * sealed (secret-box.ts), stored in D1, and shown without it. Who may touch which one is
 * decided by the route from the fleets a subscription names.
 */

type View = z.infer<typeof Notification>;
type Input = z.infer<typeof NotificationInput>;

/** Subscriptions a deployment holds at most, and those that may hear one fleet. */
export const MAX_SUBSCRIPTIONS = 200;
export const MAX_SUBSCRIPTIONS_PER_FLEET = 50;
/** SEC-4: subscriptions one token creates at most, so one caller cannot take them all. */
export const MAX_SUBSCRIPTIONS_PER_TOKEN = 25;

/** What the route needs to authorize: the subscription's fleets (undefined: every fleet). */
export interface SubscriptionScope {
  fleets: string[] | undefined;
}

/** A subscription's fleets, or 404 when there is none of that name. */
export async function subscriptionScope(
  db: Inventory,
  name: string,
): Promise<Outcome<SubscriptionScope>> {
  const row = await getNotificationSubscription(db, name);
  if (!row) return refused("missing", `notification ${name} does not exist`);
  return accepted({ fleets: row.fleets ?? undefined });
}

/**
 * Creates or replaces a subscription; the answer never holds the secret. `reach` is what
 * the caller may write: a subscription of that name outside it is answered as missing
 * (SEC-5), judged in the write itself.
 */
export async function putSubscription(
  db: Inventory,
  sealingKey: string,
  policy: UrlPolicy,
  name: string,
  input: Input,
  reach: SubscriptionReach,
  /** The caller's public token id; undefined for the deployment's own admin secret. */
  createdBy: string | undefined,
): Promise<Outcome<{ created: boolean; view: View }>> {
  const bad = urlRefusal(input.url, policy);
  if (bad !== undefined) return refused("refused", `${URL_RULE}: ${bad}`, URL_RULE);
  const unknown = input.events.filter((pattern) => !patternMatchesAny(pattern));
  if (unknown.length > 0) {
    return refused(
      "refused",
      `events ${unknown.join(", ")} match no event (known: ${NOTIFICATION_EVENTS.join(", ")})`,
    );
  }
  const existing = await getNotificationSubscription(db, name);
  const room = await roomFor(db, input.fleets, existing, createdBy);
  if (room !== undefined)
    return refused("conflict", room, room.startsWith("SEC-4") ? "SEC-4" : undefined);
  const now = Date.now();
  const row = await putNotificationSubscription(
    db,
    {
      name,
      url: input.url,
      secretBox: await sealSecret(sealingKey, name, input.secret),
      events: [...new Set(input.events)],
      fleets: input.fleets === undefined ? null : [...new Set(input.fleets)].sort(),
      createdBy: existing?.createdBy ?? createdBy ?? null,
    },
    now,
    reach,
  );
  if (row === undefined) return refused("missing", `notification ${name} does not exist`);
  return accepted({ created: row.createdAt === now, view: viewOf(row) });
}

/** Why there is no room for one more subscription, if there is none. */
async function roomFor(
  db: Inventory,
  fleets: readonly string[] | undefined,
  existing: NotificationSubscriptionRow | undefined,
  createdBy: string | undefined,
): Promise<string | undefined> {
  if (existing === undefined && (await countNotificationSubscriptions(db)) >= MAX_SUBSCRIPTIONS) {
    return `a deployment holds at most ${MAX_SUBSCRIPTIONS} notification subscriptions; delete one first`;
  }
  if (
    existing === undefined &&
    createdBy !== undefined &&
    (await countSubscriptionsCreatedBy(db, createdBy)) >= MAX_SUBSCRIPTIONS_PER_TOKEN
  ) {
    return `SEC-4: this token created ${MAX_SUBSCRIPTIONS_PER_TOKEN} notification subscriptions already; delete one first`;
  }
  for (const fleet of fleets ?? []) {
    const already = existing?.fleets === null || existing?.fleets?.includes(fleet) === true;
    if (already) continue;
    if ((await countNotificationSubscriptions(db, fleet)) >= MAX_SUBSCRIPTIONS_PER_FLEET) {
      return `fleet ${fleet} already has ${MAX_SUBSCRIPTIONS_PER_FLEET} notification subscriptions`;
    }
  }
  return undefined;
}

export async function getSubscription(db: Inventory, name: string): Promise<Outcome<View>> {
  const row = await getNotificationSubscription(db, name);
  return row ? accepted(viewOf(row)) : refused("missing", `notification ${name} does not exist`);
}

/** The subscriptions the caller may read (`reach`), by name. */
export async function listSubscriptions(
  db: Inventory,
  request: PageRequest,
  reach: SubscriptionReach,
): Promise<Page<View>> {
  const page = await listNotificationSubscriptions(db, request, reach);
  return { items: page.items.map(viewOf), nextCursor: page.nextCursor };
}

/** Deletes a subscription and its delivery records; 404 when unknown. */
export async function deleteSubscription(db: Inventory, name: string): Promise<Outcome<void>> {
  const deleted = await deleteNotificationSubscription(db, name);
  return deleted.length > 0
    ? accepted(undefined)
    : refused("missing", `notification ${name} does not exist`);
}

function viewOf(row: NotificationSubscriptionRow): View {
  const view: View = {
    name: row.name,
    url: row.url,
    events: row.events,
    createdAt: toRfc3339(row.createdAt),
    updatedAt: toRfc3339(row.updatedAt),
  };
  if (row.fleets !== null) view.fleets = row.fleets;
  return view;
}
