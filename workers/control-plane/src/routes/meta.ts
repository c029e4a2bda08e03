import { createRoute, z } from "@hono/zod-openapi";
import { type App, router } from "../app.ts";

const Health = z.object({ status: z.literal("ok") }).openapi("Health");

const healthz = createRoute({
  method: "get",
  path: "/healthz",
  tags: ["meta"],
  summary: "Liveness probe (public)",
  security: [],
  responses: { 200: { description: "alive", content: { "application/json": { schema: Health } } } },
});

/** Public endpoints: health, the OpenAPI document and its human page. */
export function metaRoutes(): App {
  const app = router();
  app.openapi(healthz, (c) => c.json({ status: "ok" as const }, 200));
  app.openAPIRegistry.registerPath({
    method: "get",
    path: "/docs",
    tags: ["meta"],
    summary: "The API reference: /openapi.json rendered for people (public)",
    security: [],
    responses: {
      200: { description: "the page", content: { "text/html": { schema: { type: "string" } } } },
    },
  });
  app.get("/docs", (c) => {
    c.header("content-security-policy", DOCS_POLICY);
    return c.html(DOCS_PAGE);
  });
  return app;
}

// The API reference: Swagger UI renders /openapi.json in the browser, grouped by tag, with
// schemas resolved and examples. Its files are the worker's static assets (built by
// workers/control-plane/dashboard/build.ts, no CDN: the machines that run Regatta may have
// no route to the internet), and no script or style is inline, so the page runs under a
// policy as strict as the dashboard's (SEC-8). Swagger UI sets styles through the DOM,
// which style-src does not govern; its icons are data: URLs.
const DOCS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Regatta API reference</title>
<link rel="stylesheet" href="/api-reference/swagger-ui.css"></head>
<body><main id="api-reference"><p>Loading the reference of <a href="/openapi.json">/openapi.json</a>…</p></main>
<script src="/api-reference/swagger-ui-bundle.js"></script>
<script src="/api-reference/init.js"></script></body></html>`;

const DOCS_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
  "connect-src 'self'; font-src 'self'; frame-ancestors 'none'; object-src 'none'; " +
  "base-uri 'none'; form-action 'none'";
