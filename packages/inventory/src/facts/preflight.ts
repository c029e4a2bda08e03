import {
  type ClusterFacts,
  DEFAULT_CONTROL_PLANE_NODES,
  type PreflightFacts,
  type WorkerPoolUpgrade,
} from "@regatta/engine";
import {
  type ClusterColumns,
  clustersByAdmin,
  clustersByName,
  type Inventory,
  listReleaseVersions,
  type NodePoolRow,
  poolsByCluster,
  selectClustersAround,
  selectNodePoolsOfClusters,
} from "../queries/index.ts";
import { poolFacts } from "./pool.ts";
import { catalogueOf } from "./release-catalogue.ts";

/**
 * What upgrading some clusters reads of the inventory besides their pools' nodes: the
 * clusters, their pools, the release catalogue (VER-6) and their admins and managed
 * clusters (VER-5).
 */
export interface UpgradeReadings {
  clusters: ReadonlyMap<string, ClusterColumns>;
  pools: ReadonlyMap<string, NodePoolRow[]>;
  catalogue: ReadonlySet<string>;
  admins: ReadonlyMap<string, ClusterColumns>;
  managed: ReadonlyMap<string, ClusterColumns[]>;
}

/**
 * {@link UpgradeReadings} of the named clusters in one round trip, whatever their
 * number: an update run's batch of members would otherwise wait on a query each in turn.
 *
 * @example const readings = await readUpgradeReadings(db, ["prod-eu-1"]);
 */
export async function readUpgradeReadings(
  db: Inventory,
  names: readonly string[],
): Promise<UpgradeReadings> {
  const unique = [...new Set(names)];
  const [around, pools, releases] = await db.batch([
    selectClustersAround(db, unique),
    selectNodePoolsOfClusters(db, unique),
    listReleaseVersions(db),
  ]);
  const byName = clustersByName(around);
  const named = unique.flatMap((name) => byName.get(name) ?? []);
  const admins = new Set(named.flatMap((cluster) => cluster.adminCluster ?? []));
  const asked = new Set(unique);
  return {
    clusters: clustersByName(named),
    pools: poolsByCluster(pools),
    catalogue: catalogueOf(releases),
    admins: clustersByName(around.filter((cluster) => admins.has(cluster.name))),
    managed: clustersByAdmin(
      around.filter((cluster) => cluster.adminCluster !== null && asked.has(cluster.adminCluster)),
    ),
  };
}

/**
 * What LIFE-2 checks for `cluster`, read from the inventory: what it runs, the release
 * catalogue (VER-6), its admin's version or its managed user clusters (VER-5), the
 * deprecated API flag, and every pool with its nodes and zone room (surge quota).
 */
export async function preflightFacts(
  db: Inventory,
  cluster: ClusterColumns,
): Promise<PreflightFacts> {
  const [facts] = await preflightFactsOf(db, [cluster]);
  return facts!;
}

/**
 * {@link preflightFacts} of many clusters at once, in their order, from `readings` (read
 * in one round trip when the caller has none) and each pool's nodes and zones.
 */
export async function preflightFactsOf(
  db: Inventory,
  clusters: readonly ClusterColumns[],
  readings?: UpgradeReadings,
): Promise<PreflightFacts[]> {
  const read =
    readings ??
    (await readUpgradeReadings(
      db,
      clusters.map((cluster) => cluster.name),
    ));
  return Promise.all(
    clusters.map(async (cluster) => {
      const facts: PreflightFacts = {
        cluster: cluster.name,
        role: cluster.role,
        version: cluster.statusVersion,
        catalogue: [...read.catalogue],
        pools: await Promise.all(
          (read.pools.get(cluster.name) ?? []).map((pool) => poolFacts(db, cluster, pool)),
        ),
      };
      if (cluster.role === "user") {
        const admin = cluster.adminCluster ? read.admins.get(cluster.adminCluster) : undefined;
        if (admin) facts.adminVersion = admin.statusVersion;
      } else {
        facts.managedClusters = (read.managed.get(cluster.name) ?? []).map((c) => ({
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
  cluster: ClusterColumns,
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
  upgrades: readonly { cluster: ClusterColumns; input: ClusterUpgradeFactsInput }[],
  readings?: UpgradeReadings,
): Promise<ClusterFacts[]> {
  const preflights = await preflightFactsOf(
    db,
    upgrades.map((upgrade) => upgrade.cluster),
    readings,
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
