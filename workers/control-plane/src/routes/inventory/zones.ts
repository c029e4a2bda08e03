import { createRoute } from "@hono/zod-openapi";
import { ListQuery, page, Zone, ZoneInput, ZoneParams } from "@regatta/contract";
import { type App, router } from "../../app.ts";
import { authorize } from "../../auth/middleware.ts";
import { controlPlaneNow } from "../../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../../http/openapi.ts";
import { orRefuse } from "../../http/problem.ts";
import { pageZones, readZone, removeZone, upsertZone } from "../../services/inventory/zones.ts";

const tags = ["zones"];
const put = createRoute({
  method: "put",
  path: "/v1/zones/{zone}",
  tags,
  summary: "Create or replace a zone (admin)",
  request: { params: ZoneParams, body: jsonBody(ZoneInput) },
  responses: {
    200: json("replaced", Zone),
    201: json("created", Zone),
    ...PROBLEMS,
  },
});
const get = createRoute({
  method: "get",
  path: "/v1/zones/{zone}",
  tags,
  summary: "A zone",
  request: { params: ZoneParams },
  responses: { 200: json("the zone", Zone), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/zones",
  tags,
  summary: "Zones by name",
  request: { query: ListQuery },
  responses: { 200: json("a page of zones", page(Zone)), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path: "/v1/zones/{zone}",
  tags,
  summary: "Delete a zone (admin); 409 while reservations use it",
  request: { params: ZoneParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});

/** `/v1/zones`: global inventory, readable by every token, written by admins. */
export function zoneRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const { created, value } = await upsertZone(
      db,
      c.req.valid("param").zone,
      c.req.valid("json"),
      now,
    );
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(get, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(orRefuse(await readZone(c.var.inventory, c.req.valid("param").zone)), 200);
  });
  app.openapi(list, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(await pageZones(c.var.inventory, c.req.valid("query")), 200);
  });
  app.openapi(remove, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    orRefuse(await removeZone(c.var.inventory, c.req.valid("param").zone));
    return c.body(null, 204);
  });
  return app;
}
