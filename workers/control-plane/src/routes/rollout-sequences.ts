import { createRoute } from "@hono/zod-openapi";
import {
  ListQuery,
  RolloutSequence,
  RolloutSequenceInput,
  RolloutSequenceList,
  RolloutSequenceParams,
  SequencePlan,
  SequenceRollout,
  SequenceRolloutList,
  SequenceRolloutParams,
} from "@regatta/contract";
import { type App, router } from "../app.ts";
import { authorize, authorizeAnyFleet, authorizeFleets } from "../auth/middleware.ts";
import { mayAccess, type Principal } from "../auth/principal.ts";
import { controlPlaneNow } from "../clock/now.ts";
import { json, jsonBody, PROBLEMS, TOKEN_RATE_LIMITED } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { plansPerToken } from "../http/rate-limit.ts";
import { refused } from "../outcome.ts";
import { planSequenceRollout } from "../services/rollout/sequence-plan.ts";
import {
  controlSequenceRollout,
  listSequenceRollouts,
  readSequenceRollout,
} from "../services/rollout/sequence-rollouts.ts";
import {
  evaluateSequence,
  type FleetAccess,
  listSequences,
  putSequence,
  readSequence,
  removeSequence,
  storedFleets,
} from "../services/rollout/sequences.ts";

const tags = ["rollout sequences"];
const path = "/v1/rollout-sequences/{name}";

