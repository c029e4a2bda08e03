/**
 * Subscription secrets at rest (docs/security.md). A secret must stay usable (it is the
 * HMAC key of every delivery), so it cannot be hashed like a token: it is sealed with
 * AES-256-GCM under a key derived (HKDF-SHA-256) from the deployment's NOTIFICATIONS_KEY,
 * a Worker secret that never reaches D1. The subscription's name is the additional data,
 * so a sealed secret copied onto another subscription does not open. A database dump
 * alone reveals no secret. NOTIFICATIONS_KEY is a key ring (SEC-9, `newest older…`):
 * secrets are sealed with the newest key and opened with whichever key sealed them, and
 * a delivery re-seals what an older key sealed, so an old key can leave the ring once
 * every subscription has delivered (or been written) since it was rotated.
 */

import { keyRing } from "../../secret-strength.ts";

/** The format of a sealed secret: version, then base64 of IV ‖ ciphertext ‖ tag. */
const VERSION = "v1";
const IV_BYTES = 12;

async function sealingKey(master: string): Promise<CryptoKey> {
  const raw = await crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(master),
    "HKDF",
    false,
    ["deriveKey"],
  );
  return crypto.subtle.deriveKey(
    {
      name: "HKDF",
      hash: "SHA-256",
      salt: new TextEncoder().encode("regatta"),
      info: new TextEncoder().encode("notification-secrets/v1"),
    },
    raw,
    { name: "AES-GCM", length: 256 },
    false,
    ["encrypt", "decrypt"],
  );
}

/**
 * Seals `secret` for the subscription `name` under the newest key of the ring `keys`.
 *
 * @example const box = await sealSecret(env.NOTIFICATIONS_KEY, "ops-chat", "s3cret-of-16+chars")
 */
export async function sealSecret(keys: string, name: string, secret: string): Promise<string> {
  const [newest] = keyRing(keys);
  if (newest === undefined) throw new Error("NOTIFICATIONS_KEY holds no key");
  return sealWith(newest, name, secret);
}

async function sealWith(master: string, name: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(name) },
    await sealingKey(master),
    new TextEncoder().encode(secret),
  );
  const bytes = new Uint8Array(IV_BYTES + sealed.byteLength);
  bytes.set(iv);
  bytes.set(new Uint8Array(sealed), IV_BYTES);
  return `${VERSION}.${toBase64(bytes)}`;
}

/**
 * Opens what {@link sealSecret} sealed for `name` with any key of the ring `keys`; throws
 * when none opens it (or the name differs). `resealed` is the same secret sealed under the
 * newest key when an older one opened it: the caller stores it to finish the rotation.
 */
export async function openSecret(
  keys: string,
  name: string,
  box: string,
): Promise<{ secret: string; resealed?: string }> {
  const ring = keyRing(keys);
  for (const [i, key] of ring.entries()) {
    let secret: string;
    try {
      secret = await openWith(key, name, box);
    } catch {
      continue;
    }
    return i === 0 ? { secret } : { secret, resealed: await sealWith(ring[0]!, name, secret) };
  }
  throw new Error("no key of NOTIFICATIONS_KEY opens this secret");
}

async function openWith(master: string, name: string, box: string): Promise<string> {
  const [version, body] = box.split(".");
  if (version !== VERSION || body === undefined) throw new Error("unknown sealed-secret format");
  const bytes = fromBase64(body);
  const plain = await crypto.subtle.decrypt(
    {
      name: "AES-GCM",
      iv: bytes.slice(0, IV_BYTES),
      additionalData: new TextEncoder().encode(name),
    },
    await sealingKey(master),
    bytes.slice(IV_BYTES),
  );
  return new TextDecoder().decode(plain);
}

// Uint8Array.prototype.toBase64 is not in Node 22 yet; btoa/atob are in both runtimes.
function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
}
