import type { PreflightFacts } from "@regatta/engine";
import {
  allPages,
  type ClusterRow,
  getCluster,
  type Inventory,
  listManagedClusters,
  listNodePools,
} from "../queries/index.ts";
import { poolFacts } from "./pool.ts";
import { loadCatalogue } from "./release-catalogue.ts";

/**
 * What LIFE-2 checks for `cluster`, read from the inventory: what it runs, the release
 * catalogue (VER-6), its admin's version or its managed user clusters (VER-5), the
 * deprecated API flag, and every pool with its nodes and zone room (surge quota).
 */
export async function preflightFacts(db: Inventory, cluster: ClusterRow): Promise<PreflightFacts> {
  const pools = await allPages((page) => listNodePools(db, cluster.name, page));
  const facts: PreflightFacts = {
    cluster: cluster.name,
    role: cluster.role,
    version: cluster.statusVersion,
    catalogue: [...(await loadCatalogue(db))],
    pools: await Promise.all(pools.map((pool) => poolFacts(db, cluster, pool))),
  };
  if (cluster.role === "user") {
    const admin = cluster.adminCluster ? await getCluster(db, cluster.adminCluster) : undefined;
    if (admin) facts.adminVersion = admin.statusVersion;
  } else {
    const managed = await allPages((page) => listManagedClusters(db, cluster.name, page));
    facts.managedClusters = managed.map((c) => ({ name: c.name, version: c.statusVersion }));
  }
  return facts;
}
