import { createRoute } from "@hono/zod-openapi";
import {
  ListQuery,
  page,
  TokenCreated,
  TokenInput,
  TokenNameParam,
  TokenSelf,
  TokenSummary,
} from "@regatta/contract";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { createToken, listTokens, revokeToken } from "../services/tokens.ts";

const tags = ["tokens"];
const create = createRoute({
  method: "post",
  path: "/v1/tokens",
  tags,
  summary: "Create a token (admin); the secret is shown only in this answer",
  request: { body: jsonBody(TokenInput) },
  responses: { 201: json("the new token and its secret", TokenCreated), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/tokens",
  tags,
  summary: "List tokens (admin), without secrets",
  request: { query: ListQuery },
  responses: { 200: json("a page of tokens", page(TokenSummary)), ...PROBLEMS },
});
const self = createRoute({
  method: "get",
  path: "/v1/tokens/self",
  tags,
  summary: "The calling token: its name, role and grants (any role)",
  responses: { 200: json("the calling token", TokenSelf), ...PROBLEMS },
});
const revoke = createRoute({
  method: "delete",
  path: "/v1/tokens/{name}",
  tags,
  summary: "Revoke a token (admin)",
  request: { params: TokenNameParam },
  responses: { 204: { description: "revoked" }, ...PROBLEMS },
});

export function tokenRoutes(): App {
  const app = router();
  app.openapi(create, async (c) => {
    authorize(c.get("principal"), "write", { kind: "admin-only" });
    const created = orRefuse(await createToken(c.var.inventory, c.req.valid("json")));
    // The secret is shown once: no cache, and no remembered Idempotency-Key answer, keeps it.
    return c.json(created, 201, { "cache-control": "no-store" });
  });
  app.openapi(list, async (c) => {
    authorize(c.get("principal"), "read", { kind: "admin-only" });
    return c.json(await listTokens(c.var.inventory, c.req.valid("query")), 200);
  });
  app.openapi(self, (c) => {
    const { name, role, fleets, scopes } = c.get("principal");
    return c.json({ name, role, fleets, scopes }, 200);
  });
  app.openapi(revoke, async (c) => {
    authorize(c.get("principal"), "write", { kind: "admin-only" });
    orRefuse(await revokeToken(c.var.inventory, c.env, c.req.valid("param").name));
    return c.body(null, 204);
  });
  return app;
}
