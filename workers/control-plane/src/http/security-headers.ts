import type { MiddlewareHandler } from "hono";

/**
 * What the worker's own answers may do in a browser: an API answer is data, never a page,
 * so it may load nothing and be framed by nothing. The dashboard's files get the same
 * rules from `public/_headers` (static assets never pass through the worker).
 */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const FIXED: ReadonlyArray<readonly [string, string]> = [
  ["x-content-type-options", "nosniff"],
  ["referrer-policy", "no-referrer"],
  ["x-frame-options", "DENY"],
];

/**
 * Sets the browser-facing headers on every answer of the worker. A route that serves a
 * page (the API's /docs) sets its own Content-Security-Policy, which is kept.
 */
export const securityHeaders: MiddlewareHandler = async (c, next) => {
  await next();
  // A WebSocket upgrade's answer carries the socket: copying it would drop the socket.
  if (c.res.status === 101) return;
  // Answers relayed from a Durable Object have immutable headers: copy before setting.
  const res = new Response(c.res.body, c.res);
  for (const [name, value] of FIXED) res.headers.set(name, value);
  if (!res.headers.has("content-security-policy")) {
    res.headers.set("content-security-policy", API_CONTENT_SECURITY_POLICY);
  }
  // Cleared first: Hono's setter would otherwise copy the old answer's headers over again.
  c.res = undefined;
  c.res = res;
};
