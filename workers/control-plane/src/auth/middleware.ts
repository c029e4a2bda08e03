import { apiTokens } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { inventoryDb } from "../db.ts";
import { ProblemError } from "../http/problem.ts";
import { verifyExecutorSignature } from "../providers/signature.ts";
import { type Access, mayAccess, type Principal, type Resource } from "./principal.ts";
import { digestsEqual, hashSecret } from "./secrets.ts";

const BOOTSTRAP_ADMIN = "bootstrap-admin";

const EXECUTOR_CALLBACK = /^\/v1\/operations\/[^/]+\/events$/;

/**
 * Resolves the bearer token into a principal; 401 when missing or unknown. Executor
 * callbacks authenticate by signature instead.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === "POST" && EXECUTOR_CALLBACK.test(c.req.path)) {
    await verifyExecutorSignature(
      c.env.WEBHOOK_SECRET,
      await c.req.text(),
      c.req.header("x-regatta-signature"),
    );
    c.set("principal", { name: "executor", role: "viewer", fleets: [], scopes: [] });
    return next();
  }
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ProblemError(401, "missing bearer token (Authorization: Bearer <token>)");
  const principal = await resolve(c.env.DB, c.env.REGATTA_ADMIN_TOKEN, match[1]!);
  if (!principal) throw new ProblemError(401, "unknown or revoked token");
  c.set("principal", principal);
  await next();
});

async function resolve(
  d1: D1Database,
  bootstrapSecret: string | undefined,
  secret: string,
): Promise<Principal | undefined> {
  const hash = await hashSecret(secret);
  if (bootstrapSecret && digestsEqual(hash, await hashSecret(bootstrapSecret))) {
    return { name: BOOTSTRAP_ADMIN, role: "admin", fleets: [], scopes: [] };
  }
  const rows = await inventoryDb(d1)
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.secretHash, hash))
    .limit(1);
  const row = rows[0];
  return row && { name: row.name, role: row.role, fleets: row.fleets, scopes: row.scopes };
}

/** 403 unless the principal may perform `access` on `resource`. */
export function authorize(principal: Principal, access: Access, resource: Resource): void {
  if (!mayAccess(principal, access, resource)) {
    const what = resource.kind === "fleet" ? `fleet ${resource.fleet}` : resource.kind;
    throw new ProblemError(
      403,
      `${principal.role} token ${principal.name} may not ${access} ${what}`,
    );
  }
}
