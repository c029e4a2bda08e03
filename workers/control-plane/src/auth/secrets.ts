/** Token secrets: random, shown once, stored only as a SHA-256 hash. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return `rgt_${base64url(bytes)}`;
}

export async function hashSecret(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(secret));
  return hex(new Uint8Array(digest));
}

/**
 * A token's identity for keys that must follow the token, not its name (idempotency):
 * a hash of its stored secret hash, so the stored value cannot stand in for either.
 */
export function tokenIdentity(secretHash: string): Promise<string> {
  return hashSecret(`token-identity:${secretHash}`);
}

/**
 * Compares two hex digests in constant time (workerd's `crypto.subtle.timingSafeEqual`,
 * which refuses inputs of different lengths, so those are unequal up front).
 */
export function digestsEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  const encoder = new TextEncoder();
  return crypto.subtle.timingSafeEqual(encoder.encode(a), encoder.encode(b));
}

export function hex(bytes: Uint8Array): string {
  let out = "";
  for (const byte of bytes) out += byte.toString(16).padStart(2, "0");
  return out;
}

export function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replaceAll("=", "");
}
