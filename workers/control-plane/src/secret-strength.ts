/**
 * SEC-9: the deployment's own secrets — the admin token, the executor's HMAC key and the
 * notification sealing keys — guard every fleet at once, so each must be at least as
 * strong as 32 random bytes. What can be judged from the text alone is a floor: 43
 * characters (32 bytes in base64url, the shortest common encoding) and no long runs of a
 * few characters. It cannot prove randomness; docs/security.md says how to make one.
 */
export const MIN_SECRET_CHARS = 43;
/** 32 random bytes in hex or base64 use far more; "aaaa…" or "abab…" use fewer. */
const MIN_DISTINCT_CHARS = 10;

/** Why `value` is too weak to be the deployment's secret `name`, if it is. */
export function weakSecret(name: string, value: string): string | undefined {
  if (value.length < MIN_SECRET_CHARS) {
    return `${name} is ${value.length} characters; a deployment secret needs at least ${MIN_SECRET_CHARS} (32 random bytes, e.g. openssl rand -base64 32)`;
  }
  if (new Set(value).size < MIN_DISTINCT_CHARS) {
    return `${name} repeats too few characters to be random; make one with openssl rand -base64 32`;
  }
  return undefined;
}

/**
 * The sealing keys of a key ring written `newest old older…` (spaces or commas): seal with
 * the first, open with any, so a key can rotate without losing what the old one sealed.
 */
export function keyRing(value: string): string[] {
  return value.split(/[\s,]+/).filter((key) => key.length > 0);
}
