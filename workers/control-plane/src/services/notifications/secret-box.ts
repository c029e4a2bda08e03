/**
 * Subscription secrets at rest (docs/security.md). A secret must stay usable (it is the
 * HMAC key of every delivery), so it cannot be hashed like a token: it is sealed with
 * AES-256-GCM under a key derived (HKDF-SHA-256) from the deployment's NOTIFICATIONS_KEY,
 * a Worker secret that never reaches D1. The subscription's name is the additional data,
 * so a sealed secret copied onto another subscription does not open. A database dump
 * alone reveals no secret; rotating NOTIFICATIONS_KEY means writing the subscriptions again.
 */

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
 * Seals `secret` for the subscription `name`.
 *
 * @example const box = await sealSecret(env.NOTIFICATIONS_KEY, "ops-chat", "s3cret-of-16+chars")
 */
export async function sealSecret(master: string, name: string, secret: string): Promise<string> {
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

/** Opens what {@link sealSecret} sealed for `name`; throws when the key or name differ. */
export async function openSecret(master: string, name: string, box: string): Promise<string> {
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
