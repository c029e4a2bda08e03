import { type App, installErrorHandling, router } from "./app.ts";
import { authenticate } from "./auth/middleware.ts";
import { auditTrail } from "./http/audit.ts";
import { conditionalGet } from "./http/conditional.ts";
import { idempotency } from "./http/idempotency.ts";
import { provideInventory } from "./http/inventory.ts";
import { withMiddlewareAnswers } from "./http/openapi.ts";
import { securityHeaders } from "./http/security-headers.ts";
import { auditRoutes } from "./routes/audit.ts";
import { autoUpgradeRoutes } from "./routes/auto-upgrade.ts";
import { autoscalerRoutes } from "./routes/autoscaler.ts";
import { clusterLifecycleRoutes } from "./routes/cluster-lifecycle.ts";
import { computeClassRoutes } from "./routes/compute-classes.ts";
import { executorKeyRoutes } from "./routes/executor-keys.ts";
import { channelRoutes } from "./routes/inventory/channels.ts";
import { clusterRoutes } from "./routes/inventory/clusters.ts";
import { fleetRoutes } from "./routes/inventory/fleets.ts";
import { machineTypeRoutes } from "./routes/inventory/machine-types.ts";
import { nodePoolRoutes } from "./routes/inventory/node-pools.ts";
import { releaseRoutes } from "./routes/inventory/releases.ts";
import { reservationRoutes } from "./routes/inventory/reservations.ts";
import { scopeRoutes } from "./routes/inventory/scopes.ts";
import { zoneRoutes } from "./routes/inventory/zones.ts";
import { metaRoutes } from "./routes/meta.ts";
import { notificationRoutes } from "./routes/notifications.ts";
import { executorCallbackRoutes, operationRoutes } from "./routes/operations.ts";
import { rolloutRoutes } from "./routes/rollout.ts";
import { rolloutSequenceRoutes } from "./routes/rollout-sequences.ts";
import { simRoutes } from "./routes/sim.ts";
import { tokenRoutes } from "./routes/tokens.ts";
import { updateRunRoutes } from "./routes/update-runs.ts";
import { watchRoutes } from "./routes/watch.ts";
import { workloadRoutes } from "./routes/workloads.ts";

export const API_INFO = {
  openapi: "3.1.0",
  info: {
    title: "Regatta control plane",
    version: "1.0.0",
    description:
      "Fleet upgrade orchestration and node-pool autoscaling. Send `Authorization: Bearer <token>` " +
      "(Authorize, above); errors are `application/problem+json` naming the rule that refused " +
      "(`rule`, e.g. `VER-4`). Rules: docs/rules.md; the whole contract: API.md.",
  },
  // The reference (/docs) shows one section per tag, in this order: inventory first, then
  // what changes it, then watching, access and the simulator.
  tags: [
    { name: "meta", description: "Health, this document and its reference page (public)." },
    { name: "fleets", description: "Fleets and team scopes: the groups clusters belong to." },
    { name: "clusters", description: "Clusters, their versions, channels and windows." },
    { name: "node pools", description: "A cluster's node pools and their upgrade strategy." },
    { name: "nodes", description: "A cluster's nodes, with their state and blue/green colour." },
    {
      name: "operations",
      description: "Node-pool and cluster upgrades and the executor's signed reports on them.",
    },
    {
      name: "update-runs",
      description: "Update runs (RUN): a fleet upgraded stage by stage; strategies and plans.",
    },
    {
      name: "rollout",
      description: "Rollout sequences (SEQ): fleets or scopes upgraded one group after another.",
    },
    {
      name: "rollout sequences",
      description:
        "Rollout sequences with custom stages (SEQ-15..21): stages of fleets narrowed by cluster labels, one rollout per version and kind, pause and resume.",
    },
    {
      name: "auto-upgrade-profiles",
      description: "Auto-upgrade profiles (EXT-5): runs started when a channel's target moves.",
    },
    {
      name: "autoscaler",
      description: "The cluster autoscaler (CA): workloads, decisions, compute classes.",
    },
    {
      name: "releases",
      description: "Releases and channels: versions, node images, targets (CH).",
    },
    { name: "zones", description: "Zones and their capacity." },
    { name: "machine types", description: "Machine types pools are made of." },
    { name: "reservations", description: "Capacity reservations pools may consume." },
    {
      name: "notifications",
      description: "Subscriptions to signed CloudEvents and their deliveries.",
    },
    { name: "watch", description: "WebSocket watches of a fleet or a run (live updates)." },
    { name: "tokens", description: "API tokens: roles, fleets, revocation (admin)." },
    {
      name: "executors",
      description: "A fleet's own executor key, in place of the shared one (SEC-7).",
    },
    { name: "audit", description: "The audit trail of writes (SEC-11)." },
    {
      name: "sim",
      description: "The simulator's clock, timing and faults (only with REGATTA_PROVIDER=sim).",
    },
  ],
};

