import { createRoute, z } from "@hono/zod-openapi";
import { FleetParams, Problem, RolloutSequenceParams, UpdateRunParams } from "@regatta/contract";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { BOOTSTRAP_ADMIN, type Principal } from "../auth/principal.ts";
import { PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { fleetReadResource } from "../services/inventory/fleets.ts";
import { type Watcher, watchFleet, watchRun, watchSequence } from "../services/watch/watch.ts";
import { readable } from "./rollout-sequences.ts";

const tags = ["watch"];
const WATCH_DESCRIPTION = [
  "A WebSocket (send `Upgrade: websocket`). The token comes as `Authorization: Bearer`, or",
  "from a browser, which cannot set headers, as the subprotocol",
  "`regatta.bearer.<base64url(token)>` offered beside `regatta.watch.v1` (never in the query",
  "string). Authorized exactly like the corresponding GET. The server sends",
  '`{"type":"changed","seq","at"}` after changes, at most one per 250 ms, and nothing',
  "else: re-read with `If-None-Match`. `ping` is answered `pong`. At most 100 watchers per",
  "fleet, run or rollout sequence (429). SEC-6: the subprotocol token counts only on the",
  "watch routes; a socket closes with 4401 when its token is revoked, and with 1008 when",
  "the client sends anything but `ping`.",
].join(" ");

const problem = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: Problem } },
});
const WATCH_ANSWERS = {
  101: {
    description: "Switching Protocols: the WebSocket, subprotocol `regatta.watch.v1`",
    headers: z.object({ "sec-websocket-protocol": z.literal("regatta.watch.v1") }),
  },
  ...PROBLEMS,
  426: problem("Not a WebSocket upgrade"),
  429: problem("The object already has as many watchers as it keeps"),
} as const;

const fleetWatch = createRoute({
  method: "get",
  path: "/v1/fleets/{fleet}/watch",
  tags,
  summary: "Be told when the fleet's object changes (rollout, operations, autoscaler)",
  description: WATCH_DESCRIPTION,
  request: { params: FleetParams },
  responses: WATCH_ANSWERS,
});
const sequenceWatch = createRoute({
  method: "get",
  path: "/v1/rollout-sequences/{name}/watch",
  tags,
  summary:
    "Be told when the rollout sequence's object changes (its rollouts' stages, soaks, pauses)",
  description: WATCH_DESCRIPTION,
  request: { params: RolloutSequenceParams },
  responses: WATCH_ANSWERS,
});
const runWatch = createRoute({
  method: "get",
  path: "/v1/fleets/{fleet}/update-runs/{run}/watch",
  tags,
  summary: "Be told when the update run changes",
  description: WATCH_DESCRIPTION,
  request: { params: UpdateRunParams },
  responses: WATCH_ANSWERS,
});

/** SEC-6: an API token's watch is closed when it is revoked; the bootstrap admin's is not. */
function watcherOf(principal: Principal): Watcher | undefined {
  if (principal.name === BOOTSTRAP_ADMIN || principal.identity === undefined) return undefined;
  return { token: principal.name, identity: principal.identity };
}

/** Live watches of the objects (docs/dashboard.md "Live updates"). */
export function watchRoutes(): App {
  const app = router();
  app.openapi(fleetWatch, async (c) => {
    const { fleet } = c.req.valid("param");
    const principal = c.get("principal");
    authorize(principal, "read", fleetReadResource(principal, fleet));
    return orRefuse(
      await watchFleet(c.var.inventory, c.env, fleet, c.req.raw, watcherOf(principal)),
    );
  });
  app.openapi(runWatch, async (c) => {
    const { fleet, run } = c.req.valid("param");
    // Like GET …/update-runs/{run}: a run covers its whole fleet, so fleet grants only.
    const principal = c.get("principal");
    authorize(principal, "read", { kind: "fleet", fleet }, `fleet ${fleet}`);
    return orRefuse(
      await watchRun(c.var.inventory, c.env, fleet, run, c.req.raw, watcherOf(principal)),
    );
  });
  app.openapi(sequenceWatch, async (c) => {
    const { name } = c.req.valid("param");
    // Like GET …/rollout-sequences/{name}: one the caller may read nothing of is a 404.
    const principal = c.get("principal");
    return orRefuse(
      await watchSequence(
        c.var.inventory,
        c.env,
        name,
        readable(principal),
        c.req.raw,
        watcherOf(principal),
      ),
    );
  });
  return app;
}
