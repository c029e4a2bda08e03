import { hex } from "../auth/secrets.ts";
import { ProblemError } from "../http/problem.ts";
import { EVENT_REPLAY_WINDOW_MS } from "../runtime/types.ts";

/**
 * What a signature covers (API.md "Executors"): the Unix-seconds timestamp sent in
 * `X-Regatta-Timestamp`, the method, the path and the raw body. The timestamp bounds
 * replays; the method and path stop a signed body from being sent elsewhere.
 */
export interface SignedMessage {
  timestamp: number;
  method: string;
  path: string;
  body: string;
}

/** The largest distance between a signed timestamp and the receiver's wall clock. */
export const SIGNATURE_SKEW_MS = EVENT_REPLAY_WINDOW_MS;

function signedText(message: SignedMessage): string {
  return `${message.timestamp}.${message.method.toUpperCase()} ${message.path}.${message.body}`;
}

/**
 * `sha256=hex(HMAC-SHA256(secret, ts + "." + METHOD + " " + path + "." + body))`, sent
 * in `X-Regatta-Signature` on commands to a webhook executor and expected on its callbacks.
 *
 * @example await sign(secret, { timestamp: 1767225600, method: "POST", path: "/hook", body })
 */
export async function sign(secret: string, message: SignedMessage): Promise<string> {
  const key = await hmacKey(secret);
  const text = new TextEncoder().encode(signedText(message));
  const mac = await crypto.subtle.sign("HMAC", key, text);
  return `sha256=${hex(new Uint8Array(mac))}`;
}

/** Constant-time check of a signature; false when absent or malformed. */
export async function verify(
  secret: string,
  message: SignedMessage,
  header: string | undefined,
): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const key = await hmacKey(secret);
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(match[1]!.slice(i * 2, i * 2 + 2), 16);
  return crypto.subtle.verify("HMAC", key, bytes, new TextEncoder().encode(signedText(message)));
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

/** An executor callback as received: what was signed, and the two headers. */
export interface SignedRequest {
  method: string;
  path: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
}

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
  const timestamp = /^\d{1,12}$/.test(request.timestamp ?? "") ? Number(request.timestamp) : NaN;
  if (Number.isNaN(timestamp)) {
    throw new ProblemError(401, "missing or bad X-Regatta-Signature");
  }
  if (Math.abs(wallNow - timestamp * 1000) > SIGNATURE_SKEW_MS) {
    throw new ProblemError(
      401,
      `X-Regatta-Timestamp ${timestamp} is more than 5 minutes from the receiver's clock`,
    );
  }
  const message = { timestamp, method: request.method, path: request.path, body: request.body };
  if (!(await verify(secret, message, request.signature))) {
    throw new ProblemError(401, "missing or bad X-Regatta-Signature");
  }
}
