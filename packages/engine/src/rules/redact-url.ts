/** What stands in for the parts of a URL a reader may not see. */
export const REDACTED = "REDACTED";

/**
 * SEC-10: a URL as shown to someone who may not write it: scheme, host and path, with any
 * userinfo, query or fragment replaced by {@link REDACTED}, since URLs a user configures
 * often carry a credential there. Text that does not read as `scheme://…` is replaced
 * whole, rather than shown in case it holds one.
 *
 * @example redactUrl("https://u:p@hooks.example.com/x?token=s") // "https://REDACTED@hooks.example.com/x?REDACTED"
 */
export function redactUrl(url: string): string {
  const parts = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#]*)([^?#]*)(\?[^#]*)?(#.*)?$/.exec(url);
  if (parts === null) return REDACTED;
  const [, scheme, authority = "", path = "", query, fragment] = parts;
  const at = authority.lastIndexOf("@");
  const host = at < 0 ? authority : `${REDACTED}@${authority.slice(at + 1)}`;
  const rest = `${query === undefined ? "" : `?${REDACTED}`}${fragment === undefined ? "" : `#${REDACTED}`}`;
  return `${scheme}${host}${path}${rest}`;
}
