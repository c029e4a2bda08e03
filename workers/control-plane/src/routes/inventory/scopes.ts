import { createRoute } from "@hono/zod-openapi";
import { FleetParams, ListQuery, page, Scope, ScopeInput, ScopeParams } from "@regatta/contract";
import { type App, router } from "../../app.ts";
import { authorize } from "../../auth/middleware.ts";
import { scopesReadableIn } from "../../auth/principal.ts";
import { controlPlaneNow } from "../../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../../http/openapi.ts";
import { orRefuse } from "../../http/problem.ts";
import { fleetReadResource } from "../../services/inventory/fleets.ts";
import {
  pageScopes,
  readScope,
  removeScope,
  upsertScope,
} from "../../services/inventory/scopes.ts";

const tags = ["fleets"];
const put = createRoute({
  method: "put",
  path: "/v1/fleets/{fleet}/scopes/{scope}",
  tags,
  summary: "Create or touch a team scope in a fleet; 404 when the fleet is unknown",
  request: { params: ScopeParams, body: jsonBody(ScopeInput) },
  responses: { 200: json("replaced", Scope), 201: json("created", Scope), ...PROBLEMS },
});
const get = createRoute({
  method: "get",
  path: "/v1/fleets/{fleet}/scopes/{scope}",
  tags,
  summary: "A team scope with the names of its clusters",
  request: { params: ScopeParams },
  responses: { 200: json("the scope", Scope), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/fleets/{fleet}/scopes",
  tags,
  summary: "The fleet's team scopes the token may read, by name (without members)",
  request: { params: FleetParams, query: ListQuery },
  responses: { 200: json("a page of scopes", page(Scope)), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path: "/v1/fleets/{fleet}/scopes/{scope}",
  tags,
  summary: "Delete a team scope and its memberships; its clusters stay in the fleet",
  request: { params: ScopeParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});

/** `/v1/fleets/{fleet}/scopes`: adding and removing scopes is a fleet-wide write. */
export function scopeRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    const { fleet, scope } = c.req.valid("param");
    authorize(c.get("principal"), "write", { kind: "fleet", fleet });
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const { created, value } = orRefuse(await upsertScope(c.var.inventory, fleet, scope, now));
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(get, async (c) => {
    const { fleet, scope } = c.req.valid("param");
    authorize(c.get("principal"), "read", { kind: "fleet", fleet, scopes: [scope] });
    return c.json(orRefuse(await readScope(c.var.inventory, fleet, scope)), 200);
  });
  app.openapi(list, async (c) => {
    const { fleet } = c.req.valid("param");
    const principal = c.get("principal");
    authorize(principal, "read", fleetReadResource(principal, fleet));
    // A token bound to some scopes of the fleet pages over only those.
    const names = scopesReadableIn(principal, fleet);
    const query = c.req.valid("query");
    return c.json(orRefuse(await pageScopes(c.var.inventory, fleet, query, names)), 200);
  });
  app.openapi(remove, async (c) => {
    const { fleet, scope } = c.req.valid("param");
    authorize(c.get("principal"), "write", { kind: "fleet", fleet });
    orRefuse(await removeScope(c.var.inventory, fleet, scope));
    return c.body(null, 204);
  });
  return app;
}
