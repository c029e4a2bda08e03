export type Role = "admin" | "operator" | "viewer";

/** The principal of the deployment's own admin secret (`REGATTA_ADMIN_TOKEN`). */
export const BOOTSTRAP_ADMIN = "bootstrap-admin";
/** The principal of signed executor callbacks. */
export const EXECUTOR = "executor";
/** Names the server gives its own principals: no API token may take them (issue 7). */
export const RESERVED_TOKEN_NAMES: readonly string[] = [BOOTSTRAP_ADMIN, EXECUTOR];

/** Who is calling, as resolved from the bearer token. */
export interface Principal {
  name: string;
  /**
   * The token's unique identity, derived from the hash of its secret: a token revoked and
   * re-created under the same name gets a new one. Absent for callers without a bearer
   * token (signed executor callbacks).
   */
  identity?: string;
  role: Role;
  /** Fleets the token may see (operator/viewer); ignored for admin. */
  fleets: string[];
  /** Team scopes as `fleet/scope`; ignored for admin. */
  scopes: string[];
}

/**
 * SEC-11: the token's public id, shown in the audit trail and a run's gates: the first 16
 * hex digits of its identity, enough to tell tokens apart, not the identity itself (the
 * key of its Idempotency-Key answers). Undefined for signed executor callbacks.
 */
export function tokenId(principal: Principal): string | undefined {
  return principal.identity?.slice(0, 16);
}

/** What a request touches, for the role/scope decision. */
export type Resource =
  | { kind: "global" }
  | { kind: "fleet"; fleet: string; scopes?: string[] }
  | { kind: "admin-only" };

export type Access = "read" | "write";

/**
 * The one place roles and scopes are decided (API.md "Auth"): admin everything;
 * operator reads and writes within its fleets/scopes; viewer reads within them.
 * Global inventory (zones, machine types, releases) is readable by every role and
 * writable by admins only. A token with neither fleets nor scopes is not narrowed.
 * @example mayAccess(viewer, "read", { kind: "fleet", fleet: "prod" })
 */
export function mayAccess(principal: Principal, access: Access, resource: Resource): boolean {
  if (principal.role === "admin") return true;
  switch (resource.kind) {
    case "admin-only":
      return false;
    case "global":
      return access === "read";
    case "fleet": {
      if (access === "write" && principal.role !== "operator") return false;
      // A token bound to no fleet and no scope is fleet-wide for its role.
      if (isUnbound(principal)) return true;
      if (principal.fleets.includes(resource.fleet)) return true;
      const inScope = (resource.scopes ?? []).some((scope) =>
        principal.scopes.includes(`${resource.fleet}/${scope}`),
      );
      return inScope;
    }
    default:
      return resource satisfies never;
  }
}

/** Whether a token reads everything its role allows: admin, or bound to no fleet and no scope. */
export function isUnbound(principal: Principal): boolean {
  return (
    principal.role === "admin" || (principal.fleets.length === 0 && principal.scopes.length === 0)
  );
}

/**
 * What a narrowed token may read, for lists filtered in the query; undefined when it is
 * not narrowed (see `isUnbound`).
 * @example listClustersGranted(db, readGrants(p) ?? everything, fleet, page)
 */
export function readGrants(
  principal: Principal,
): { fleets: string[]; scopes: string[] } | undefined {
  if (isUnbound(principal)) return undefined;
  return { fleets: principal.fleets, scopes: principal.scopes };
}

/**
 * The team scopes of `fleet` the principal may list: undefined when it reads the whole
 * fleet, else the names of the scopes it holds there (possibly none).
 * @example scopesReadableIn({ ...viewer, scopes: ["prod/payments"] }, "prod") // ["payments"]
 */
export function scopesReadableIn(principal: Principal, fleet: string): string[] | undefined {
  if (isUnbound(principal) || principal.fleets.includes(fleet)) return undefined;
  return scopesHeldIn(principal, fleet);
}

/** The names of the team scopes a principal holds in `fleet` (from its `fleet/scope` grants). */
export function scopesHeldIn(principal: Principal, fleet: string): string[] {
  const prefix = `${fleet}/`;
  return principal.scopes
    .filter((grant) => grant.startsWith(prefix))
    .map((grant) => grant.slice(prefix.length));
}
