import { createRoute } from "@hono/zod-openapi";
import { Fleet, FleetInput, FleetParams, ListQuery, page } from "@regatta/contract";
import { type App, router } from "../../app.ts";
import { authorize } from "../../auth/middleware.ts";
import { controlPlaneNow } from "../../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../../http/openapi.ts";
import { orRefuse } from "../../http/problem.ts";
import {
  fleetExists,
  fleetReadResource,
  pageReadableFleets,
  readFleet,
  removeFleet,
  upsertFleet,
} from "../../services/inventory/fleets.ts";

const tags = ["fleets"];
const put = createRoute({
  method: "put",
  path: "/v1/fleets/{fleet}",
  tags,
  summary: "Create a fleet (admin) or touch an existing one (its operators)",
  request: { params: FleetParams, body: jsonBody(FleetInput) },
  responses: { 200: json("replaced", Fleet), 201: json("created", Fleet), ...PROBLEMS },
});
const get = createRoute({
  method: "get",
  path: "/v1/fleets/{fleet}",
  tags,
  summary: "A fleet",
  request: { params: FleetParams },
  responses: { 200: json("the fleet", Fleet), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/fleets",
  tags,
  summary: "The fleets the token may read, by name",
  request: { query: ListQuery },
  responses: { 200: json("a page of fleets", page(Fleet)), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path: "/v1/fleets/{fleet}",
  tags,
  summary: "Delete a fleet and its team scopes (admin); 409 while it has clusters",
  request: { params: FleetParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});

/** `/v1/fleets`: creating and deleting a fleet is admin business; the rest is fleet-scoped. */
export function fleetRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    const db = c.var.inventory;
    const { fleet } = c.req.valid("param");
    const exists = await fleetExists(db, fleet);
    authorize(
      c.get("principal"),
      "write",
      exists ? { kind: "fleet", fleet } : { kind: "admin-only" },
    );
    const { created, value } = await upsertFleet(
      db,
      fleet,
      await controlPlaneNow(c.env, c.var.inventory),
    );
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(get, async (c) => {
    const { fleet } = c.req.valid("param");
    const principal = c.get("principal");
    authorize(principal, "read", fleetReadResource(principal, fleet));
    return c.json(orRefuse(await readFleet(c.var.inventory, fleet)), 200);
  });
  app.openapi(list, async (c) => {
    const page = await pageReadableFleets(c.var.inventory, c.var.principal, c.req.valid("query"));
    return c.json(page, 200);
  });
  app.openapi(remove, async (c) => {
    authorize(c.get("principal"), "write", { kind: "admin-only" });
    orRefuse(await removeFleet(c.var.inventory, c.req.valid("param").fleet));
    return c.body(null, 204);
  });
  return app;
}
