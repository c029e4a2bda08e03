import { isUnbound, type Role } from "@regatta/contract/access";

// The rule itself lives in the contract, where the dashboard reads it too.
export {
  type Access,
  isUnbound,
  mayAccess,
  type Resource,
  type Role,
} from "@regatta/contract/access";

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
