import { type AuditWrite, auditStatement, correctAudit, recordAudit } from "@regatta/inventory";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { fleetsJudged } from "../auth/middleware.ts";
import { type Principal, tokenId } from "../auth/principal.ts";

/** The header carrying the id every /v1 answer gets and its audit entry records. */
export const REQUEST_ID_HEADER = "x-request-id";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * SEC-11: every write the API answers, and every request it refuses with 401 or 403 (a
 * read included), leaves one audit entry: who (the token's public id, name and role),
 * the request id it answered with, the method and path, the fleets it was authorized
 * against, the status and the wall-clock instant. Mounted before the executor callback
 * and `authenticate`, so signed callbacks and unauthenticated refusals are recorded too.
 *
 * The entry is written before the answer leaves, not in `waitUntil`: a client that heard
 * the answer can read the entry at once, and no entry is lost with an isolate that ends
 * early. It is written after the handler ran, or with the change itself when the route
 * asked for it (`RequestAudit.withChange`); then it is only corrected here when the
 * answer is not the one it said. The change itself is already applied, so a failed
 * insert is logged and the client still hears the real answer. The id is always the
 * server's own, never one a client sent: an entry cannot be made to claim another
 * request's id.
 */
export const auditTrail = createMiddleware<AppEnv>(async (c, next) => {
  const requestId = crypto.randomUUID();
  let committed: AuditWrite | undefined;
  c.set("audit", {
    requestId,
    withChange: (status) => {
      committed = entryOf(c, requestId, status, false);
      return auditStatement(c.var.inventory, committed);
    },
  });
  await next();
  // A WebSocket upgrade's answer carries the socket, and is a read: nothing to add.
  if (c.res.status === 101) return;
  // Answers relayed from a Durable Object have immutable headers: copy before setting.
  const res = new Response(c.res.body, c.res);
  res.headers.set(REQUEST_ID_HEADER, requestId);
  c.res = undefined;
  c.res = res;
  const status = res.status;
  if (READS.has(c.req.method) && status !== 401 && status !== 403) return;
  const entry = entryOf(c, requestId, status, res.headers.get("idempotent-replayed") === "true");
  try {
    if (committed === undefined) await recordAudit(c.var.inventory, entry);
    else if (!sameEntry(committed, entry)) {
      await correctAudit(c.var.inventory, { ...entry, at: committed.at });
    }
  } catch (error) {
    console.error("SEC-11: could not record the audit entry of request", requestId, error);
  }
});

function entryOf(
  c: Context<AppEnv>,
  requestId: string,
  status: number,
  replayed: boolean,
): AuditWrite {
  // Unset before `authenticate` ran or when it refused: the request named no valid token.
  const principal: Principal | undefined = c.var.principal;
  return {
    at: Date.now(),
    requestId,
    actorTokenId: principal === undefined ? null : (tokenId(principal) ?? null),
    actorName: principal?.name ?? null,
    // Signed executor callbacks act as viewers but hold no token role.
    actorRole: principal?.identity === undefined ? null : principal.role,
    method: c.req.method,
    resource: c.req.path,
    fleets: principal === undefined ? [] : fleetsJudged(principal),
    status,
    replayed,
  };
}

/** Does the entry committed with the change say what the answer says? */
function sameEntry(committed: AuditWrite, answered: AuditWrite): boolean {
  return (
    committed.status === answered.status &&
    committed.replayed === answered.replayed &&
    JSON.stringify(committed.fleets) === JSON.stringify(answered.fleets)
  );
}
