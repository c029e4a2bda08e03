import type { ClusterRow, Inventory } from "@regatta/inventory";
import { authorize } from "../auth/middleware.ts";
import type { Access, Principal } from "../auth/principal.ts";
import { orRefuse } from "../http/problem.ts";
import { readCluster } from "../services/inventory/clusters.ts";

/**
 * The cluster a request addresses, once the caller may `access` it (404, then 403):
 * every cluster-scoped route starts here.
 * @example const cluster = await clusterFor(c.var.inventory, c.var.principal, "prod-1", "write");
 */
export async function clusterFor(
  inventory: Inventory,
  principal: Principal,
  name: string,
  access: Access,
): Promise<ClusterRow> {
  const cluster = orRefuse(await readCluster(inventory, name));
  authorize(principal, access, { kind: "fleet", fleet: cluster.fleet, scopes: cluster.scopes });
  return cluster;
}
