import type { z } from "@hono/zod-openapi";
import type { ClusterInput } from "@regatta/contract";
import { type ClusterRow, getCluster, type Inventory } from "@regatta/inventory";
import { authorize } from "../auth/middleware.ts";
import type { Access, Principal } from "../auth/principal.ts";
import { orRefuse } from "../http/problem.ts";
import { readCluster } from "../services/inventory/clusters.ts";

/**
 * The cluster a request addresses, once the caller may `access` it (404, then 403):
 * every cluster-scoped route starts here. A cluster in several team scopes is open to a
 * holder of any of them.
 * @example const cluster = await clusterFor(c.var.inventory, c.var.principal, "prod-1", "write");
 */
export async function clusterFor(
  inventory: Inventory,
  principal: Principal,
  name: string,
  access: Access,
): Promise<ClusterRow> {
  const cluster = orRefuse(await readCluster(inventory, name));
  authorizeCluster(principal, cluster, access);
  return cluster;
}

/** The principal may `access` this cluster (its fleet or one of its team scopes), or 403. */
export function authorizeCluster(principal: Principal, cluster: ClusterRow, access: Access): void {
  authorize(
    principal,
    access,
    { kind: "fleet", fleet: cluster.fleet, scopes: cluster.scopes },
    `cluster ${cluster.name}`,
  );
}

type ClusterSpec = Pick<z.infer<typeof ClusterInput>, "fleet" | "scopes" | "adminCluster">;

/**
 * Authorizes a cluster PUT against everything it touches (403 otherwise): the cluster as
 * written and as it was (moving it is a write on both fleets); every team scope it joins
 * or leaves (scopes it keeps need no grant, so a shared cluster stays writable by each
 * team); and the admin cluster it starts or stops naming, which belongs to its own fleet
 * (VER-5 holds that cluster's minor upgrades, LIFE-1 its delete). A named admin cluster
 * that does not exist is left to the service's 422.
 */
export async function authorizeClusterPut(
  inventory: Inventory,
  principal: Principal,
  name: string,
  spec: ClusterSpec,
  existing: ClusterRow | undefined,
): Promise<void> {
  const target = `cluster ${name}`;
  authorize(principal, "write", { kind: "fleet", fleet: spec.fleet, scopes: spec.scopes }, target);
  if (existing) {
    const was = { kind: "fleet" as const, fleet: existing.fleet, scopes: existing.scopes };
    authorize(principal, "write", was, target);
  }
  authorizeScopeChanges(principal, existing, spec);
  const before = existing?.adminCluster ?? undefined;
  if (spec.adminCluster === before) return;
  for (const reference of [spec.adminCluster, before]) {
    if (reference === undefined) continue;
    const admin = await getCluster(inventory, reference);
    if (!admin) continue;
    const resource = { kind: "fleet" as const, fleet: admin.fleet, scopes: admin.scopes };
    authorize(principal, "write", resource, `admin cluster ${reference}`);
  }
}

/**
 * Deleting a cluster takes it out of every team scope it is in: the caller needs a grant
 * for each (or the fleet), not just one.
 */
export function authorizeClusterDelete(principal: Principal, cluster: ClusterRow): void {
  authorizeScopeChanges(principal, cluster, undefined);
}

/** 403 unless the caller may write each team scope the cluster joins or leaves. */
function authorizeScopeChanges(
  principal: Principal,
  before: Pick<ClusterRow, "fleet" | "scopes"> | undefined,
  after: Pick<ClusterRow, "fleet" | "scopes"> | undefined,
): void {
  const grants = (side: typeof before) =>
    new Set((side?.scopes ?? []).map((scope) => `${side?.fleet}/${scope}`));
  const was = grants(before);
  const will = grants(after);
  const changed = [...will].filter((g) => !was.has(g)).concat([...was].filter((g) => !will.has(g)));
  for (const grant of changed) {
    const slash = grant.indexOf("/");
    const fleet = grant.slice(0, slash);
    const scope = grant.slice(slash + 1);
    authorize(
      principal,
      "write",
      { kind: "fleet", fleet, scopes: [scope] },
      `team scope ${scope} of fleet ${fleet}`,
    );
  }
}
