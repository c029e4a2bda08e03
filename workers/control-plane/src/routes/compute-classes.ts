import { createRoute } from "@hono/zod-openapi";
import { ComputeClass, ComputeClassInput, ComputeClassParams } from "@regatta/contract";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { controlPlaneNow } from "../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { readComputeClass, upsertComputeClass } from "../services/autoscaler/compute-classes.ts";

const tags = ["autoscaler"];

const put = createRoute({
  method: "put",
  path: "/v1/compute-classes/{name}",
  tags,
  summary:
    "Create or replace a compute class (CA-15, admin): rules tried in order on scale-up, with fallback; active migration moves workloads back to a higher rule when its capacity returns",
  request: { params: ComputeClassParams, body: jsonBody(ComputeClassInput) },
  responses: {
    200: json("replaced", ComputeClass),
    201: json("created", ComputeClass),
    ...PROBLEMS,
  },
});

const get = createRoute({
  method: "get",
  path: "/v1/compute-classes/{name}",
  tags,
  summary: "A compute class (CA-15)",
  request: { params: ComputeClassParams },
  responses: { 200: json("the compute class", ComputeClass), ...PROBLEMS },
});

/** `/v1/compute-classes`: global, like machine types — read by all, written by admins. */
export function computeClassRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const { name } = c.req.valid("param");
    const { created, value } = await upsertComputeClass(
      c.var.inventory,
      name,
      c.req.valid("json"),
      now,
    );
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(get, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(
      orRefuse(await readComputeClass(c.var.inventory, c.req.valid("param").name)),
      200,
    );
  });
  return app;
}
