import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { verifyExecutorSignature } from "../providers/signature.ts";

/**
 * The executor callback's own authentication: no bearer token, an HMAC-SHA256 over the
 * timestamp, method, path and raw body with the shared secret instead (API.md
 * "Executors"); 401 when it does not verify or the timestamp is more than 5 minutes from
 * the wall clock. The caller acts as a viewer named `executor`.
 */
export const executorSignature = createMiddleware<AppEnv>(async (c, next) => {
  await verifyExecutorSignature(
    c.env.WEBHOOK_SECRET,
    {
      method: c.req.method,
      path: c.req.path,
      body: await c.req.text(),
      timestamp: c.req.header("x-regatta-timestamp"),
      signature: c.req.header("x-regatta-signature"),
    },
    Date.now(),
  );
  c.set("principal", { name: "executor", role: "viewer", fleets: [], scopes: [] });
  await next();
});
