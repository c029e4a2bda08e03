import { createRoute, z } from "@hono/zod-openapi";
import {
  SimAdvanceInput,
  SimFault,
  SimFaultInput,
  SimPreemptInput,
  SimSettings,
  SimSpeedInput,
  SimStatus,
} from "@regatta/contract";
import { createMiddleware } from "hono/factory";
import { type App, type AppEnv, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { providerMode } from "../env.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse, ProblemError } from "../http/problem.ts";
import { SimControls } from "../services/sim/controls.ts";

const FaultId = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9][-a-z0-9_.]{0,62}$/)
    .openapi({ param: { name: "id", in: "path" }, example: "quota-europe" }),
});

const tags = ["sim"];
const getSim = createRoute({
  method: "get",
  path: "/v1/sim",
  tags,
  summary: "The virtual clock and active faults (sim provider only)",
  responses: { 200: json("the sim clock", SimStatus), ...PROBLEMS },
});
const putFault = createRoute({
  method: "put",
  path: "/v1/sim/faults/{id}",
  tags,
  summary: "Inject or replace a fault",
  request: { params: FaultId, body: jsonBody(SimFaultInput) },
  responses: { 200: json("the fault", SimFault), ...PROBLEMS },
});
const deleteFault = createRoute({
  method: "delete",
  path: "/v1/sim/faults/{id}",
  tags,
  summary: "Clear a fault",
  request: { params: FaultId },
  responses: { 204: { description: "cleared" }, ...PROBLEMS },
});
const advance = createRoute({
  method: "post",
  path: "/v1/sim/advance",
  tags,
  summary: "Move the virtual clock ahead and run every timer that became due",
  request: { body: jsonBody(SimAdvanceInput) },
  responses: { 200: json("the sim clock", SimStatus), ...PROBLEMS },
});
const speed = createRoute({
  method: "put",
  path: "/v1/sim/speed",
  tags,
  summary: "Set virtual seconds per wall second (0 freezes the clock)",
  request: { body: jsonBody(SimSpeedInput) },
  responses: { 200: json("the sim clock", SimStatus), ...PROBLEMS },
});

const settings = createRoute({
  method: "put",
  path: "/v1/sim/settings",
  tags,
  summary: "Set the simulated durations per command type, jitter and capacity-refusal delay",
  request: { body: jsonBody(SimSettings) },
  responses: { 200: json("the sim", SimStatus), ...PROBLEMS },
});
const preempt = createRoute({
  method: "post",
  path: "/v1/sim/preempt",
  tags,
  summary: "Preempt a node (spot / flex-start), as the cloud would (NUP-11)",
  request: { body: jsonBody(SimPreemptInput) },
  responses: { 202: { description: "reported to the node's fleet" }, ...PROBLEMS },
});

/** Sim-only endpoints answer 404 when the deployment runs another provider (API.md). */
const simOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (providerMode(c.env) !== "sim")
    throw new ProblemError(404, "the sim endpoints exist only with REGATTA_PROVIDER=sim");
  await next();
});

export function simRoutes(): App {
  const app = router();
  app.use("/v1/sim", simOnly);
  app.use("/v1/sim/*", simOnly);
  app.openapi(getSim, async (c) => {
    const principal = c.get("principal");
    authorize(principal, "read", { kind: "global" });
    return c.json(await new SimControls(c.env, c.var.inventory).status(principal), 200);
  });
  app.openapi(putFault, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    const { id } = c.req.valid("param");
    return c.json(
      orRefuse(await new SimControls(c.env, c.var.inventory).putFault(id, c.req.valid("json"))),
      200,
    );
  });
  app.openapi(deleteFault, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    orRefuse(await new SimControls(c.env, c.var.inventory).deleteFault(c.req.valid("param").id));
    return c.body(null, 204);
  });
  app.openapi(advance, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    return c.json(
      await new SimControls(c.env, c.var.inventory).advance(c.req.valid("json").seconds),
      200,
    );
  });
  app.openapi(speed, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    return c.json(
      await new SimControls(c.env, c.var.inventory).setSpeed(c.req.valid("json").speed),
      200,
    );
  });
  app.openapi(settings, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    return c.json(
      await new SimControls(c.env, c.var.inventory).putSettings(c.req.valid("json")),
      200,
    );
  });
  app.openapi(preempt, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    orRefuse(await new SimControls(c.env, c.var.inventory).preempt(c.req.valid("json")));
    return c.body(null, 202);
  });
  return app;
}
