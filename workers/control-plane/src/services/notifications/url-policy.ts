/**
 * Where a subscription may point (docs/security.md). Deliveries leave from the control
 * plane, so a subscription must not turn it into a way to reach addresses that are not
 * public: https only, and no host that names a loopback, private, link-local or
 * otherwise internal address. Loopback (http or https) is allowed only when the
 * deployment says it runs for local development (NOTIFICATIONS_ALLOW_LOOPBACK=on, set by
 * `npm start` and the tests). Names are judged as written; Workers' outbound fetch does
 * not reach private networks whatever a name resolves to.
 */

/** What the policy needs to know about the deployment. */
export interface UrlPolicy {
  allowLoopback: boolean;
}

/** Whether the deployment is set up for local development (loopback subscribers). */
export function urlPolicy(env: { NOTIFICATIONS_ALLOW_LOOPBACK?: string }): UrlPolicy {
  return { allowLoopback: env.NOTIFICATIONS_ALLOW_LOOPBACK === "on" };
}

/**
 * Why `text` may not be a subscriber URL, or undefined when it may.
 *
 * @example urlRefusal("http://hooks.example.com/x", { allowLoopback: false }) // "… must use https …"
 */
export function urlRefusal(text: string, policy: UrlPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `url ${JSON.stringify(text)} is not an absolute URL`;
  }
  if (url.username !== "" || url.password !== "") {
    return "url must not carry credentials; the signature authenticates deliveries";
  }
  const host = url.hostname.toLowerCase();
  if (isLoopback(host)) {
    if (!policy.allowLoopback) {
      return `url ${url.origin} is a loopback address, allowed only in local development (NOTIFICATIONS_ALLOW_LOOPBACK=on)`;
    }
    return url.protocol === "https:" || url.protocol === "http:"
      ? undefined
      : `url must use https (or http on loopback), got ${url.protocol}`;
  }
  if (url.protocol !== "https:") return `url must use https, got ${url.protocol.slice(0, -1)}`;
  const internal = internalHost(host);
  if (internal !== undefined) return `url host ${host} is ${internal}; subscribers must be public`;
  return undefined;
}

function isLoopback(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost") || host === "[::1]") return true;
  const v4 = ipv4(host);
  return v4 !== undefined && v4[0] === 127;
}

/** Why a host is not public, if it is not. */
function internalHost(host: string): string | undefined {
  if (host.endsWith(".local") || host.endsWith(".internal") || !host.includes(".")) {
    if (!host.startsWith("[")) return "not a public DNS name";
  }
  const v4 = ipv4(host);
  if (v4 !== undefined) return privateV4(v4);
  if (host.startsWith("[")) return privateV6(host.slice(1, -1));
  return undefined;
}

function ipv4(host: string): number[] | undefined {
  const parts = host.split(".");
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return undefined;
  const bytes = parts.map(Number);
  return bytes.every((b) => b <= 255) ? bytes : undefined;
}

function privateV4([a, b]: number[]): string | undefined {
  if (a === 0) return "an unspecified address";
  if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168)) {
    return "a private address";
  }
  if (a === 100 && b! >= 64 && b! <= 127) return "a shared (carrier-grade NAT) address";
  if (a === 169 && b === 254) return "a link-local address";
  if (a! >= 224) return "a multicast or reserved address";
  return undefined;
}

function privateV6(address: string): string | undefined {
  const first = address.split(":")[0] ?? "";
  if (address === "::") return "an unspecified address";
  if (address.startsWith("::ffff:")) return "an IPv4-mapped address";
  const word = Number.parseInt(first || "0", 16);
  if ((word & 0xfe00) === 0xfc00) return "a unique-local (private) address";
  if ((word & 0xffc0) === 0xfe80) return "a link-local address";
  if ((word & 0xff00) === 0xff00) return "a multicast address";
  return undefined;
}
