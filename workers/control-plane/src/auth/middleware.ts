import { getApiTokenBySecretHash, type Inventory } from "@regatta/inventory";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { ProblemError } from "../http/problem.ts";
import {
  type Access,
  BOOTSTRAP_ADMIN,
  mayAccess,
  type Principal,
  type Resource,
} from "./principal.ts";
import { digestsEqual, hashSecret, tokenIdentity } from "./secrets.ts";

/**
 * Resolves the bearer token into a principal; 401 when missing or unknown. Executor
 * callbacks are not behind it: their route carries `executorSignature` instead.
 */
export const authenticate = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ProblemError(401, "missing bearer token (Authorization: Bearer <token>)");
  const principal = await resolve(c.var.inventory, c.env.REGATTA_ADMIN_TOKEN, match[1]!);
  if (!principal) throw new ProblemError(401, "unknown or revoked token");
  c.set("principal", principal);
  await next();
});

async function resolve(
  inventory: Inventory,
  bootstrapSecret: string | undefined,
  secret: string,
): Promise<Principal | undefined> {
  const hash = await hashSecret(secret);
  const identity = await tokenIdentity(hash);
  if (bootstrapSecret && digestsEqual(hash, await hashSecret(bootstrapSecret))) {
    return { name: BOOTSTRAP_ADMIN, identity, role: "admin", fleets: [], scopes: [] };
  }
  const row = await getApiTokenBySecretHash(inventory, hash);
  if (!row) return undefined;
  return { name: row.name, identity, role: row.role, fleets: row.fleets, scopes: row.scopes };
}

/**
 * 403 unless the principal may perform `access` on `resource`. The answer names the
 * target as the request did (`what`, e.g. "cluster prod-1") and the caller's own grants,
 * never facts about the resource the caller may not see (such as its fleet).
 * @example authorize(principal, "write", { kind: "fleet", fleet, scopes }, `cluster ${name}`)
 */
export function authorize(
  principal: Principal,
  access: Access,
  resource: Resource,
  what?: string,
): void {
  if (mayAccess(principal, access, resource)) return;
  const target = what ?? (resource.kind === "global" ? "global inventory" : "this resource");
  throw new ProblemError(
    403,
    `${principal.role} token ${principal.name} may not ${access} ${target}: ${refusalReason(principal, access, resource)}`,
  );
}

// How many of a token's grants a 403 lists before eliding the rest.
const GRANTS_SHOWN = 5;

function refusalReason(principal: Principal, access: Access, resource: Resource): string {
  if (resource.kind !== "fleet") return "admin tokens only";
  if (access === "write" && principal.role === "viewer") return "viewer tokens only read";
  return `outside its grants (fleets: ${listed(principal.fleets)}; team scopes: ${listed(principal.scopes)})`;
}

function listed(names: readonly string[]): string {
  if (names.length === 0) return "none";
  const shown = names.slice(0, GRANTS_SHOWN).join(", ");
  return names.length > GRANTS_SHOWN ? `${shown}, …` : shown;
}
