import { hex } from "../auth/secrets.ts";
import { ProblemError } from "../http/problem.ts";

/**
 * HMAC-SHA256 of the raw body, sent as `X-Regatta-Signature: sha256=<hex>` on commands
 * to a webhook executor and expected on its callbacks (API.md "Executors").
 */
export async function sign(secret: string, body: string): Promise<string> {
  const key = await hmacKey(secret);
  const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
  return `sha256=${hex(new Uint8Array(mac))}`;
}

/** Constant-time check of a callback's signature; false when absent or malformed. */
export async function verify(
  secret: string,
  body: string,
  header: string | undefined,
): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const key = await hmacKey(secret);
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(match[1]!.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.verify("HMAC", key, bytes, new TextEncoder().encode(body));
}

function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign", "verify"],
  );
}

/**
 * Executor callbacks carry no bearer token: they prove themselves with the shared HMAC
 * secret over the raw body (API.md "Executors"). Unsigned or badly signed → 401.
 */
export async function verifyExecutorSignature(
  secret: string | undefined,
  body: string,
  header: string | undefined,
): Promise<void> {
  if (!secret) throw new ProblemError(401, "executor callbacks need WEBHOOK_SECRET configured");
  if (!(await verify(secret, body, header))) {
    throw new ProblemError(401, "missing or bad X-Regatta-Signature");
  }
}
