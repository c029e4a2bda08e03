import { z } from "@hono/zod-openapi";
import { WALL_CLOCK, wallInstant } from "./clocks.ts";
import { Rfc3339 } from "./common.ts";
import { ListQuery, page } from "./page.ts";
import { TokenRole } from "./tokens.ts";

/** `GET /v1/audit` (SEC-11): the list's paging and its filters. */
export const AuditQuery = ListQuery.extend({
  since: Rfc3339.optional().openapi({
    param: { name: "since", in: "query" },
    description: `Only entries at or after this instant (on ${WALL_CLOCK}).`,
  }),
  actor: z
    .string()
    .min(1)
    .max(128)
    .optional()
    .openapi({
      param: { name: "actor", in: "query" },
      description: "Only entries of this token: its id (as entries show it) or its name.",
    }),
  resource: z
    .string()
    .min(1)
    .max(1024)
    .optional()
    .openapi({
      param: { name: "resource", in: "query" },
      description: "Only entries whose path starts with this, e.g. /v1/fleets/prod/.",
      example: "/v1/fleets/prod/",
    }),
});

/** Who made a request: the token, never its secret. */
export const AuditActor = z
  .object({
    tokenId: z.string().optional().openapi({
      description:
        "The token's public id (from the hash of its secret): a token re-created under the same name has another. Absent for signed executor callbacks.",
    }),
    name: z.string().openapi({ description: "The token's name, or `executor`." }),
    role: TokenRole.optional().openapi({ description: "Absent for signed executor callbacks." }),
  })
  .openapi("AuditActor");

/** SEC-11: one write the API answered, or one request it refused (401/403). */
export const AuditEntry = z
  .object({
    at: wallInstant("When the request was answered."),
    requestId: z.string().openapi({ description: "The X-Request-Id the answer carried." }),
    actor: AuditActor.optional().openapi({
      description: "Absent when the request named no valid token (a 401).",
    }),
    method: z.string().openapi({ example: "POST" }),
    resource: z.string().openapi({ description: "The request path.", example: "/v1/fleets/prod" }),
    fleets: z.array(z.string()).openapi({
      description:
        "The fleets the request was authorized against; operators read the entries of their fleets.",
    }),
    status: z.int().openapi({ description: "The answer's HTTP status." }),
    replayed: z
      .boolean()
      .openapi({ description: "The answer was a replay of an earlier one (Idempotency-Key)." }),
  })
  .openapi("AuditEntry");

/** A page of the audit trail, newest first. */
export const AuditList = page(AuditEntry).openapi("AuditList");
