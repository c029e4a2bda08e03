import { getExecutorKey, getOperation, type Inventory } from "@regatta/inventory";
import {
  checkSignature,
  hmacSha256,
  SIGNATURE_HEADER,
  type SignedRequest,
  TIMESTAMP_HEADER,
} from "@regatta/protocol";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { ProblemError } from "../http/problem.ts";
import { base64url } from "./secrets.ts";

/**
 * The executor callback's own authentication: no bearer token, an HMAC-SHA256 over the
 * timestamp, method, path and raw body with the shared secret instead (API.md
 * "Executors"); 401 when it does not verify or the timestamp is more than 5 minutes from
 * the wall clock. SEC-7: a callback on an operation of a fleet with its own executor key
 * may be signed with that key instead. The caller acts as a viewer named `executor`.
 */
export const executorSignature = createMiddleware<AppEnv>(async (c, next) => {
  const request: SignedRequest = {
    method: c.req.method,
    path: c.req.path,
    body: await c.req.text(),
    timestamp: c.req.header(TIMESTAMP_HEADER),
    signature: c.req.header(SIGNATURE_HEADER),
  };
  await verifyExecutorSignature(c.env.WEBHOOK_SECRET, request, Date.now(), () =>
    operationFleetKey(c.var.inventory, c.env.WEBHOOK_SECRET, c.req.param("id")),
  );
  c.set("principal", { name: "executor", role: "viewer", fleets: [], scopes: [] });
  await next();
});

/**
 * Executor callbacks carry no bearer token: they prove themselves with the shared HMAC
 * secret (API.md "Executors"), or with `fleetKey()`, the key of the operation's fleet
 * (SEC-7). Unsigned, badly signed, or signed more than 5 minutes from `wallNow` (the
 * receiver's wall clock, never the sim's virtual one) → 401. Within those 5 minutes a
 * replay is recognised by the fleet's inbox, which remembers events longer than that.
 */
export async function verifyExecutorSignature(
  secret: string | undefined,
  request: SignedRequest,
  wallNow: number,
  fleetKey: () => Promise<string | undefined> = async () => undefined,
): Promise<void> {
  if (!secret) throw new ProblemError(401, "executor callbacks need WEBHOOK_SECRET configured");
  const refusal = await checkSignature(secret, request, wallNow);
  if (!refusal) return;
  // The deployment-wide key did not sign it: perhaps the operation's fleet's own did.
  const key = await fleetKey();
  if (key !== undefined && (await checkSignature(key, request, wallNow)) === undefined) return;
  throw new ProblemError(401, refusal.detail);
}

/**
 * SEC-7: a fleet's executor key, derived rather than stored: HMAC-SHA256 of the fleet
 * and its key's random salt under the deployment's WEBHOOK_SECRET. The database holds
 * only the salt, so reading it yields no key; the key signs only callbacks on that
 * fleet's operations, since the signature covers the path and the path names the
 * operation.
 * @example await fleetExecutorKey("s3cret", "prod", "q9…") // "rgx_…"
 */
export async function fleetExecutorKey(
  deploymentSecret: string,
  fleet: string,
  salt: string,
): Promise<string> {
  const mac = await hmacSha256(deploymentSecret, `regatta.executor-key.v1:${fleet}:${salt}`);
  return `rgx_${base64url(mac)}`;
}

/** The executor key of the fleet operation `id` lives in, if it has one. */
async function operationFleetKey(
  db: Inventory,
  secret: string | undefined,
  id: string | undefined,
): Promise<string | undefined> {
  if (!secret || id === undefined) return undefined;
  const operation = await getOperation(db, id);
  if (!operation) return undefined;
  const row = await getExecutorKey(db, operation.fleet);
  return row && fleetExecutorKey(secret, operation.fleet, row.salt);
}
