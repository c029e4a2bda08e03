import { createRoute, z } from "@hono/zod-openapi";
import {
  ClusterParams,
  ExecutorEvent,
  NodePoolParams,
  NodePoolUpgradeInput,
  Operation,
  OperationParams,
  OperationSummaryList,
  OperationsQuery,
} from "@regatta/contract";
import type { ProviderEvent } from "@regatta/engine";
import { getCluster, type Inventory } from "@regatta/inventory";
import type { ExecutorCallback } from "@regatta/protocol";
import { type App, router } from "../app.ts";
import { executorSignature } from "../auth/executor.ts";
import { authorize } from "../auth/middleware.ts";
import type { Principal } from "../auth/principal.ts";
import { controlPlaneNow } from "../clock/now.ts";
import { providerMode } from "../env.ts";
import { idempotency } from "../http/idempotency.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse, ProblemError } from "../http/problem.ts";
import { listOperationsOfCluster } from "../services/operations/cluster-operations.ts";
import {
  cancelClusterUpgrade,
  resumeClusterUpgrade,
} from "../services/operations/cluster-upgrades.ts";
import type { PoolControl } from "../services/operations/node-pool-upgrades.ts";
import {
  controlNodePoolUpgrade,
  locateOperation,
  readOperation,
  startNodePoolUpgrade,
} from "../services/operations/node-pool-upgrades.ts";
import { clusterFor } from "./cluster-access.ts";

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

const list = createRoute({
  method: "get",
  path: "/v1/clusters/{cluster}/operations",
  tags,
  summary:
    "The cluster's operations, newest first, paged: cluster upgrades, node-pool upgrades and the autoscaler's, each with its state and progress (until retired)",
  request: { params: ClusterParams, query: OperationsQuery },
  responses: { 200: json("a page of operations", OperationSummaryList), ...PROBLEMS },
});

const resume = createRoute({
  method: "post",
  path: "/v1/operations/{id}/resume",
  tags,
  summary:
    "Retry a failed cluster upgrade from its failed component (LIFE-3); node-pool upgrades resume on their pool",
  request: { params: OperationParams },
  responses: { 200: json("the operation, running again", Operation), ...PROBLEMS },
});

const cancel = createRoute({
  method: "post",
  path: "/v1/operations/{id}/cancel",
  tags,
  summary:
    "Stop a running cluster upgrade (LIFE-3: its health checks repeat until they pass); node-pool upgrades cancel on their pool",
  request: { params: OperationParams },
  responses: { 200: json("the operation, cancelled", Operation), ...PROBLEMS },
});

const events = createRoute({
  method: "post",
  path: "/v1/operations/{id}/events",
  tags,
  summary: "Webhook executor callback, signed with HMAC-SHA256 in X-Regatta-Signature",
  security: [],
  // The signature is this route's authentication; replays are answered like any POST's.
  middleware: [executorSignature, idempotency] as const,
  request: { params: OperationParams, body: jsonBody(ExecutorEvent) },
  responses: { 202: json("accepted", z.object({ applied: z.boolean() })), ...PROBLEMS },
});

/** Node-pool upgrades and their operations, for bearer-authenticated callers. */
export function operationRoutes(): App {
  const app = router();
  app.openapi(upgrade, async (c) => {
    const db = c.var.inventory;
    const { cluster, pool } = c.req.valid("param");
    await clusterFor(db, c.var.principal, cluster, "write");
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const input = c.req.valid("json");
    const started = await startNodePoolUpgrade(db, c.env.FLEET, cluster, pool, input, now);
    return c.json(orRefuse(started), 202);
  });
  for (const control of ["cancel", "resume", "rollback", "complete"] as const) {
    app.openapi(controlRoute(control), async (c) => {
      const db = c.var.inventory;
      const { cluster, pool } = c.req.valid("param");
      const found = await clusterFor(db, c.var.principal, cluster, "write");
      const controlled = await controlNodePoolUpgrade(
        db,
        c.env.FLEET,
        found.fleet,
        cluster,
        pool,
        control,
      );
      return c.json(orRefuse(controlled), 200);
    });
  }
  app.openapi(get, async (c) => {
    const db = c.var.inventory;
    const { id } = c.req.valid("param");
    const { fleet, cluster } = orRefuse(await locateOperation(db, id));
    // The operation outlives a deleted cluster; its fleet still decides who may read it.
    const found = await getCluster(db, cluster);
    authorize(c.var.principal, "read", { kind: "fleet", fleet, scopes: found?.scopes ?? [] });
    return c.json(orRefuse(await readOperation(db, c.env.FLEET, id)), 200);
  });
  app.openapi(list, async (c) => {
    const db = c.var.inventory;
    const { cluster } = c.req.valid("param");
    // Read like the cluster: whoever may see it sees its operations, nobody else learns it exists.
    const { fleet } = await clusterFor(db, c.var.principal, cluster, "read");
    const query = c.req.valid("query");
    const page = await listOperationsOfCluster(db, c.env.FLEET, { cluster, fleet }, query);
    return c.json(orRefuse(page), 200);
  });
  app.openapi(resume, async (c) => {
    const db = c.var.inventory;
    const { id } = c.req.valid("param");
    const located = await locateForWrite(c.var.principal, db, id);
    const now = await controlPlaneNow(c.env, db);
    const resumed = await resumeClusterUpgrade(db, c.env.FLEET, { id, ...located }, now);
    return c.json(orRefuse(resumed), 200);
  });
  app.openapi(cancel, async (c) => {
    const { id } = c.req.valid("param");
    const located = await locateForWrite(c.var.principal, c.var.inventory, id);
    return c.json(orRefuse(await cancelClusterUpgrade(c.env.FLEET, { id, ...located })), 200);
  });
  return app;
}

/**
 * The operation's fleet and cluster, once the caller may write there: the operation
 * outlives a deleted cluster, and its fleet still decides.
 */
async function locateForWrite(principal: Principal, db: Inventory, id: string) {
  const located = orRefuse(await locateOperation(db, id));
  const found = await getCluster(db, located.cluster);
  authorize(principal, "write", {
    kind: "fleet",
    fleet: located.fleet,
    scopes: found?.scopes ?? [],
  });
  return located;
}

/**
 * The webhook executor's callback. It authenticates by signature (its own middleware),
 * not by bearer token, so the app mounts it before the bearer-authenticated routes.
 */
export function executorCallbackRoutes(): App {
  const app = router();
  app.openapi(events, async (c) => {
    if (providerMode(c.env) === "sim") {
      throw new ProblemError(
        409,
        "SEC-7: the provider is the simulator (REGATTA_PROVIDER=sim), which reports its own commands; executor callbacks are for webhook mode",
        "SEC-7",
      );
    }
    const { id } = c.req.valid("param");
    // The contract's schema and the protocol package describe one body.
    const event: ExecutorCallback = c.req.valid("json");
    if (!event.commandId.startsWith(`${id}:`)) {
      throw new ProblemError(422, `command ${event.commandId} does not belong to operation ${id}`);
    }
    const { fleet } = orRefuse(await locateOperation(c.var.inventory, id));
    const at = event.at ? Date.parse(event.at) : await controlPlaneNow(c.env, c.var.inventory);
    const providerEvent: ProviderEvent = { ...event, at };
    const result = await c.env.FLEET.get(c.env.FLEET.idFromName(fleet)).receiveCallback(
      providerEvent,
    );
    if ("refused" in result) throw new ProblemError(409, result.refused, "SEC-7");
    return c.json(result, 202);
  });
  return app;
}
