import {
  completeIdempotencyKey,
  getIdempotentResponse,
  type IdempotencyRow,
  type Inventory,
  isPendingIdempotency,
  releaseIdempotencyKey,
  reserveIdempotencyKey,
  takeOverIdempotencyKey,
} from "@regatta/inventory";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { hashSecret } from "../auth/secrets.ts";
import { ProblemError } from "./problem.ts";

const MAX_KEY_LENGTH = 255;

/**
 * A reservation older than this belongs to a request that died without answering (a
 * worker is stopped long before): the next request with the key takes it over.
 */
export const STALE_RESERVATION_MS = 60_000;

/**
 * `Idempotency-Key` on POST (API.md). Keys belong to the token's identity, not its name,
 * so a token re-created under a revoked token's name never sees its answers, and the
 * same token is authorized as it was the first time.
 *
 * The key is reserved before the request runs, so two concurrent requests with one key
 * never both run: the loser hears 409 "still in progress". The answer then fills the
 * reservation; the same key and body replays it, another body is a 422. A server error
 * releases the reservation, so a retry after a 5xx really retries. An answer marked
 * `Cache-Control: no-store` carries a secret (a new token): it is never stored, and its
 * replay is a 409 saying so.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (c.req.method !== "POST" || key === undefined) return next();
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new ProblemError(400, `Idempotency-Key must be 1..${MAX_KEY_LENGTH} characters`);
  }
  const principal = c.get("principal").identity;
  // Only bearer tokens have an identity to key on; nothing else reaches this middleware.
  if (principal === undefined) return next();
  const db = c.var.inventory;
  const request = {
    key,
    principal,
    method: c.req.method,
    path: c.req.path,
    bodyHash: await hashSecret(`${c.req.method} ${c.req.path}\n${await c.req.text()}`),
  };
  const owner = crypto.randomUUID();
  if (!(await reserveIdempotencyKey(db, request, owner, Date.now()))) {
    const previous = await getIdempotentResponse(db, key, principal);
    if (previous && !isPendingIdempotency(previous)) return replay(previous, request.bodyHash);
    if (!previous || !(await takeOverIfStale(db, previous, request.bodyHash, owner))) {
      throw new ProblemError(
        409,
        `a request with Idempotency-Key ${key} is still in progress; retry after it answered`,
      );
    }
  }
  try {
    await next();
  } catch (error) {
    await releaseIdempotencyKey(db, key, principal, owner);
    throw error;
  }
  if (c.res.status >= 500) {
    await releaseIdempotencyKey(db, key, principal, owner);
    return;
  }
  const answer = await storedAnswer(c, key);
  try {
    await completeIdempotencyKey(db, key, principal, owner, answer);
  } catch (error) {
    // The change is applied: the client hears the real answer, not "not applied". The
    // reservation turns stale and a later retry runs again, which PUT/POST semantics bear.
    console.error("could not remember the answer for Idempotency-Key", key, error);
  }
});

/** The remembered answer, or 422 when the key came with another request. */
function replay(previous: IdempotencyRow, bodyHash: string): Response {
  if (previous.bodyHash !== bodyHash) throw differentRequest(previous.key);
  return new Response(previous.body, {
    status: previous.status,
    headers: {
      "content-type": previous.status >= 400 ? "application/problem+json" : "application/json",
      "idempotent-replayed": "true",
    },
  });
}

/** Takes over a reservation whose request died (same request only); false while it runs. */
async function takeOverIfStale(
  db: Inventory,
  previous: IdempotencyRow,
  bodyHash: string,
  owner: string,
): Promise<boolean> {
  if (previous.bodyHash !== bodyHash) throw differentRequest(previous.key);
  const now = Date.now();
  return takeOverIdempotencyKey(db, previous.key, previous.principal, {
    staleOwner: previous.body,
    staleBefore: now - STALE_RESERVATION_MS,
    owner,
    now,
  });
}

/** What a replay answers: the answer itself, unless it carries a secret. */
async function storedAnswer(
  c: Context<AppEnv>,
  key: string,
): Promise<{ status: number; body: string }> {
  const noStore = /\bno-store\b/i.test(c.res.headers.get("cache-control") ?? "");
  if (!noStore) return { status: c.res.status, body: await c.res.clone().text() };
  const withheld = new ProblemError(
    409,
    `the request with Idempotency-Key ${key} succeeded (${c.res.status}), but its answer held a secret, which is shown once and never stored; for a token: revoke it (DELETE /v1/tokens/{name}) and create it again`,
  );
  return { status: withheld.status, body: JSON.stringify(withheld.toProblem()) };
}

function differentRequest(key: string): ProblemError {
  return new ProblemError(422, `Idempotency-Key ${key} was already used with a different request`);
}
