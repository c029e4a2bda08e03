/**
 * UTF-8 + base64url (RFC 4648 §5, no padding) over the platform's `btoa`, `atob`,
 * `TextEncoder` and `TextDecoder`, which Node and workerd both provide.
 * (`Uint8Array.prototype.toBase64` would say it directly, but Node 22 lacks it.)
 *
 * @example encodeBase64Url("prod-eu") // "cHJvZC1ldQ"
 */
export function encodeBase64Url(text: string): string {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** Inverse of `encodeBase64Url`; undefined when `text` is not base64url of valid UTF-8. */
export function decodeBase64Url(text: string): string | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length % 4 === 1) return undefined;
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  try {
    // ignoreBOM: a key may start with U+FEFF, which the decoder would otherwise drop.
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
