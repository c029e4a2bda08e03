import { getIdempotentResponse, saveIdempotentResponse } from "@regatta/inventory";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app.ts";
import { hashSecret } from "../auth/secrets.ts";
import { ProblemError } from "./problem.ts";

const MAX_KEY_LENGTH = 255;

/**
 * `Idempotency-Key` on POST (API.md): the first response for a key is stored; the
 * same key and body replays it, the same key with another body is a 422. Keys are
 * per principal so two callers cannot collide. Server errors are not remembered, so a
 * retry after a 5xx really retries.
 */
export const idempotency = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header("idempotency-key");
  if (c.req.method !== "POST" || key === undefined) return next();
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
    throw new ProblemError(400, `Idempotency-Key must be 1..${MAX_KEY_LENGTH} characters`);
  }
  const principal = c.get("principal").name;
  const bodyHash = await hashSecret(`${c.req.method} ${c.req.path}\n${await c.req.text()}`);
  const inventory = c.var.inventory;
  const previous = await getIdempotentResponse(inventory, key, principal);
  if (previous) {
    if (previous.bodyHash !== bodyHash) {
      throw new ProblemError(
        422,
        `Idempotency-Key ${key} was already used with a different request`,
      );
    }
    return new Response(previous.body, {
      status: previous.status,
      headers: {
        "content-type": previous.status >= 400 ? "application/problem+json" : "application/json",
        "idempotent-replayed": "true",
      },
    });
  }
  await next();
  if (c.res.status >= 500) return;
  const body = await c.res.clone().text();
  const entry = { key, principal, method: c.req.method, path: c.req.path, bodyHash };
  await saveIdempotentResponse(inventory, { ...entry, status: c.res.status, body }, Date.now());
});
