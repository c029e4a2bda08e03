import { createRoute } from "@hono/zod-openapi";
import {
  ClusterParams,
  ClusterPreflightInput,
  ClusterUpgradeInput,
  Operation,
  PreflightResult,
} from "@regatta/contract";
import { type App, router } from "../app.ts";
import { controlPlaneNow } from "../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../http/openapi.ts";
import { orRefuse } from "../http/problem.ts";
import {
  readClusterPreflight,
  runClusterPreflight,
} from "../services/operations/cluster-preflight.ts";
import { startClusterUpgrade } from "../services/operations/cluster-upgrades.ts";
import { clusterFor } from "./cluster-access.ts";

const tags = ["operations"];

const runPreflight = createRoute({
  method: "post",
  path: "/v1/clusters/{cluster}/preflight",
  tags,
  summary:
    "Preflight an upgrade to a version (LIFE-2): version path, catalogue, admin/user skew, deprecated APIs, surge quota",
  request: { params: ClusterParams, body: jsonBody(ClusterPreflightInput) },
  responses: {
    200: json("the findings, kept as the cluster's latest", PreflightResult),
    ...PROBLEMS,
  },
});

const getPreflight = createRoute({
  method: "get",
  path: "/v1/clusters/{cluster}/preflight",
  tags,
  summary: "The cluster's latest preflight (LIFE-2)",
  request: { params: ClusterParams },
  responses: { 200: json("the latest preflight", PreflightResult), ...PROBLEMS },
});

const upgrade = createRoute({
  method: "post",
  path: "/v1/clusters/{cluster}/upgrade",
  tags,
  summary:
    "Upgrade a cluster in LIFE-3 order (preflight, control plane, add-ons, worker pools in place or by their own strategies, health checks); again after a failure retries from the failed component",
  request: { params: ClusterParams, body: jsonBody(ClusterUpgradeInput) },
  responses: { 202: json("the operation, running", Operation), ...PROBLEMS },
});

/** The per-cluster upgrade lifecycle (LIFE): preflight and the cluster upgrade. */
export function clusterLifecycleRoutes(): App {
  const app = router();
  app.openapi(runPreflight, async (c) => {
    const db = c.var.inventory;
    const { cluster } = c.req.valid("param");
    // It changes no cluster, but it runs checks and replaces the stored result: a write,
    // so viewers stay read-only; they read the result with GET.
    await clusterFor(db, c.var.principal, cluster, "write");
    const now = await controlPlaneNow(c.env, db);
    const input = c.req.valid("json");
    return c.json(orRefuse(await runClusterPreflight(db, c.env.FLEET, cluster, input, now)), 200);
  });
  app.openapi(getPreflight, async (c) => {
    const { cluster } = c.req.valid("param");
    const found = await clusterFor(c.var.inventory, c.var.principal, cluster, "read");
    return c.json(orRefuse(await readClusterPreflight(c.env.FLEET, found)), 200);
  });
  app.openapi(upgrade, async (c) => {
    const db = c.var.inventory;
    const { cluster } = c.req.valid("param");
    await clusterFor(db, c.var.principal, cluster, "write");
    const now = await controlPlaneNow(c.env, db);
    const input = c.req.valid("json");
    return c.json(orRefuse(await startClusterUpgrade(db, c.env.FLEET, cluster, input, now)), 202);
  });
  return app;
}
