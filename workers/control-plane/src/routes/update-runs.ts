import { createRoute, z } from "@hono/zod-openapi";
import {
  GateParams,
  ListQuery,
  UpdateRun,
  UpdateRunInput,
  UpdateRunParams,
  UpdateRunPlan,
  UpdateRunSkipInput,
  UpdateRunStatusQuery,
  UpdateRunSummary,
  UpdateRunsParams,
  UpdateStrategy,
  UpdateStrategyInput,
  UpdateStrategyParams,
} from "@regatta/contract";
import { type RunActor, redactUrl, toRfc3339 } from "@regatta/engine";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { type Access, mayAccess, type Principal, tokenId } from "../auth/principal.ts";
import { controlPlaneNow } from "../clock/now.ts";
import { json, jsonBody, PROBLEMS, TOKEN_RATE_LIMITED } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { plansPerToken } from "../http/rate-limit.ts";
import { planRun } from "../services/update-runs/plan.ts";
import type { StoredStrategy } from "../services/update-runs/runs.ts";
import {
  controlRun,
  createRun,
  deleteUpdateStrategy,
  getUpdateStrategy,
  listRuns,
  putUpdateStrategy,
  readRun,
} from "../services/update-runs/runs.ts";

const tags = ["update-runs"];
const strategyPath = "/v1/fleets/{fleet}/update-strategies/{name}";
const runsPath = "/v1/fleets/{fleet}/update-runs";
const runPath = "/v1/fleets/{fleet}/update-runs/{run}";

const putStrategy = createRoute({
  method: "put",
  path: strategyPath,
  tags,
  summary: "Create or replace an update strategy (RUN-3 unique stage and group names; RUN-4)",
  request: { params: UpdateStrategyParams, body: jsonBody(UpdateStrategyInput) },
  responses: {
    200: json("replaced", UpdateStrategy),
    201: json("created", UpdateStrategy),
    ...PROBLEMS,
  },
});
const getStrategy = createRoute({
  method: "get",
  path: strategyPath,
  tags,
  summary: "An update strategy",
  request: { params: UpdateStrategyParams },
  responses: { 200: json("the strategy", UpdateStrategy), ...PROBLEMS },
});
const deleteStrategy = createRoute({
  method: "delete",
  path: strategyPath,
  tags,
  summary: "Delete an update strategy; runs that copied it are not affected (RUN-4)",
  request: { params: UpdateStrategyParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});
const create = createRoute({
  method: "post",
  path: runsPath,
  tags,
  summary:
    "Create an update run (NotStarted): strategy copied, members by updateGroup, goal checked per member (RUN-1, RUN-4, RUN-5)",
  request: { params: UpdateRunsParams, body: jsonBody(UpdateRunInput) },
  responses: { 201: json("created, NotStarted", UpdateRun), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: runsPath,
  tags,
  summary:
    "The fleet's update runs, newest first, paged (the 200 newest; finished ones until their retention)",
  request: { params: UpdateRunsParams, query: ListQuery },
  responses: {
    200: json(
      "the runs",
      z.object({ items: z.array(UpdateRunSummary), nextCursor: z.string().nullable() }),
    ),
    ...PROBLEMS,
  },
});
const get = createRoute({
  method: "get",
  path: runPath,
  tags,
  summary:
    "An update run's status: every stage and group, members paged in tree order (RUN-8; ?limit=&cursor=, 1,000 members a page by default)",
  request: { params: UpdateRunParams, query: UpdateRunStatusQuery },
  responses: { 200: json("the run", UpdateRun), ...PROBLEMS },
});

function action(verb: "start" | "stop" | "retry", summary: string) {
  return createRoute({
    method: "post",
    path: `${runPath}/${verb}`,
    tags,
    summary,
    request: { params: UpdateRunParams },
    responses: { 200: json("the run", UpdateRun), ...PROBLEMS },
  });
}
const start = action("start", "Start a NotStarted run, or resume a Stopped one (RUN-10)");
const stop = action("stop", "Stop a run; upgrades already started on members continue (RUN-10)");
const retry = action(
  "retry",
  "Retry the Failed and system-Skipped members of a Failed or Stopped run with the same resolved goal and node images (EXT-4)",
);
const skip = createRoute({
  method: "post",
  path: `${runPath}/skip`,
  tags,
  summary: "Skip members, groups or stages, before or during the run (RUN-12)",
  request: { params: UpdateRunParams, body: jsonBody(UpdateRunSkipInput) },
  responses: { 200: json("the run", UpdateRun), ...PROBLEMS },
});

const approve = createRoute({
  method: "post",
  path: `${runPath}/gates/{gate}/approve`,
  tags,
  summary:
    "Approve a Pending Approval gate (EXT-1); final once accepted, approving again changes nothing",
  request: { params: GateParams },
  responses: { 200: json("the run", UpdateRun), ...PROBLEMS },
});

const plan = createRoute({
  method: "post",
  path: `${runPath}/plan`,
  tags,
  summary:
    "What-if (EXT-6): the run's predicted timeline — per member start, end and waits, stage waits, the critical path and the makespan — from the same engine on the simulated provider; changes nothing. A run not started (or stopped) is planned as if started now.",
  request: { params: UpdateRunParams },
  responses: {
    200: json("the predicted timeline", UpdateRunPlan),
    ...PROBLEMS,
    429: TOKEN_RATE_LIMITED,
  },
});

/** A run covers its whole fleet: fleet grants only (a team scope does not reach it). */
function authorizeFleet(principal: Principal, access: Access, fleet: string): void {
  authorize(principal, access, { kind: "fleet", fleet }, `fleet ${fleet}`);
}

/** SEC-11: the calling token as a run remembers it: name and public id, never the secret. */
function runActor(principal: Principal): RunActor {
  const id = tokenId(principal);
  return id === undefined ? { name: principal.name } : { name: principal.name, tokenId: id };
}

/**
 * SEC-10: a run's or strategy's health check URLs as the caller may see them: a reader who
 * may not write the fleet sees each without userinfo and query (they often carry a
 * credential). Walks the body, since checks sit on stages, groups and members.
 */
function shownTo<T>(principal: Principal, fleet: string, body: T): T {
  if (mayAccess(principal, "write", { kind: "fleet", fleet })) return body;
  return redactChecks(body) as T;
}

function redactChecks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactChecks);
  if (value === null || typeof value !== "object") return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const check = key === "healthCheck" && typeof inner === "object" && inner !== null;
    out[key] =
      check && "url" in inner && typeof inner.url === "string"
        ? { ...inner, url: redactUrl(inner.url) }
        : redactChecks(inner);
  }
  return out;
}

