import { createRoute, z } from "@hono/zod-openapi";
import {
  ExecutorEvent,
  NodePoolParams,
  NodePoolUpgradeInput,
  Operation,
  OperationParams,
} from "@regatta/contract";
import type { ProviderEvent } from "@regatta/engine";
import { getCluster } from "@regatta/inventory";
import { type App, router } from "../app.ts";
import { authorize } from "../auth/middleware.ts";
import { inventoryDb } from "../db.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { ProblemError } from "../http/problem.ts";
import type { PoolControl } from "../objects/node-pool-host.ts";
import { clusterFor } from "../services/inventory/clusters.ts";
import { controlPlaneNow } from "../services/now.ts";
import {
  controlNodePoolUpgrade,
  getOperation,
  locateOperation,
  startNodePoolUpgrade,
} from "../services/operations/node-pool-upgrades.ts";

const tags = ["operations"];

const upgrade = createRoute({
  method: "post",
  path: "/v1/clusters/{cluster}/node-pools/{pool}/upgrade",
  tags,
  summary:
    "Upgrade a node pool with its strategy (NUP-1): surge, blue-green, autoscaled blue-green, short-lived",
  request: { params: NodePoolParams, body: jsonBody(NodePoolUpgradeInput) },
  responses: { 202: json("the operation, running", Operation), ...PROBLEMS },
});

const CONTROL_SUMMARIES: Record<PoolControl, string> = {
  cancel: "Pause the pool's upgrade (NUP-7, NUP-9)",
  resume: "Resume a cancelled upgrade (NUP-7, NUP-9)",
  rollback:
    "Roll back a partially upgraded pool (NUP-7, NUP-9; refused for autoscaled blue-green, NUP-10)",
  complete: "Blue-green: skip the rest of the node-pool soak (NUP-9)",
};

const controlRoute = (control: PoolControl) =>
  createRoute({
    method: "post",
    path: `/v1/clusters/{cluster}/node-pools/{pool}/${control}`,
    tags,
    summary: CONTROL_SUMMARIES[control],
    request: { params: NodePoolParams },
    responses: { 200: json("the operation", Operation), ...PROBLEMS },
  });

const get = createRoute({
  method: "get",
  path: "/v1/operations/{id}",
  tags,
  summary: "An operation: state, phase, progress and its time-stamped events",
  request: { params: OperationParams },
  responses: { 200: json("the operation", Operation), ...PROBLEMS },
});

const events = createRoute({
  method: "post",
  path: "/v1/operations/{id}/events",
  tags,
  summary: "Webhook executor callback, signed with HMAC-SHA256 in X-Regatta-Signature",
  security: [],
  request: { params: OperationParams, body: jsonBody(ExecutorEvent) },
  responses: { 202: json("accepted", z.object({ applied: z.boolean() })), ...PROBLEMS },
});

export function operationRoutes(): App {
  const app = router();
  app.openapi(upgrade, async (c) => {
    const { cluster, pool } = c.req.valid("param");
    await clusterFor(inventoryDb(c.env.DB), c.get("principal"), cluster, "write");
    return c.json(await startNodePoolUpgrade(c.env, cluster, pool, c.req.valid("json")), 202);
  });
  for (const control of ["cancel", "resume", "rollback", "complete"] as const) {
    app.openapi(controlRoute(control), async (c) => {
      const { cluster, pool } = c.req.valid("param");
      const found = await clusterFor(inventoryDb(c.env.DB), c.get("principal"), cluster, "write");
      return c.json(await controlNodePoolUpgrade(c.env, found.fleet, cluster, pool, control), 200);
    });
  }
  app.openapi(get, async (c) => {
    const { id } = c.req.valid("param");
    const { fleet, cluster } = await locateOperation(c.env, id);
    // The operation outlives a deleted cluster; its fleet still decides who may read it.
    const found = await getCluster(inventoryDb(c.env.DB), cluster);
    authorize(c.get("principal"), "read", { kind: "fleet", fleet, scopes: found?.scopes ?? [] });
    return c.json(await getOperation(c.env, id), 200);
  });
  app.openapi(events, async (c) => {
    const { id } = c.req.valid("param");
    const event = c.req.valid("json");
    if (!event.commandId.startsWith(`${id}:`)) {
      throw new ProblemError(422, `command ${event.commandId} does not belong to operation ${id}`);
    }
    const { fleet } = await locateOperation(c.env, id);
    const at = event.at ? Date.parse(event.at) : await controlPlaneNow(c.env);
    const providerEvent: ProviderEvent =
      event.type === "COMMAND_SUCCEEDED"
        ? { type: event.type, commandId: event.commandId, at }
        : {
            type: event.type,
            commandId: event.commandId,
            at,
            reason: event.reason,
            message: event.message,
          };
    const result = await c.env.FLEET.get(c.env.FLEET.idFromName(fleet)).receiveEvent(providerEvent);
    return c.json(result, 202);
  });
  return app;
}
