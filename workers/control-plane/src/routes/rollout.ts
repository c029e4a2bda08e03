import { createRoute } from "@hono/zod-openapi";
import {
  FleetParams,
  FleetRolloutInput,
  RolloutConfig,
  RolloutPlan,
  RolloutStatus,
  ScopeParams,
  ScopeRolloutInput,
} from "@regatta/contract";
import { fleetOfGroup } from "@regatta/inventory";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { mayAccess } from "../auth/principal.ts";
import { controlPlaneNow } from "../clock/now.ts";
import { json, jsonBody, PROBLEMS, TOKEN_RATE_LIMITED } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { plansPerToken } from "../http/rate-limit.ts";
import {
  configureRollout,
  readRollout,
  removeRollout,
  upstreamOf,
} from "../services/rollout/config.ts";
import { planFleetRollout } from "../services/rollout/plan.ts";

const tags = ["rollout"];

const putFleet = createRoute({
  method: "put",
  path: "/v1/fleets/{fleet}/rollout",
  tags,
  summary:
    "Configure the fleet's place in a rollout sequence (SEQ-1 linear, at most 3 groups by default; SEQ-2 fleets only; SEQ-7 soak 0..30 days)",
  request: { params: FleetParams, body: jsonBody(FleetRolloutInput) },
  responses: {
    200: json("replaced", RolloutConfig),
    201: json("created", RolloutConfig),
    ...PROBLEMS,
  },
});
const getFleet = createRoute({
  method: "get",
  path: "/v1/fleets/{fleet}/rollout",
  tags,
  summary: "The fleet's rollout status per upgrade (SEQ-13), with its configuration",
  request: { params: FleetParams },
  responses: { 200: json("the status", RolloutStatus), ...PROBLEMS },
});
const planFleet = createRoute({
  method: "get",
  path: "/v1/fleets/{fleet}/rollout/plan",
  tags,
  summary:
    "What-if (EXT-6): the fleet's rollout sequence predicted — per group and upgrade its start, soak start and soak end, per cluster its upgrade, the waits, the critical path and the makespan — from the same engine on the simulated provider; changes nothing",
  request: { params: FleetParams },
  responses: {
    200: json("the predicted timeline", RolloutPlan),
    ...PROBLEMS,
    429: TOKEN_RATE_LIMITED,
  },
});
const putScope = createRoute({
  method: "put",
  path: "/v1/fleets/{fleet}/scopes/{scope}/rollout",
  tags,
  summary:
    "Configure a team scope's place in a team-scope rollout sequence (SEQ-1, SEQ-2, SEQ-3, SEQ-7)",
  request: { params: ScopeParams, body: jsonBody(ScopeRolloutInput) },
  responses: {
    200: json("replaced", RolloutConfig),
    201: json("created", RolloutConfig),
    ...PROBLEMS,
  },
});
const getScope = createRoute({
  method: "get",
  path: "/v1/fleets/{fleet}/scopes/{scope}/rollout",
  tags,
  summary: "The team scope's rollout status per upgrade (SEQ-13)",
  request: { params: ScopeParams },
  responses: { 200: json("the status", RolloutStatus), ...PROBLEMS },
});

const {
  400: badRequest,
  401: unauthorized,
  403: forbidden,
  404: notFound,
  409: conflict,
} = PROBLEMS;
/** What a DELETE answers: removed, or one of these problems (never a 422). */
const removeResponses = {
  204: { description: "removed from its sequence" },
  400: badRequest,
  401: unauthorized,
  403: forbidden,
  404: notFound,
  409: { ...conflict, description: "SEQ-1: another group names it as its upstream" },
};
const deleteFleet = createRoute({
  method: "delete",
  path: "/v1/fleets/{fleet}/rollout",
  tags,
  summary:
    "Remove the fleet from its rollout sequence (409, SEQ-1, while another fleet names it upstream)",
  request: { params: FleetParams },
  responses: removeResponses,
});
const deleteScope = createRoute({
  method: "delete",
  path: "/v1/fleets/{fleet}/scopes/{scope}/rollout",
  tags,
  summary:
    "Remove the team scope from its rollout sequence (409, SEQ-1, while another scope names it upstream)",
  request: { params: ScopeParams },
  responses: removeResponses,
});

