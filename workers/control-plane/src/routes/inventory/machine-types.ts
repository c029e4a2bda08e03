import { createRoute } from "@hono/zod-openapi";
import {
  ListQuery,
  MachineType,
  MachineTypeInput,
  MachineTypeParams,
  page,
} from "@regatta/contract";
import { type App, router } from "../../app.ts";
import { authorize } from "../../auth/middleware.ts";
import { controlPlaneNow } from "../../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../../http/openapi.ts";
import { orRefuse } from "../../http/problem.ts";
import {
  pageMachineTypes,
  readMachineType,
  removeMachineType,
  upsertMachineType,
} from "../../services/inventory/machine-types.ts";

const tags = ["machine types"];
const put = createRoute({
  method: "put",
  path: "/v1/machine-types/{name}",
  tags,
  summary: "Create or replace a machine type (admin)",
  request: { params: MachineTypeParams, body: jsonBody(MachineTypeInput) },
  responses: {
    200: json("replaced", MachineType),
    201: json("created", MachineType),
    ...PROBLEMS,
  },
});
const get = createRoute({
  method: "get",
  path: "/v1/machine-types/{name}",
  tags,
  summary: "A machine type",
  request: { params: MachineTypeParams },
  responses: { 200: json("the machine type", MachineType), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/machine-types",
  tags,
  summary: "Machine types by name",
  request: { query: ListQuery },
  responses: { 200: json("a page of machine types", page(MachineType)), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path: "/v1/machine-types/{name}",
  tags,
  summary: "Delete a machine type (admin); 409 while reservations or node pools use it",
  request: { params: MachineTypeParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});

/** `/v1/machine-types`: global inventory, readable by every token, written by admins. */
export function machineTypeRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const { created, value } = await upsertMachineType(
      db,
      c.req.valid("param").name,
      c.req.valid("json"),
      now,
    );
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(get, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(orRefuse(await readMachineType(c.var.inventory, c.req.valid("param").name)), 200);
  });
  app.openapi(list, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(await pageMachineTypes(c.var.inventory, c.req.valid("query")), 200);
  });
  app.openapi(remove, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    orRefuse(await removeMachineType(c.var.inventory, c.req.valid("param").name));
    return c.body(null, 204);
  });
  return app;
}
