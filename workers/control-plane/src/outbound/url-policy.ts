import type { RuleId } from "@regatta/engine";
import ipaddr from "ipaddr.js";

/**
 * SEC-1: where the control plane may send a request a user configured (a notification
 * subscriber, an update run's health gate). Such a URL must not turn the control plane
 * into a way to reach addresses that are not public, so a URL is canonicalised first
 * (the WHATWG parser: lower case, punycode, IPv4 in any spelling written as a.b.c.d) and
 * then judged: https only, port 443 unless the operator widens it, no IP address in any
 * IANA special-purpose range, no special-use or internal name, and, when the operator
 * lists hosts, only those. It is judged when written and again before every call, so a
 * narrowed policy applies to what is already stored. Workers' own
 * `global_fetch_strictly_public` (wrangler.toml) backs this at the network: a public
 * name that resolves to a private address is not reached either.
 */

/** What the policy needs to know about the deployment. */
export interface UrlPolicy {
  /** Local development: loopback URLs (http or https, any port) are allowed. */
  allowLoopback: boolean;
  /** Ports a URL may name; 443 unless `REGATTA_OUTBOUND_PORTS` says otherwise. */
  ports: ReadonlySet<number>;
  /** When set, the only hosts allowed: exact names, or `*.suffix` for names under it. */
  hosts?: readonly string[];
}

/**
 * The deployment variables the policy is read from (docs/security.md). Every one is
 * required, so a caller that forgets to pass one is a compile error, not a wider policy.
 */
export interface UrlPolicyVars {
  NOTIFICATIONS_ALLOW_LOOPBACK: string | undefined;
  REGATTA_OUTBOUND_PORTS: string | undefined;
  REGATTA_OUTBOUND_HOSTS: string | undefined;
}

const HTTPS_PORT = 443;

/**
 * The deployment's policy. Entries that do not read as a port or a host are dropped, so a
 * typo narrows the policy rather than widening it.
 *
 * @example urlPolicy({ ...env, REGATTA_OUTBOUND_PORTS: "443,8443" }).ports // Set {443, 8443}
 */
export function urlPolicy(env: UrlPolicyVars): UrlPolicy {
  const portList = listOf(env.REGATTA_OUTBOUND_PORTS)
    .map(Number)
    .filter((p) => Number.isInteger(p) && p > 0 && p < 65_536);
  const hostList = listOf(env.REGATTA_OUTBOUND_HOSTS).flatMap((entry) => {
    const wildcard = entry.startsWith("*.");
    const name = canonicalName(wildcard ? entry.slice(2) : entry);
    return name === undefined ? [] : [wildcard ? `*.${name}` : name];
  });
  const policy: UrlPolicy = {
    allowLoopback: env.NOTIFICATIONS_ALLOW_LOOPBACK === "on",
    ports: new Set(portList.length > 0 ? portList : [HTTPS_PORT]),
  };
  // A list that is set but holds no usable entry allows nothing, never everything.
  if ((env.REGATTA_OUTBOUND_HOSTS ?? "").trim() !== "") policy.hosts = hostList;
  return policy;
}

