import {
  checkSignature,
  SIGNATURE_HEADER,
  type SignedRequest,
  TIMESTAMP_HEADER,
} from "@regatta/protocol";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { ProblemError } from "../http/problem.ts";

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
      timestamp: c.req.header(TIMESTAMP_HEADER),
      signature: c.req.header(SIGNATURE_HEADER),
    },
    Date.now(),
  );
  c.set("principal", { name: "executor", role: "viewer", fleets: [], scopes: [] });
  await next();
});

/**
 * Executor callbacks carry no bearer token: they prove themselves with the shared HMAC
 * secret (API.md "Executors"). Unsigned, badly signed, or signed more than 5 minutes
 * from `wallNow` (the receiver's wall clock, never the sim's virtual one) → 401. Within
 * those 5 minutes a replay is recognised by the fleet's inbox, which remembers events
 * longer than that.
 */
export async function verifyExecutorSignature(
  secret: string | undefined,
  request: SignedRequest,
  wallNow: number,
): Promise<void> {
  if (!secret) throw new ProblemError(401, "executor callbacks need WEBHOOK_SECRET configured");
  const refusal = await checkSignature(secret, request, wallNow);
  if (refusal) throw new ProblemError(401, refusal.detail);
}
