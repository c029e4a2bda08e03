import { type App, installErrorHandling, router } from "./app.ts";
import { authenticate } from "./auth/middleware.ts";
import { idempotency } from "./http/idempotency.ts";
import { clusterRoutes } from "./routes/inventory/clusters.ts";
import { nodePoolRoutes } from "./routes/inventory/node-pools.ts";
import { metaRoutes } from "./routes/meta.ts";
import { simRoutes } from "./routes/sim.ts";
import { tokenRoutes } from "./routes/tokens.ts";

export const API_INFO = {
  openapi: "3.1.0",
  info: {
    title: "Regatta control plane",
    version: "1.0.0",
    description: "Fleet upgrade orchestration and node-pool autoscaling. See API.md.",
  },
};

/** The whole HTTP surface: public meta routes, then the authenticated /v1 API. */
export function createControlPlane(): App {
  const app = router();
  installErrorHandling(app);
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
  });
  app.route("/", metaRoutes());
  app.use("/v1/*", authenticate, idempotency);
  app.route("/", tokenRoutes());
  app.route("/", clusterRoutes());
  app.route("/", nodePoolRoutes());
  app.route("/", simRoutes());
  app.doc31("/openapi.json", { ...API_INFO, security: [{ bearer: [] }] });
  return app;
}
