import { z } from "@hono/zod-openapi";
import { wallInstant } from "./clocks.ts";
import { Name } from "./common.ts";

/** API token roles: admin (everything), operator (writes and actions), viewer (reads). */
export const TokenRole = z.enum(["admin", "operator", "viewer"]).openapi("TokenRole");

/** `fleet/scope`, as a token's team-scope grant. */
const ScopeGrant = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?\/[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, {
    error: (issue) => `${JSON.stringify(issue.input)} is not fleet/scope`,
  })
  .openapi({ example: "prod/payments" });

/** `POST /v1/tokens` body (admin only); absent `fleets`/`scopes` mean unrestricted. */
export const TokenInput = z
  .strictObject({
    name: Name,
    role: TokenRole,
    fleets: z.array(Name).max(100).optional(),
    scopes: z.array(ScopeGrant).max(100).optional(),
  })
  .openapi("TokenInput");

/** A token as listed: never its secret. */
export const TokenSummary = z
  .object({
    name: z.string(),
    role: TokenRole,
    fleets: z.array(z.string()),
    scopes: z.array(z.string()),
    createdAt: wallInstant("When the token was made."),
  })
  .openapi("TokenSummary");

/** The answer to `POST /v1/tokens`: the only time the secret is shown. */
export const TokenCreated = TokenSummary.extend({ token: z.string() }).openapi("TokenCreated");

/** `/v1/tokens/{name}` */
export const TokenNameParam = z.object({
  name: Name.openapi({ param: { name: "name", in: "path" }, example: "ci-bot" }),
});

/**
 * `GET /v1/tokens/self`: who the calling token is and what it may do, so a client (the
 * dashboard) can offer only the actions the API would accept.
 */
export const TokenSelf = z
  .object({
    name: z.string(),
    role: TokenRole,
    fleets: z
      .array(z.string())
      .openapi({ description: "Fleet grants; none with no scopes = all." }),
    scopes: z.array(z.string()).openapi({ description: "Team-scope grants as fleet/scope." }),
  })
  .openapi("TokenSelf");

/**
 * SEC-7: the answer to `POST /v1/fleets/{fleet}/executor-key`, the only time the key is
 * shown. An executor signs that fleet's callbacks with it instead of WEBHOOK_SECRET.
 */
export const ExecutorKeyCreated = z
  .object({
    fleet: z.string(),
    key: z.string().openapi({ description: "The HMAC key for this fleet's callbacks." }),
    createdAt: wallInstant(
      "When the key was made; an earlier key of the fleet stopped working then.",
    ),
  })
  .openapi("ExecutorKeyCreated");
