import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";
import { compareVersions } from "./compare.ts";
import { minorOf, parseVersion, type Version } from "./version.ts";

/** A managed user cluster as VER-5 sees it. */
export interface ManagedCluster {
  name: string;
  version: string;
}

/** Minors between two versions of one major; a different major counts as far apart. */
function minorsAhead(admin: Version, user: Version): number {
  return admin.major === user.major ? admin.minor - user.minor : Number.POSITIVE_INFINITY;
}

/**
 * VER-5 for one pair: a user cluster is never newer than its admin, and the admin is at
 * most one minor ahead of it.
 *
 * @example checkUserSkew("1.15.2", "1.16.0") // ok
 * @example checkUserSkew("1.14.0", "1.16.0") // refused "VER-5: admin 1.16.0 is 2 minors ahead of user 1.14.0 …"
 */
export function checkUserSkew(userVersion: string, adminVersion: string): Result<true> {
  const user = parseVersion(userVersion);
  if (!user.ok) return user;
  const admin = parseVersion(adminVersion);
  if (!admin.ok) return admin;
  if (compareVersions(user.value, admin.value) > 0) {
    return refuse(
      "VER-5",
      "refused",
      `VER-5: user cluster version ${userVersion} would be newer than its admin's ${adminVersion}`,
    );
  }
  const ahead = minorsAhead(admin.value, user.value);
  if (ahead > 1) {
    return refuse(
      "VER-5",
      "refused",
      `VER-5: admin ${adminVersion} would be ${Number.isFinite(ahead) ? ahead : "a major"} minors ahead of user ${userVersion}; at most one is allowed`,
    );
  }
  return ok(true);
}

/**
 * VER-5 for an admin upgrade: moving the admin to a new minor needs every managed user
 * cluster on the admin's current minor first. The refusal names the lagging clusters.
 *
 * @example checkAdminUpgrade("1.15.3", "1.16.0", [{ name: "u1", version: "1.14.9" }]) // refused naming u1
 */
export function checkAdminUpgrade(
  current: string,
  target: string,
  managed: readonly ManagedCluster[],
): Result<true> {
  const from = parseVersion(current);
  if (!from.ok) return from;
  const to = parseVersion(target);
  if (!to.ok) return to;
  if (minorOf(from.value) === minorOf(to.value)) return ok(true);
  const lagging = managed.filter((cluster) => {
    const version = parseVersion(cluster.version);
    return !version.ok || minorOf(version.value) !== minorOf(from.value);
  });
  if (lagging.length === 0) return ok(true);
  const names = lagging.map((c) => `${c.name} (${c.version})`).join(", ");
  return refuse(
    "VER-5",
    "refused",
    `VER-5: admin upgrade to ${target} needs every user cluster on ${minorOf(from.value)} first; lagging: ${names}`,
  );
}