/**
 * The whole HTTP surface: public meta routes, the executor callback (signed, not
 * bearer-authenticated), then the bearer-authenticated /v1 API. Order matters: a route
 * registered before `authenticate` answers without passing through it.
 */
export function createControlPlane(): App {
  const app = router();
  app.use("*", securityHeaders);
  installErrorHandling(app);
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
  });
  app.route("/", metaRoutes());
  app.use("/v1/*", provideInventory, auditTrail);
  app.route("/", executorCallbackRoutes());
  app.use("/v1/*", authenticate, idempotency, conditionalGet);
  app.route("/", tokenRoutes());
  app.route("/", executorKeyRoutes());
  app.route("/", machineTypeRoutes());
  app.route("/", zoneRoutes());
  app.route("/", reservationRoutes());
  app.route("/", fleetRoutes());
  app.route("/", scopeRoutes());
  app.route("/", releaseRoutes());
  app.route("/", channelRoutes());
  app.route("/", clusterRoutes());
  app.route("/", nodePoolRoutes());
  app.route("/", operationRoutes());
  app.route("/", clusterLifecycleRoutes());
  app.route("/", workloadRoutes());
  app.route("/", autoscalerRoutes());
  app.route("/", computeClassRoutes());
  app.route("/", updateRunRoutes());
  app.route("/", autoUpgradeRoutes());
  app.route("/", rolloutRoutes());
  app.route("/", rolloutSequenceRoutes());
  app.route("/", simRoutes());
  app.route("/", watchRoutes());
  app.route("/", notificationRoutes());
  app.route("/", auditRoutes());
  serveDocument(app);
  return app;
}

/**
 * `GET /openapi.json` (public): the document, itself included, with the answers
 * middleware adds to every route. Built once: the routes do not change after start.
 */
function serveDocument(app: App): void {
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/openapi.json",
    tags: ["meta"],
    summary: "This OpenAPI 3.1 document (public)",
    security: [],
    responses: {
      200: {
        description: "the document",
        content: {
          "application/json": {
            schema: { type: "object", required: ["openapi", "info", "paths"] },
          },
        },
      },
    },
  });
  let document: ApiDocument | undefined;
  app.get("/openapi.json", (c) => {
    document ??= documentOf(app);
    return c.json(document);
  });
}

export type ApiDocument = ReturnType<App["getOpenAPI31Document"]>;

function documentOf(app: App): ApiDocument {
  return withMiddlewareAnswers(
    app.getOpenAPI31Document({ ...API_INFO, security: [{ bearer: [] }] }),
  );
}

/**
 * The document `GET /openapi.json` serves, built in-process from the routes' zod schemas
 * (no worker runs): `npm run generate` writes it to packages/client/openapi.json, and
 * tests/contract/drift.test.ts fails when that file no longer matches it.
 * @example await writeFile("openapi.json", JSON.stringify(apiDocument(), null, 2))
 */
export function apiDocument(): ApiDocument {
  return documentOf(createControlPlane());
}
