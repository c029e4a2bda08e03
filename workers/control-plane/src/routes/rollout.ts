import { createRoute } from "@hono/zod-openapi";
import {
  FleetParams,
  FleetRolloutInput,
  RolloutConfig,
  RolloutStatus,
  ScopeParams,
  ScopeRolloutInput,
} from "@regatta/contract";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { controlPlaneNow } from "../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { configureRollout, readRollout, upstreamOf } from "../services/rollout/config.ts";
import { fleetOfGroup } from "../services/rollout/facts.ts";

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

/**
 * `/v1/fleets/{fleet}[/scopes/{scope}]/rollout`. A write needs write access to the group
 * and to its upstream (the upstream starts telling it what it qualified); a read of a
 * fleet's rollout needs the whole fleet (it lists every cluster), of a scope's the scope.
 */
export function rolloutRoutes(): App {
  const app = router();
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
  return app;
}
