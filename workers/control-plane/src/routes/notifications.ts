import { createRoute } from "@hono/zod-openapi";
import {
  DeliveryParams,
  DeliveryQuery,
  ListQuery,
  Notification,
  NotificationDelivery,
  NotificationInput,
  NotificationNameParam,
  page,
} from "@regatta/contract";
import { redactUrl } from "@regatta/engine";
import type { SubscriptionReach } from "@regatta/inventory";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { type Access, isUnbound, mayAccess, type Principal, tokenId } from "../auth/principal.ts";
import { json, jsonBody, PROBLEMS, TOKEN_RATE_LIMITED } from "../http/openapi.ts";
import { orRefuse, ProblemError } from "../http/problem.ts";
import { redeliveriesPerToken } from "../http/rate-limit.ts";
import { urlPolicy } from "../outbound/url-policy.ts";
import { listSubscriptionDeliveries, redeliver } from "../services/notifications/deliveries.ts";
import {
  deleteSubscription,
  getSubscription,
  listSubscriptions,
  putSubscription,
  type SubscriptionScope,
  subscriptionScope,
} from "../services/notifications/subscriptions.ts";

const tags = ["notifications"];
const put = createRoute({
  method: "put",
  path: "/v1/notifications/{name}",
  tags,
  summary:
    "Create or replace a notification subscription (admin; an operator for subscriptions within its fleets). The secret is write-only",
  request: { params: NotificationNameParam, body: jsonBody(NotificationInput) },
  responses: {
    200: json("replaced", Notification),
    201: json("created", Notification),
    ...PROBLEMS,
  },
});
const get = createRoute({
  method: "get",
  path: "/v1/notifications/{name}",
  tags,
  summary: "A notification subscription, without its secret",
  request: { params: NotificationNameParam },
  responses: { 200: json("the subscription", Notification), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path: "/v1/notifications/{name}",
  tags,
  summary: "Delete a notification subscription and its delivery records",
  request: { params: NotificationNameParam },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/notifications",
  tags,
  summary: "The notification subscriptions the caller may read, by name",
  request: { query: ListQuery },
  responses: { 200: json("a page of subscriptions", page(Notification)), ...PROBLEMS },
});
const deliveries = createRoute({
  method: "get",
  path: "/v1/notifications/{name}/deliveries",
  tags,
  summary: "A subscription's deliveries, newest first (`?state=dead`: the dead letters)",
  request: { params: NotificationNameParam, query: DeliveryQuery },
  responses: { 200: json("a page of deliveries", page(NotificationDelivery)), ...PROBLEMS },
});
const resend = createRoute({
  method: "post",
  path: "/v1/notifications/{name}/deliveries/{id}/redeliver",
  tags,
  summary: "Send a dead (or delivered) event again, with a fresh round of attempts",
  request: { params: DeliveryParams },
  responses: {
    202: json("queued again", NotificationDelivery),
    ...PROBLEMS,
    429: TOKEN_RATE_LIMITED,
  },
});

/**
 * A subscription is read or written by whoever may read or write every fleet it names;
 * one that names no fleet hears every fleet, so it is the admin's alone.
 */
function authorizeSubscription(
  principal: Principal,
  access: Access,
  fleets: readonly string[] | undefined,
  name: string,
): void {
  if (fleets === undefined) {
    authorize(principal, access, { kind: "admin-only" }, `notification ${name} (every fleet)`);
    return;
  }
  for (const fleet of fleets) {
    authorize(principal, access, { kind: "fleet", fleet }, `notification ${name}`);
  }
}

/**
 * The subscription's scope when the caller may `access` it. One the caller may not even
 * read answers as if it did not exist (404, the same text), so guessed names reveal
 * nothing; one it may read but not write is a 403.
 */
async function scopeFor(
  db: Parameters<typeof subscriptionScope>[0],
  principal: Principal,
  access: Access,
  name: string,
): Promise<SubscriptionScope> {
  const scope = orRefuse(await subscriptionScope(db, name));
  authorizeExisting(principal, access, scope, name);
  return scope;
}

/** As {@link scopeFor}, on a subscription already read. */
function authorizeExisting(
  principal: Principal,
  access: Access,
  scope: SubscriptionScope,
  name: string,
): void {
  try {
    authorizeSubscription(principal, "read", scope.fleets, name);
  } catch (error) {
    if (error instanceof ProblemError && error.status === 403) {
      throw new ProblemError(404, `notification ${name} does not exist`);
    }
    throw error;
  }
  if (access === "write") authorizeSubscription(principal, "write", scope.fleets, name);
}

/**
 * SEC-10: a subscription as the caller may see it. Its URL often carries a credential, so
 * a reader who may not write it sees the URL without userinfo and query.
 */
function shownTo<T extends { url: string; fleets?: string[] | undefined }>(
  principal: Principal,
  view: T,
): T {
  const writable =
    view.fleets === undefined
      ? mayAccess(principal, "write", { kind: "admin-only" })
      : view.fleets.every((fleet) => mayAccess(principal, "write", { kind: "fleet", fleet }));
  return writable ? view : { ...view, url: redactUrl(view.url) };
}

/**
 * Which subscriptions a list may show the caller. A writer's reach is also what it may
 * write: an operator writes every subscription it reads, and a viewer writes none (it is
 * refused before anything is written).
 */
function reachOf(principal: Principal): SubscriptionReach {
  if (principal.role === "admin") return { kind: "all" };
  if (isUnbound(principal)) return { kind: "named-fleets" };
  return { kind: "within", fleets: principal.fleets };
}

export function notificationRoutes(): App {
  const app = router();
  app.use("/v1/notifications/:name/deliveries/:id/redeliver", redeliveriesPerToken);
  app.openapi(put, async (c) => {
    const { name } = c.req.valid("param");
    const input = c.req.valid("json");
    const principal = c.var.principal;
    authorizeSubscription(principal, "write", input.fleets, name);
    // SEC-5: one the caller may not read answers as missing, as GET does; the write
    // itself judges the row again (putSubscription), so a race cannot take one over.
    const existing = await subscriptionScope(c.var.inventory, name);
    if (existing.ok) authorizeExisting(principal, "write", existing.value, name);
    const key = c.env.NOTIFICATIONS_KEY;
    if (!key) {
      throw new ProblemError(
        503,
        "notifications need NOTIFICATIONS_KEY to seal secrets (wrangler secret put NOTIFICATIONS_KEY)",
      );
    }
    const { created, view } = orRefuse(
      await putSubscription(
        c.var.inventory,
        key,
        urlPolicy(c.env),
        name,
        input,
        reachOf(principal),
        tokenId(principal),
      ),
    );
    return created ? c.json(view, 201) : c.json(view, 200);
  });
  app.openapi(get, async (c) => {
    const { name } = c.req.valid("param");
    await scopeFor(c.var.inventory, c.var.principal, "read", name);
    const view = orRefuse(await getSubscription(c.var.inventory, name));
    return c.json(shownTo(c.var.principal, view), 200);
  });
  app.openapi(remove, async (c) => {
    const { name } = c.req.valid("param");
    await scopeFor(c.var.inventory, c.var.principal, "write", name);
    orRefuse(await deleteSubscription(c.var.inventory, name));
    return c.body(null, 204);
  });
  app.openapi(list, async (c) => {
    const reach = reachOf(c.var.principal);
    const found = await listSubscriptions(c.var.inventory, c.req.valid("query"), reach);
    const items = found.items.map((view) => shownTo(c.var.principal, view));
    return c.json({ items, nextCursor: found.nextCursor }, 200);
  });
  app.openapi(deliveries, async (c) => {
    const { name } = c.req.valid("param");
    await scopeFor(c.var.inventory, c.var.principal, "read", name);
    const query = c.req.valid("query");
    return c.json(await listSubscriptionDeliveries(c.var.inventory, name, query), 200);
  });
  app.openapi(resend, async (c) => {
    const { name, id } = c.req.valid("param");
    await scopeFor(c.var.inventory, c.var.principal, "write", name);
    return c.json(orRefuse(await redeliver(c.var.inventory, c.env.NOTIFICATIONS, name, id)), 202);
  });
  return app;
}
