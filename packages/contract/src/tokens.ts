import { z } from "@hono/zod-openapi";

const TokenName = z
  .string()
  .regex(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/, "a DNS label: lowercase letters, digits and '-'");

/** `fleet/scope`, as a token's team-scope grant. */
const ScopeGrant = z.string().regex(/^[a-z0-9][-a-z0-9]*\/[a-z0-9][-a-z0-9]*$/, "fleet/scope");

/** `POST /v1/tokens` body (admin only). */
export const TokenInput = z
  .strictObject({
    name: TokenName,
    role: z.enum(["admin", "operator", "viewer"]),
    fleets: z.array(TokenName).max(100).optional(),
    scopes: z.array(ScopeGrant).max(100).optional(),
  })
  .openapi("TokenInput");

/** A token as listed: never its secret. */
export const TokenSummary = z
  .object({
    name: z.string(),
    role: z.enum(["admin", "operator", "viewer"]),
    fleets: z.array(z.string()),
    scopes: z.array(z.string()),
    createdAt: z.string(),
  })
  .openapi("TokenSummary");

/** The answer to `POST /v1/tokens`: the only time the secret is shown. */
export const TokenCreated = TokenSummary.extend({ token: z.string() }).openapi("TokenCreated");

export const TokenNameParam = z.object({
  name: TokenName.openapi({ param: { name: "name", in: "path" }, example: "ci-bot" }),
});
