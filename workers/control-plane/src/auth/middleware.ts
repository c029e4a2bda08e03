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
  const secret =
    bearerHeader(c.req.header("authorization")) ?? bearerSubprotocol(c.req.raw, c.req.path);
  if (secret === undefined) {
    throw new ProblemError(401, "missing bearer token (Authorization: Bearer <token>)");
  }
  const principal = await resolve(c.var.inventory, c.env.REGATTA_ADMIN_TOKEN, secret);
  if (!principal) throw new ProblemError(401, "unknown or revoked token");
  c.set("principal", principal);
  await next();
});

function bearerHeader(header: string | undefined): string | undefined {
  return /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
}

/** The WebSocket subprotocol that carries a browser's token (routes/watch.ts). */
export const BEARER_SUBPROTOCOL = "regatta.bearer.";

/** The watch routes (routes/watch.ts), the only ones a subprotocol token opens. */
const WATCH_PATH =
  /^\/v1\/(?:fleets\/[^/]+(?:\/update-runs\/[^/]+)?|rollout-sequences\/[^/]+)\/watch$/;

/**
 * A browser's WebSocket cannot send headers, and a token in the query string would be
 * logged everywhere: on an upgrade only, the token may come as the subprotocol
 * `regatta.bearer.<base64url(token)>` (base64url, since a subprotocol is an HTTP token).
 * SEC-6: only on a watch route's upgrade; anywhere else it counts as no token, so a page
 * that can open a socket elsewhere (another route's upgrade) cannot act with it.
 */
function bearerSubprotocol(request: Request, path: string): string | undefined {
  if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") return undefined;
  if (!WATCH_PATH.test(path)) return undefined;
  const offered = (request.headers.get("sec-websocket-protocol") ?? "").split(",");
  const encoded = offered.map((p) => p.trim()).find((p) => p.startsWith(BEARER_SUBPROTOCOL));
  if (encoded === undefined) return undefined;
  try {
    // atob is forgiving about the padding base64url leaves out; only the alphabet differs.
    const text = encoded.slice(BEARER_SUBPROTOCOL.length).replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes) || undefined;
  } catch {
    return undefined;
  }
}

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
  if (resource.kind === "fleet") noteFleet(principal, resource.fleet);
  if (mayAccess(principal, access, resource)) return;
  const target = what ?? (resource.kind === "global" ? "global inventory" : "this resource");
  throw new ProblemError(
    403,
    `${principal.role} token ${principal.name} may not ${access} ${target}: ${refusalReason(principal, access, resource)}`,
  );
}

/**
 * SEC-11: the fleets each request's principal was judged against, allowed or refused, so
 * its audit entry names them (an operator reads its fleets' entries). Keyed by the
 * principal object, which `authenticate` makes anew for every request: the note lives and
 * dies with the request, and `authorize` keeps its signature at its sixty call sites.
 */
const judgedFleets = new WeakMap<Principal, Set<string>>();

function noteFleet(principal: Principal, fleet: string): void {
  const fleets = judgedFleets.get(principal) ?? new Set<string>();
  fleets.add(fleet);
  judgedFleets.set(principal, fleets);
}

/** The fleets `authorize` judged the principal against during its request, in order. */
export function fleetsJudged(principal: Principal): string[] {
  return [...(judgedFleets.get(principal) ?? [])];
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

/**
 * Throws 403 unless the principal has `access` to every one of `fleets`, naming `what` and
 * none of the fleets: a caller may learn that a stored object spans fleets it cannot
 * touch, not which (a rollout sequence it is replacing or deleting).
 */
export function authorizeFleets(
  principal: Principal,
  access: Access,
  fleets: readonly string[],
  what: string,
): void {
  for (const fleet of fleets) noteFleet(principal, fleet);
  if (fleets.every((fleet) => mayAccess(principal, access, { kind: "fleet", fleet }))) return;
  throw new ProblemError(
    403,
    `${principal.role} token ${principal.name} may not ${access} ${what}: it spans fleets this token may not ${access}`,
  );
}

/**
 * Throws 403 unless the principal may write one of `fleets` (a brake any stage's owner
 * may pull, SEQ-20), naming `what` and none of the fleets.
 */
export function authorizeAnyFleet(
  principal: Principal,
  fleets: readonly string[],
  what: string,
): void {
  for (const fleet of fleets) noteFleet(principal, fleet);
  if (fleets.some((fleet) => mayAccess(principal, "write", { kind: "fleet", fleet }))) return;
  throw new ProblemError(
    403,
    `${principal.role} token ${principal.name} may not write ${what}: it may write none of its fleets`,
  );
}
