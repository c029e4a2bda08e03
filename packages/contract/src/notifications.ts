import { z } from "@hono/zod-openapi";
import { fleetInstant, wallInstant } from "./clocks.ts";
import { Name } from "./common.ts";
import { ListQuery } from "./page.ts";

/**
 * Notification subscriptions and their deliveries (API.md "Watching and being told").
 * Which event names exist is the catalogue of `@regatta/protocol` (NOTIFICATION_EVENTS):
 * a pattern of the right shape that matches none of them is refused by the service (422).
 */

/** Subscriptions a deployment holds at most, and fleets and patterns one may name. */
export const MAX_SUBSCRIPTION_FLEETS = 20;
export const MAX_SUBSCRIPTION_PATTERNS = 32;

/** `updaterun.completed`, a prefix `updaterun.*`, or `*` for every event. */
const EventPattern = z
  .string()
  .max(64)
  .regex(/^(\*|[a-z]+(\.[a-z]+)*(\.\*)?)$/, {
    error: (issue) =>
      `${JSON.stringify(issue.input)} is not an event pattern (updaterun.completed, updaterun.*, *)`,
  })
  .openapi({ example: "updaterun.*" });

/** `PUT /v1/notifications/{name}`: the secret is write-only, never shown again. */
export const NotificationInput = z
  .strictObject({
    url: z.string().max(2048).openapi({
      description:
        "Where events are POSTed. SEC-1: https on port 443 (or a port the deployment allows) to a public host; no special-purpose address or internal name (422 SEC-1). Loopback http only when the deployment allows local development. Readers who may not write the subscription see it without query and userinfo (SEC-10).",
      example: "https://hooks.example.com/regatta",
    }),
    secret: z.string().min(16).max(256).openapi({
      description: "HMAC key of X-Regatta-Signature; write-only, stored encrypted",
    }),
    events: z.array(EventPattern).min(1).max(MAX_SUBSCRIPTION_PATTERNS),
    fleets: z
      .array(Name)
      .min(1)
      .max(MAX_SUBSCRIPTION_FLEETS)
      .optional()
      .openapi({ description: "Only events of these fleets; absent: every fleet (admin only)" }),
  })
  .openapi("NotificationInput", {
    example: {
      url: "https://hooks.example.com/regatta",
      secret: "at-least-16-characters-of-secret",
      events: ["updaterun.*", "operation.failed"],
      fleets: ["production"],
    },
  });

/** A subscription as shown: never its secret. */
export const Notification = z
  .object({
    name: z.string(),
    url: z.string().openapi({
      description:
        "SEC-10: in full for those who may write the subscription; others see scheme://host/path with userinfo and query replaced by REDACTED.",
    }),
    events: z.array(z.string()),
    fleets: z.array(z.string()).optional(),
    createdAt: wallInstant(),
    updatedAt: wallInstant(),
  })
  .openapi("Notification");

/** Where a delivery stands: being tried, taken by the receiver, or given up. */
export const DeliveryState = z.enum(["pending", "delivered", "dead"]).openapi("DeliveryState");

/** One event's delivery to one subscription; `id` is the CloudEvent id. */
export const NotificationDelivery = z
  .object({
    id: z.string(),
    type: z.string().openapi({ example: "dev.regatta.updaterun.completed" }),
    subject: z.string(),
    time: fleetInstant("When the state changed (the event's time)."),
    state: DeliveryState,
    attempts: z.number().int(),
    lastStatus: z
      .number()
      .int()
      .optional()
      .openapi({ description: "HTTP status of the last attempt" }),
    lastError: z
      .string()
      .optional()
      .openapi({ description: "Why the last attempt failed (truncated)" }),
    createdAt: wallInstant(),
    updatedAt: wallInstant(),
  })
  .openapi("NotificationDelivery");

/** `GET /v1/notifications/{name}/deliveries?state=&limit=&cursor=`, newest first. */
export const DeliveryQuery = ListQuery.extend({
  state: DeliveryState.optional().openapi({ param: { name: "state", in: "query" } }),
});

/** `/v1/notifications/{name}` */
export const NotificationNameParam = z.object({
  name: Name.openapi({ param: { name: "name", in: "path" }, example: "ops-chat" }),
});

/** `/v1/notifications/{name}/deliveries/{id}` */
export const DeliveryParams = NotificationNameParam.extend({
  id: z
    .string()
    .min(1)
    .max(128)
    .openapi({ param: { name: "id", in: "path" }, description: "the CloudEvent id" }),
});
