/**
 * The HMAC scheme both directions of the webhook protocol use (API.md "Executors"):
 * command batches from the control plane to an executor, and the executor's callbacks.
 */

/** Unix seconds at signing; bounds replays. */
export const TIMESTAMP_HEADER = "x-regatta-timestamp";
/** `sha256=<hex>` over the timestamp, method, path and body. */
export const SIGNATURE_HEADER = "x-regatta-signature";

/** The largest distance between a signed timestamp and the receiver's wall clock. */
export const SIGNATURE_WINDOW_MS = 5 * 60_000;

/**
 * What a signature covers: the Unix-seconds timestamp sent in `X-Regatta-Timestamp`, the
 * method, the path and the raw body. The timestamp bounds replays; the method and path
 * stop a signed body from being sent elsewhere.
 */
export interface SignedMessage {
  timestamp: number;
  method: string;
  path: string;
  body: string;
}

function signedText(message: SignedMessage): string {
  return `${message.timestamp}.${message.method.toUpperCase()} ${message.path}.${message.body}`;
}

/**
 * `sha256=hex(HMAC-SHA256(secret, ts + "." + METHOD + " " + path + "." + body))`.
 *
 * @example await sign(secret, { timestamp: 1767225600, method: "POST", path: "/commands", body })
 */
export async function sign(secret: string, message: SignedMessage): Promise<string> {
  return `sha256=${toHex(await hmacSha256(secret, signedText(message)))}`;
}

/** HMAC-SHA256 of `text` under `secret`: the one MAC every Regatta signature is made of. */
export async function hmacSha256(secret: string, text: string): Promise<Uint8Array> {
  const mac = await crypto.subtle.sign(
    "HMAC",
    await hmacKey(secret),
    new TextEncoder().encode(text),
  );
  return new Uint8Array(mac);
}

/**
 * Checks a signature header in constant time (WebCrypto's verify); false when it is
 * absent or malformed.
 *
 * @example await verify(secret, message, request.headers.get(SIGNATURE_HEADER) ?? undefined)
 */
export async function verify(
  secret: string,
  message: SignedMessage,
  header: string | undefined,
): Promise<boolean> {
  const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? "");
  if (!match) return false;
  const digest = match[1]!;
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) bytes[i] = Number.parseInt(digest.slice(i * 2, i * 2 + 2), 16);
  const key = await hmacKey(secret);
  return crypto.subtle.verify("HMAC", key, bytes, new TextEncoder().encode(signedText(message)));
}

/**
 * The two headers of a request signed at `wallNowMs`: always the sender's wall clock
 * (never a simulated one), since the receiver compares it with its own.
 *
 * @example
 * const headers = await signatureHeaders(secret, { method: "POST", path, body }, Date.now());
 * await fetch(url, { method: "POST", headers: { ...headers, "content-type": "application/json" }, body });
 */
export async function signatureHeaders(
  secret: string,
  request: Omit<SignedMessage, "timestamp">,
  wallNowMs: number,
): Promise<Record<typeof TIMESTAMP_HEADER | typeof SIGNATURE_HEADER, string>> {
  const timestamp = Math.floor(wallNowMs / 1000);
  return {
    [TIMESTAMP_HEADER]: String(timestamp),
    [SIGNATURE_HEADER]: await sign(secret, { ...request, timestamp }),
  };
}

/** A signed request as received: what was signed, and the two headers as sent. */
export interface SignedRequest {
  method: string;
  path: string;
  body: string;
  timestamp: string | undefined;
  signature: string | undefined;
}

/** Why a receiver refuses a request (always a 401 on the wire). */
export interface SignatureRefusal {
  reason: "unsigned" | "stale";
  detail: string;
}

/** The detail of a request whose signature is missing, malformed or wrong. */
export const BAD_SIGNATURE = "missing or bad X-Regatta-Signature";

/**
 * The receiver's whole check, in this order: a timestamp of Unix seconds, no more than
 * {@link SIGNATURE_WINDOW_MS} from `wallNowMs` (past or future), and a signature that
 * verifies. Undefined when the request may be taken; a replay inside the window passes
 * here and is recognised by the receiver's own deduplication.
 *
 * @example
 * const refusal = await checkSignature(secret, { method, path, body, timestamp, signature }, Date.now());
 * if (refusal) return problem(401, refusal.detail);
 */
export async function checkSignature(
  secret: string,
  request: SignedRequest,
  wallNowMs: number,
): Promise<SignatureRefusal | undefined> {
  const timestamp = /^\d{1,12}$/.test(request.timestamp ?? "") ? Number(request.timestamp) : NaN;
  if (Number.isNaN(timestamp)) return { reason: "unsigned", detail: BAD_SIGNATURE };
  if (Math.abs(wallNowMs - timestamp * 1000) > SIGNATURE_WINDOW_MS) {
    return {
      reason: "stale",
      detail: `X-Regatta-Timestamp ${timestamp} is more than 5 minutes from the receiver's clock`,
    };
  }
  const message = { timestamp, method: request.method, path: request.path, body: request.body };
  if (!(await verify(secret, message, request.signature))) {
    return { reason: "unsigned", detail: BAD_SIGNATURE };
  }
  return undefined;
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

// The wire format is lower-case hex; Uint8Array.prototype.toHex is not in Node 22 yet.
export function toHex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}