function listOf(text: string | undefined): string[] {
  return (text ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
}

/** A host name as the URL parser writes it, without its trailing dot; undefined if none. */
function canonicalName(text: string): string | undefined {
  try {
    return withoutTrailingDot(new URL(`https://${text}/`).hostname);
  } catch {
    return undefined;
  }
}

function withoutTrailingDot(host: string): string {
  return host.replace(/\.+$/, "");
}

/** The rule every refusal of this policy cites. */
export const URL_RULE = "SEC-1" satisfies RuleId;

/**
 * Why `text` may not be called from the control plane, or undefined when it may. Callers
 * lead the reason with {@link URL_RULE}.
 *
 * @example urlRefusal("https://10.0.0.1/x", urlPolicy(env)) // "url host 10.0.0.1 is a special-purpose IPv4 address (private); …"
 */
export function urlRefusal(text: string, policy: UrlPolicy): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `url ${JSON.stringify(text)} is not an absolute URL`;
  }
  if (url.username !== "" || url.password !== "") {
    return "url must not carry credentials in its authority; the signature authenticates deliveries";
  }
  const host = withoutTrailingDot(url.hostname);
  if (isLoopback(host)) {
    if (!policy.allowLoopback) {
      return `url host ${host} is a loopback address, allowed only in local development (NOTIFICATIONS_ALLOW_LOOPBACK=on)`;
    }
    return url.protocol === "https:" || url.protocol === "http:"
      ? undefined
      : `url must use https (or http on loopback), got ${url.protocol.slice(0, -1)}`;
  }
  if (url.protocol !== "https:") return `url must use https, got ${url.protocol.slice(0, -1)}`;
  const port = url.port === "" ? HTTPS_PORT : Number(url.port);
  if (!policy.ports.has(port)) {
    return `url port ${port} is not allowed (allowed: ${[...policy.ports].join(", ")}; REGATTA_OUTBOUND_PORTS)`;
  }
  const internal = internalHost(host);
  if (internal !== undefined) return `url host ${host} is ${internal}; targets must be public`;
  if (policy.hosts !== undefined && !policy.hosts.some((pattern) => hostMatches(host, pattern))) {
    return `url host ${host} is not in the deployment's allowed hosts (REGATTA_OUTBOUND_HOSTS)`;
  }
  return undefined;
}

function hostMatches(host: string, pattern: string): boolean {
  return pattern.startsWith("*.") ? host.endsWith(pattern.slice(1)) : host === pattern;
}

function isLoopback(host: string): boolean {
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  const address = ipLiteral(host);
  return address !== undefined && address.range() === "loopback";
}

function ipLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  const bare = host.startsWith("[") ? host.slice(1, -1) : host;
  // The URL parser has already turned decimal, octal, hex and short IPv4 into a.b.c.d.
  if (
    host.startsWith("[") ? !ipaddr.IPv6.isValid(bare) : !ipaddr.IPv4.isValidFourPartDecimal(bare)
  ) {
    return undefined;
  }
  return ipaddr.parse(bare);
}

/**
 * Names that never lead to a public target: the IANA special-use domain names that are
 * not resolvable or not global (RFC 6761, 6762, 7686, 8375, 9476; `example.*` is left
 * out: it resolves publicly), and the suffixes private networks and clusters use by
 * convention (RFC 6762 appendix G, Kubernetes' cluster domain).
 */
const INTERNAL_SUFFIXES = [
  "localhost",
  "local",
  "invalid",
  "test",
  "onion",
  "alt",
  "home.arpa",
  "in-addr.arpa",
  "ip6.arpa",
  "internal",
  "intranet",
  "private",
  "corp",
  "home",
  "lan",
  "localdomain",
  "svc",
  "cluster.local",
];

/** Why a host is not public, if it is not. */
function internalHost(host: string): string | undefined {
  const address = ipLiteral(host);
  if (address !== undefined) return specialAddress(address);
  if (host.startsWith("[")) return "not an IPv6 address";
  if (!host.includes(".")) return "a name with no dot (not a public DNS name)";
  const suffix = INTERNAL_SUFFIXES.find((s) => host === s || host.endsWith(`.${s}`));
  if (suffix !== undefined) return `under .${suffix} (a special-use or internal name)`;
  return undefined;
}

/**
 * Only global unicast is public: every IANA special-purpose range is refused, and for
 * IPv6 anything outside 2000::/3, which takes in the IPv4-compatible (::/96), mapped
 * and translated forms. Tunnelled forms (6to4, Teredo, NAT64) are refused whole rather
 * than judged by the IPv4 inside them: a subscriber never needs one.
 */
function specialAddress(address: ipaddr.IPv4 | ipaddr.IPv6): string | undefined {
  const range = address.range();
  if (address.kind() === "ipv6") {
    const [first] = (address as ipaddr.IPv6).parts;
    const global = first !== undefined && first >= 0x2000 && first <= 0x3fff;
    if (range === "unicast" && global) return undefined;
    return `a special-purpose IPv6 address (${range === "unicast" ? "not global unicast" : range})`;
  }
  return range === "unicast" ? undefined : `a special-purpose IPv4 address (${range})`;
}
