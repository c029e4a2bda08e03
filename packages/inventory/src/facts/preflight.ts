import {
  type ClusterFacts,
  DEFAULT_CONTROL_PLANE_NODES,
  type PreflightFacts,
  type WorkerPoolUpgrade,
} from "@regatta/engine";
import {
  type ClusterRow,
  getClustersByName,
  type Inventory,
  managedClustersOf,
  type NodePoolRow,
  nodePoolsOfClusters,
} from "../queries/index.ts";
import { poolFacts } from "./pool.ts";
import { loadCatalogue } from "./release-catalogue.ts";

/**
 * What LIFE-2 checks for `cluster`, read from the inventory: what it runs, the release
 * catalogue (VER-6), its admin's version or its managed user clusters (VER-5), the
 * deprecated API flag, and every pool with its nodes and zone room (surge quota).
 */
export async function preflightFacts(db: Inventory, cluster: ClusterRow): Promise<PreflightFacts> {
  const [facts] = await preflightFactsOf(db, [cluster]);
  return facts!;
}

/**
 * {@link preflightFacts} of many clusters at once, in their order: the catalogue once,
 * pools, admins and managed clusters one query each, whatever the number of clusters.
 */
export async function preflightFactsOf(
  db: Inventory,
  clusters: readonly ClusterRow[],
  /** The clusters' node pools when the caller already read them (`nodePoolsOfClusters`). */
  readPools?: ReadonlyMap<string, NodePoolRow[]>,
): Promise<PreflightFacts[]> {
  const names = clusters.map((cluster) => cluster.name);
  const admins = clusters.flatMap((c) =>
    c.role === "user" && c.adminCluster ? [c.adminCluster] : [],
  );
  const [catalogue, pools, adminRows, managed] = await Promise.all([
    loadCatalogue(db),
    readPools ?? nodePoolsOfClusters(db, names),
    admins.length === 0 ? new Map<string, ClusterRow>() : getClustersByName(db, admins),
    managedClustersOf(
      db,
      clusters.filter((c) => c.role !== "user").map((c) => c.name),
    ),
  ]);
  return Promise.all(
    clusters.map(async (cluster) => {
      const facts: PreflightFacts = {
        cluster: cluster.name,
        role: cluster.role,
        version: cluster.statusVersion,
        catalogue: [...catalogue],
        pools: await Promise.all(
          (pools.get(cluster.name) ?? []).map((pool) => poolFacts(db, cluster, pool)),
        ),
      };
      if (cluster.role === "user") {
        const admin = cluster.adminCluster ? adminRows.get(cluster.adminCluster) : undefined;
        if (admin) facts.adminVersion = admin.statusVersion;
      } else {
        facts.managedClusters = (managed.get(cluster.name) ?? []).map((c) => ({
          name: c.name,
          version: c.statusVersion,
        }));
      }
      return facts;
    }),
  );
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
  input: ClusterUpgradeFactsInput,
): Promise<ClusterFacts> {
  const [facts] = await clusterUpgradeFactsOf(db, [{ cluster, input }]);
  return facts!;
}

/** What a cluster upgrade plans from, as {@link clusterUpgradeFacts} reads it. */
export interface ClusterUpgradeFactsInput {
  version: string;
  controlPlaneOnly?: boolean;
  workerPools?: WorkerPoolUpgrade;
}

/** {@link clusterUpgradeFacts} of many upgrades at once (the reads of {@link preflightFactsOf}). */
export async function clusterUpgradeFactsOf(
  db: Inventory,
  upgrades: readonly { cluster: ClusterRow; input: ClusterUpgradeFactsInput }[],
  readPools?: ReadonlyMap<string, NodePoolRow[]>,
): Promise<ClusterFacts[]> {
  const preflights = await preflightFactsOf(
    db,
    upgrades.map((upgrade) => upgrade.cluster),
    readPools,
  );
  return upgrades.map(({ cluster, input }, i) => {
    const facts: ClusterFacts = {
      ...preflights[i]!,
      controlPlaneNodes: cluster.controlPlaneNodes ?? DEFAULT_CONTROL_PLANE_NODES,
      workerPools: input.workerPools ?? "IN_PLACE",
    };
    if (cluster.loadBalancerNodes !== null) facts.loadBalancerNodes = cluster.loadBalancerNodes;
    if (input.controlPlaneOnly) facts.pools = [];
    if (cluster.deprecatedApiUsage) facts.deprecatedApiUsage = true;
    return facts;
  });
}