function strategyBody(fleet: string, strategy: StoredStrategy) {
  return {
    name: strategy.name,
    fleet,
    stages: strategy.stages.map((stage) => ({
      ...stage,
      groups: stage.groups.map((g) => ({ ...g })),
    })),
    updatedAt: toRfc3339(strategy.updatedAt),
  };
}

/** Update strategies and update runs (SPEC RUN), one Durable Object per run. */
export function updateRunRoutes(): App {
  const app = router();
  app.use("/v1/fleets/:fleet/update-runs/:run/plan", plansPerToken);
  app.openapi(putStrategy, async (c) => {
    const { fleet, name } = c.req.valid("param");
    authorizeFleet(c.var.principal, "write", fleet);
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, db);
    const { created, value } = orRefuse(
      await putUpdateStrategy(db, c.env, fleet, name, c.req.valid("json"), now),
    );
    return created
      ? c.json(strategyBody(fleet, value), 201)
      : c.json(strategyBody(fleet, value), 200);
  });
  app.openapi(getStrategy, async (c) => {
    const { fleet, name } = c.req.valid("param");
    authorizeFleet(c.var.principal, "read", fleet);
    const found = orRefuse(await getUpdateStrategy(c.var.inventory, c.env, fleet, name));
    return c.json(shownTo(c.var.principal, fleet, strategyBody(fleet, found)), 200);
  });
  app.openapi(deleteStrategy, async (c) => {
    const { fleet, name } = c.req.valid("param");
    authorizeFleet(c.var.principal, "write", fleet);
    orRefuse(await deleteUpdateStrategy(c.var.inventory, c.env, fleet, name));
    return c.body(null, 204);
  });
  app.openapi(create, async (c) => {
    const { fleet } = c.req.valid("param");
    authorizeFleet(c.var.principal, "write", fleet);
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, db);
    return c.json(orRefuse(await createRun(db, c.env, fleet, c.req.valid("json"), now)), 201);
  });
  app.openapi(list, async (c) => {
    const { fleet } = c.req.valid("param");
    authorizeFleet(c.var.principal, "read", fleet);
    const page = orRefuse(await listRuns(c.var.inventory, c.env, fleet, c.req.valid("query")));
    const items = page.items.map((r) => ({
      name: r.name,
      state: UpdateRunSummary.shape.state.parse(r.state),
      ...(r.message === undefined ? {} : { message: r.message }),
      createdAt: toRfc3339(r.createdAt),
    }));
    return c.json({ items, nextCursor: page.nextCursor }, 200);
  });
  app.openapi(get, async (c) => {
    const { fleet, run } = c.req.valid("param");
    authorizeFleet(c.var.principal, "read", fleet);
    const page = c.req.valid("query");
    const status = orRefuse(await readRun(c.var.inventory, c.env, fleet, run, page));
    return c.json(shownTo(c.var.principal, fleet, status), 200);
  });
  app.openapi(start, async (c) => {
    const { fleet, run } = c.req.valid("param");
    authorizeFleet(c.var.principal, "write", fleet);
    const by = runActor(c.var.principal);
    return c.json(
      orRefuse(await controlRun(c.var.inventory, c.env, fleet, run, { type: "START", by })),
      200,
    );
  });
  for (const [route, type] of [
    [stop, "STOP"],
    [retry, "RETRY"],
  ] as const) {
    app.openapi(route, async (c) => {
      const { fleet, run } = c.req.valid("param");
      authorizeFleet(c.var.principal, "write", fleet);
      return c.json(orRefuse(await controlRun(c.var.inventory, c.env, fleet, run, { type })), 200);
    });
  }
  app.openapi(approve, async (c) => {
    const { fleet, run, gate } = c.req.valid("param");
    authorizeFleet(c.var.principal, "write", fleet);
    const by = runActor(c.var.principal);
    return c.json(
      orRefuse(await controlRun(c.var.inventory, c.env, fleet, run, { type: "APPROVE", gate, by })),
      200,
    );
  });
  app.openapi(plan, async (c) => {
    const { fleet, run } = c.req.valid("param");
    // It changes nothing, but it is a POST and POSTs are writes here (the access matrix
    // holds every role to that): operators and admins plan, as they are the ones who
    // start runs; viewers read the run and the rollout plan (a GET).
    authorizeFleet(c.var.principal, "write", fleet);
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, db);
    return c.json(orRefuse(await planRun(db, c.env, fleet, run, now)), 200);
  });
  app.openapi(skip, async (c) => {
    const { fleet, run } = c.req.valid("param");
    authorizeFleet(c.var.principal, "write", fleet);
    const { targets } = c.req.valid("json");
    return c.json(
      orRefuse(await controlRun(c.var.inventory, c.env, fleet, run, { type: "SKIP", targets })),
      200,
    );
  });
  return app;
}
