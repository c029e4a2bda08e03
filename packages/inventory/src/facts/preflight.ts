import {
  type ClusterFacts,
  DEFAULT_CONTROL_PLANE_NODES,
  flaggedDeprecatedApis,
  type PreflightFacts,
  type WorkerPoolUpgrade,
} from "@regatta/engine";
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

/**
 * What a cluster upgrade (LIFE-3) to `version` plans from: the preflight facts, the
 * control-plane and load-balancer node pools, how worker pools upgrade, and (SEQ-11 /
 * LIFE-2) the deprecated APIs the target removes when the agent reported usage. A
 * control-plane-only upgrade (RUN-5, SEQ-5) plans without the worker pools. The fleet
 * starts upgrades from these and EXT-6 plans predict them from the same.
 */
export async function clusterUpgradeFacts(
  db: Inventory,
  cluster: ClusterRow,
  input: { version: string; controlPlaneOnly?: boolean; workerPools?: WorkerPoolUpgrade },
): Promise<ClusterFacts> {
  const facts: ClusterFacts = {
    ...(await preflightFacts(db, cluster)),
    controlPlaneNodes: cluster.controlPlaneNodes ?? DEFAULT_CONTROL_PLANE_NODES,
    workerPools: input.workerPools ?? "IN_PLACE",
  };
  if (cluster.loadBalancerNodes !== null) facts.loadBalancerNodes = cluster.loadBalancerNodes;
  if (input.controlPlaneOnly) facts.pools = [];
  if (cluster.deprecatedApiUsage) {
    facts.deprecatedApis = flaggedDeprecatedApis(cluster.statusVersion, input.version);
  }
  return facts;
}