const put = createRoute({
  method: "put",
  path,
  tags,
  summary:
    "Create or replace a rollout sequence with custom stages (SEQ-15: 1..10 stages of 1..20 fleets, soaks 0..30 days; SEQ-16: a cluster belongs to the first stage that selects it; SEQ-17: a fleet is in one sequence of one kind). Needs write access to every fleet it names, and to every fleet of the sequence it replaces.",
  request: { params: RolloutSequenceParams, body: jsonBody(RolloutSequenceInput) },
  responses: {
    200: json("replaced", RolloutSequence),
    201: json("created", RolloutSequence),
    ...PROBLEMS,
  },
});
const get = createRoute({
  method: "get",
  path,
  tags,
  summary:
    "A rollout sequence with the clusters each stage selects now (SEQ-16), showing only the stages, fleets and clusters the caller may read",
  request: { params: RolloutSequenceParams },
  responses: { 200: json("the sequence", RolloutSequence), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/rollout-sequences",
  tags,
  summary: "The rollout sequences the caller may read something of, by name, paged",
  request: { query: ListQuery },
  responses: { 200: json("the sequences", RolloutSequenceList), ...PROBLEMS },
});
const {
  400: badRequest,
  401: unauthorized,
  403: forbidden,
  404: notFound,
  409: conflict,
} = PROBLEMS;
const remove = createRoute({
  method: "delete",
  path,
  tags,
  summary:
    "Delete a rollout sequence; its fleets are free to join another sequence. Needs write access to every fleet it names.",
  request: { params: RolloutSequenceParams },
  responses: {
    204: { description: "deleted" },
    400: badRequest,
    401: unauthorized,
    403: forbidden,
    404: notFound,
    409: conflict,
  },
});

const listRollouts = createRoute({
  method: "get",
  path: `${path}/rollouts`,
  tags,
  summary:
    "The sequence's rollouts, one per version and kind (control plane, nodes), newest first, each with every stage the caller may read: state, start, end, soak end and clusters (SEQ-21)",
  request: { params: RolloutSequenceParams, query: ListQuery },
  responses: { 200: json("the rollouts", SequenceRolloutList), ...PROBLEMS },
});
const getRollout = createRoute({
  method: "get",
  path: `${path}/rollouts/{rollout}`,
  tags,
  summary: "One rollout of the sequence through its stages (SEQ-21)",
  request: { params: SequenceRolloutParams },
  responses: { 200: json("the rollout", SequenceRollout), ...PROBLEMS },
});
const pause = createRoute({
  method: "post",
  path: `${path}/rollouts/{rollout}/pause`,
  tags,
  summary:
    "Pause a rollout (SEQ-20): no stage's turn comes and no cluster upgrade starts; running upgrades finish and soaks go on. Needs write access to one fleet of the sequence (anyone answerable for a stage may hold it). 409 for a completed rollout.",
  request: { params: SequenceRolloutParams },
  responses: { 200: json("the rollout, paused", SequenceRollout), ...PROBLEMS },
});
const resume = createRoute({
  method: "post",
  path: `${path}/rollouts/{rollout}/resume`,
  tags,
  summary:
    "Resume a paused rollout (SEQ-20): what it held starts on this pass. Needs write access to every fleet of the sequence. Resuming a rollout that is not paused changes nothing.",
  request: { params: SequenceRolloutParams },
  responses: { 200: json("the rollout", SequenceRollout), ...PROBLEMS },
});

const plan = createRoute({
  method: "get",
  path: `${path}/plan`,
  tags,
  summary:
    "What-if (EXT-6): the sequence's stages predicted — per stage and upgrade its start, soak start and soak end, per cluster its upgrade, the waits, the critical path and the makespan — from the same engine on the simulated provider; changes nothing",
  request: { params: RolloutSequenceParams },
  responses: {
    200: json("the predicted timeline", SequencePlan),
    ...PROBLEMS,
    429: TOKEN_RATE_LIMITED,
  },
});

/** The fleets the principal may read, asked one by one (SEQ-18's views). */
export function readable(principal: Principal): FleetAccess {
  return (fleet) => mayAccess(principal, "read", { kind: "fleet", fleet });
}

/**
 * `/v1/rollout-sequences`. A sequence spans fleets: writing it needs write access to every
 * fleet it names (and, to replace or delete one, to every fleet it named); reading shows
 * only what the caller may read, and one it may read nothing of does not exist for it.
 */
export function rolloutSequenceRoutes(): App {
  const app = router();
  app.use("/v1/rollout-sequences/:name/plan", plansPerToken);
  app.openapi(put, async (c) => {
    const { name } = c.req.valid("param");
    const input = c.req.valid("json");
    const principal = c.get("principal");
    for (const fleet of new Set(input.stages.flatMap((stage) => stage.fleets))) {
      authorize(principal, "write", { kind: "fleet", fleet }, `fleet ${fleet}`);
    }
    const db = c.var.inventory;
    const touched = await storedFleets(db, name);
    authorizeFleets(principal, "write", touched.fleets, `rollout sequence ${name}`);
    const now = await controlPlaneNow(c.env, db);
    const { created, value } = orRefuse(
      await putSequence(db, name, input, now, readable(principal), touched.asRead),
    );
    await evaluateSequence(c.env.ROLLOUT_SEQUENCE, name);
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(get, async (c) => {
    const { name } = c.req.valid("param");
    const access = readable(c.get("principal"));
    return c.json(orRefuse(await readSequence(c.var.inventory, name, access)), 200);
  });
  app.openapi(list, async (c) => {
    const query = c.req.valid("query");
    const access = readable(c.get("principal"));
    return c.json(await listSequences(c.var.inventory, query, access), 200);
  });
  app.openapi(remove, async (c) => {
    const { name } = c.req.valid("param");
    const principal = c.get("principal");
    const db = c.var.inventory;
    const touched = await storedFleets(db, name);
    // One the caller may read nothing of does not exist for it (no 403 to tell otherwise).
    const access = readable(principal);
    const visible = touched.stored !== undefined && touched.fleets.some(access);
    if (visible) authorizeFleets(principal, "write", touched.fleets, `rollout sequence ${name}`);
    orRefuse(await removeSequence(db, name, visible, access, touched.asRead));
    // Its object forgets its state; ends of what it started are no one's business any more.
    await evaluateSequence(c.env.ROLLOUT_SEQUENCE, name);
    return c.body(null, 204);
  });
  app.openapi(plan, async (c) => {
    const { name } = c.req.valid("param");
    const access = readable(c.get("principal"));
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, db);
    return c.json(
      orRefuse(await planSequenceRollout(db, c.env.ROLLOUT_SEQUENCE, name, access, now)),
      200,
    );
  });
  app.openapi(listRollouts, async (c) => {
    const { name } = c.req.valid("param");
    const query = c.req.valid("query");
    const access = readable(c.get("principal"));
    return c.json(
      orRefuse(await listSequenceRollouts(c.env.ROLLOUT_SEQUENCE, name, query, access)),
      200,
    );
  });
  app.openapi(getRollout, async (c) => {
    const { name, rollout } = c.req.valid("param");
    const access = readable(c.get("principal"));
    return c.json(
      orRefuse(await readSequenceRollout(c.env.ROLLOUT_SEQUENCE, name, rollout, access)),
      200,
    );
  });
  for (const [route, kind] of [
    [pause, "PAUSE"],
    [resume, "RESUME"],
  ] as const) {
    app.openapi(route, async (c) => {
      const { name, rollout } = c.req.valid("param");
      const principal = c.get("principal");
      const access = readable(principal);
      const { fleets } = await storedFleets(c.var.inventory, name);
      // One the caller may read nothing of does not exist for it.
      if (!fleets.some(access))
        orRefuse(refused("missing", `rollout sequence ${name} does not exist`));
      if (kind === "RESUME")
        authorizeFleets(principal, "write", fleets, `rollout sequence ${name}`);
      else authorizeAnyFleet(principal, fleets, `rollout sequence ${name}`);
      const control = { kind, rollout };
      return c.json(
        orRefuse(await controlSequenceRollout(c.env.ROLLOUT_SEQUENCE, name, control, access)),
        200,
      );
    });
  }
  return app;
}
