import { createRoute } from "@hono/zod-openapi";
import { ExecutorKeyCreated, FleetParams } from "@regatta/contract";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { json, PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import { createExecutorKey, revokeExecutorKey } from "../services/executor-keys.ts";

const tags = ["executors"];
const create = createRoute({
  method: "post",
  path: "/v1/fleets/{fleet}/executor-key",
  tags,
  summary: "Give the fleet its own executor key (admin); shown only in this answer",
  description:
    "SEC-7: callbacks on this fleet's operations may then be signed with this key as well as WEBHOOK_SECRET. Each call makes a new key and retires the previous one. Nothing secret is stored: the key is derived from WEBHOOK_SECRET and a stored random salt, so changing WEBHOOK_SECRET changes it too.",
  request: { params: FleetParams },
  responses: { 201: json("the fleet's new key", ExecutorKeyCreated), ...PROBLEMS },
});
const revoke = createRoute({
  method: "delete",
  path: "/v1/fleets/{fleet}/executor-key",
  tags,
  summary: "Revoke the fleet's executor key (admin)",
  request: { params: FleetParams },
  responses: { 204: { description: "revoked" }, ...PROBLEMS },
});

/** SEC-7: per-fleet executor keys, beside the deployment-wide WEBHOOK_SECRET. */
export function executorKeyRoutes(): App {
  const app = router();
  app.openapi(create, async (c) => {
    authorize(c.get("principal"), "write", { kind: "admin-only" });
    const { fleet } = c.req.valid("param");
    const created = orRefuse(await createExecutorKey(c.var.inventory, c.env.WEBHOOK_SECRET, fleet));
    // Shown once: no cache, and no remembered Idempotency-Key answer, keeps it.
    return c.json(created, 201, { "cache-control": "no-store" });
  });
  app.openapi(revoke, async (c) => {
    authorize(c.get("principal"), "write", { kind: "admin-only" });
    orRefuse(await revokeExecutorKey(c.var.inventory, c.req.valid("param").fleet));
    return c.body(null, 204);
  });
  return app;
}
