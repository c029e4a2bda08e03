/**
 * The one rule of roles and scopes (API.md "Auth"), shared by the API, which enforces it
 * (workers/control-plane/src/auth), and its clients, which hide what it would refuse (the
 * dashboard's write buttons). Plain functions, no zod: a browser bundle importing
 * `@regatta/contract/access` carries nothing else of the contract.
 */

export type Role = "admin" | "operator" | "viewer";

/** What a token holds: its role and the fleets and `fleet/scope` team scopes it is bound to. */
export interface Grants {
  role: Role;
  /** Fleets the token may see (operator/viewer); ignored for admin. */
  fleets: readonly string[];
  /** Team scopes as `fleet/scope`; ignored for admin. */
  scopes: readonly string[];
}

/** What a request touches, for the role/scope decision. */
export type Resource =
  | { kind: "global" }
  | { kind: "fleet"; fleet: string; scopes?: readonly string[] }
  | { kind: "admin-only" };

export type Access = "read" | "write";

/**
 * Admin everything; operator reads and writes within its fleets/scopes; viewer reads
 * within them. Global inventory (zones, machine types, releases) is readable by every
 * role and writable by admins only. A token with neither fleets nor scopes is not narrowed.
 * @example mayAccess(viewer, "read", { kind: "fleet", fleet: "prod" })
 */
export function mayAccess(grants: Grants, access: Access, resource: Resource): boolean {
  if (grants.role === "admin") return true;
  switch (resource.kind) {
    case "admin-only":
      return false;
    case "global":
      return access === "read";
    case "fleet": {
      if (access === "write" && grants.role !== "operator") return false;
      // A token bound to no fleet and no scope is fleet-wide for its role.
      if (isUnbound(grants)) return true;
      if (grants.fleets.includes(resource.fleet)) return true;
      return (resource.scopes ?? []).some((scope) =>
        grants.scopes.includes(`${resource.fleet}/${scope}`),
      );
    }
    default:
      return resource satisfies never;
  }
}

/** Whether a token reads everything its role allows: admin, or bound to no fleet and no scope. */
export function isUnbound(grants: Grants): boolean {
  return grants.role === "admin" || (grants.fleets.length === 0 && grants.scopes.length === 0);
}
