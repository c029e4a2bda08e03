import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { verifyExecutorSignature } from "../providers/signature.ts";

/**
 * The executor callback's own authentication: no bearer token, an HMAC-SHA256 of the
 * raw body with the shared secret instead (API.md "Executors"); 401 when it does not
 * verify. The caller acts as a viewer named `executor`.
 */
export const executorSignature = createMiddleware<AppEnv>(async (c, next) => {
  await verifyExecutorSignature(
    c.env.WEBHOOK_SECRET,
    await c.req.text(),
    c.req.header("x-regatta-signature"),
  );
  c.set("principal", { name: "executor", role: "viewer", fleets: [], scopes: [] });
  await next();
});