/**
 * `/v1/fleets/{fleet}[/scopes/{scope}]/rollout`. A write needs write access to the group
 * and to its upstream (the upstream starts telling it what it qualified); a read of a
 * fleet's rollout needs the whole fleet (it lists every cluster), of a scope's the scope.
 * Removing a group needs write access to it alone: its follower refuses it (SEQ-1), and
 * its upstream only stops telling it what it qualified.
 */
export function rolloutRoutes(): App {
  const app = router();
  app.use("/v1/fleets/:fleet/rollout/plan", plansPerToken);
  app.openapi(putFleet, async (c) => {
    const { fleet } = c.req.valid("param");
    const input = c.req.valid("json");
    const principal = c.get("principal");
    authorize(principal, "write", { kind: "fleet", fleet });
    const upstream = upstreamOf({ fleet }, input);
    if (upstream !== undefined) {
      authorize(
        principal,
        "write",
        { kind: "fleet", fleet: upstream },
        `upstream fleet ${upstream}`,
      );
    }
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, db);
    const { created, value } = orRefuse(
      await configureRollout(db, c.env.FLEET, { fleet }, input, now, c.env.ROLLOUT_MAX_GROUPS),
    );
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(getFleet, async (c) => {
    const { fleet } = c.req.valid("param");
    authorize(c.get("principal"), "read", { kind: "fleet", fleet });
    return c.json(orRefuse(await readRollout(c.var.inventory, c.env.FLEET, { fleet })), 200);
  });
  app.openapi(planFleet, async (c) => {
    const { fleet } = c.req.valid("param");
    const principal = c.get("principal");
    authorize(principal, "read", { kind: "fleet", fleet });
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, db);
    const readable = (name: string) => mayAccess(principal, "read", { kind: "fleet", fleet: name });
    return c.json(orRefuse(await planFleetRollout(db, c.env.FLEET, fleet, readable, now)), 200);
  });
  app.openapi(putScope, async (c) => {
    const { fleet, scope } = c.req.valid("param");
    const input = c.req.valid("json");
    const principal = c.get("principal");
    authorize(principal, "write", { kind: "fleet", fleet, scopes: [scope] });
    const upstream = upstreamOf({ fleet, scope }, input);
    if (upstream !== undefined) {
      const [upFleet = fleet, upScope = ""] = upstream.split("/");
      authorize(
        principal,
        "write",
        { kind: "fleet", fleet: fleetOfGroup(upFleet), scopes: [upScope] },
        `upstream scope ${upstream}`,
      );
    }
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, db);
    const { created, value } = orRefuse(
      await configureRollout(
        db,
        c.env.FLEET,
        { fleet, scope },
        input,
        now,
        c.env.ROLLOUT_MAX_GROUPS,
      ),
    );
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(getScope, async (c) => {
    const { fleet, scope } = c.req.valid("param");
    authorize(c.get("principal"), "read", { kind: "fleet", fleet, scopes: [scope] });
    return c.json(orRefuse(await readRollout(c.var.inventory, c.env.FLEET, { fleet, scope })), 200);
  });
  app.openapi(deleteFleet, async (c) => {
    const { fleet } = c.req.valid("param");
    authorize(c.get("principal"), "write", { kind: "fleet", fleet });
    orRefuse(await removeRollout(c.var.inventory, c.env.FLEET, { fleet }));
    return c.body(null, 204);
  });
  app.openapi(deleteScope, async (c) => {
    const { fleet, scope } = c.req.valid("param");
    authorize(c.get("principal"), "write", { kind: "fleet", fleet, scopes: [scope] });
    orRefuse(await removeRollout(c.var.inventory, c.env.FLEET, { fleet, scope }));
    return c.body(null, 204);
  });
  return app;
}
