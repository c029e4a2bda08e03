import type { PlannedCluster } from "@regatta/engine";
import { allPages, getCluster, type Inventory, listNodePools } from "../queries/index.ts";
import { clusterUpgradeFacts } from "./preflight.ts";

/**
 * EXT-6: what a plan starts `names`' upgrades to `version` from, as the fleet would read
 * them now: the cluster-upgrade facts (worker pools through their own strategies, as
 * update runs and rollouts upgrade them), the pools' images and the windows. A cluster
 * that no longer exists is left out (the plan fails its start, as the fleet would).
 */
export async function plannedClusters(
  db: Inventory,
  names: readonly string[],
  version: (statusVersion: string) => string,
): Promise<Record<string, PlannedCluster>> {
  const out: Record<string, PlannedCluster> = {};
  for (const name of names) {
    const cluster = await getCluster(db, name);
    if (cluster === undefined) continue;
    const pools = await allPages((page) => listNodePools(db, name, page));
    const facts = await clusterUpgradeFacts(db, cluster, {
      version: version(cluster.statusVersion),
      workerPools: "STRATEGY",
    });
    out[name] = {
      facts,
      pools: pools.map((p) => ({ name: p.name, nodeImage: p.nodeImage })),
      ...(cluster.maintenance ? { maintenance: cluster.maintenance } : {}),
    };
  }
  return out;
}
