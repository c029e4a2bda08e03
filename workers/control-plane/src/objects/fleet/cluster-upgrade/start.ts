import {
  type ChosenImages,
  type Instant,
  poolImage,
  type Result,
  type WorkerPoolUpgrade,
} from "@regatta/engine";
import {
  allPages,
  clusterUpgradeFacts,
  deleteOperation,
  getCluster,
  type Inventory,
  insertOperation,
  listNodePools,
  newOperationId,
  updateClusterStatus,
} from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../../outcome.ts";
import type { ClusterUpgradeStart, StartedClusterUpgrade } from "./host.ts";

/** What a cluster upgrade asks for (`POST …/upgrade`, a run member, a rollout phase). */
export interface ClusterUpgradeInput {
  version: string;
  useBootstrap?: boolean | undefined;
  /** ControlPlaneOnly (RUN-5) or the control-plane phase (SEQ-5): no worker pool is part of it. */
  controlPlaneOnly?: boolean;
  /** Full: the node images the worker pools move to (RUN-6), each pool by its OS family. */
  images?: ChosenImages;
  /**
   * LIFE-3: worker pools in place (bare metal, the default of `POST …/upgrade`) or by
   * their own strategies (update runs and rollout sequences, whose seeds are cloud ones).
   */
  workerPools?: WorkerPoolUpgrade | undefined;
}

/** How a prepared cluster upgrade reaches the fleet's storage: by RPC, or from inside. */
export interface ClusterStarter {
  start(
    fleet: string,
    start: Omit<ClusterUpgradeStart, "retentionMs">,
  ): Promise<Result<StartedClusterUpgrade>>;
  /** The operation's id if the fleet has it (a start that failed after its commit). */
  find(fleet: string, id: string): Promise<StartedClusterUpgrade | undefined>;
}

/** RUN-6: each pool's image by name; a pool with none keeps its own. */
function poolImages(
  images: ChosenImages,
  pools: readonly { name: string; nodeImage: string }[],
): Record<string, string> {
  const byPool: Record<string, string> = {};
  for (const pool of pools) {
    const image = poolImage(images, pool);
    if (image !== undefined) byPool[pool.name] = image;
  }
  return byPool;
}

/**
 * LIFE-3: upgrades `clusterName` to `input.version` in its fleet's object, which runs
 * the preflight (LIFE-2: a blocking finding refuses, nothing changes) and then the
 * components in order, each worker pool in place or through its own node-pool strategy
 * (`input.workerPools`). The
 * operation and each pool's first node-pool operation are indexed in D1 first, so all
 * are readable by id; spec.version is the target from the start, status.version moves
 * only on success (VER-8). Again after a failure: retries from the failed component.
 */
export async function startIndexedClusterUpgrade(
  db: Inventory,
  clusterName: string,
  input: ClusterUpgradeInput,
  now: Instant,
  starter: ClusterStarter,
): Promise<Outcome<StartedClusterUpgrade>> {
  const cluster = await getCluster(db, clusterName);
  if (!cluster) return refused(404, `cluster ${clusterName} does not exist`);
  const facts = await clusterUpgradeFacts(db, cluster, {
    version: input.version,
    ...(input.controlPlaneOnly ? { controlPlaneOnly: true } : {}),
    workerPools: input.workerPools ?? "IN_PLACE",
  });
  // SEQ-5 / RUN-5: a control-plane-only upgrade plans without the worker pools (they
  // follow in their own phase, or not at all).
  const pools = input.controlPlaneOnly
    ? []
    : await allPages((page) => listNodePools(db, clusterName, page));
  const id = newOperationId();
  const poolOperationIds = Object.fromEntries(pools.map((pool) => [pool.name, newOperationId()]));
  const index = [
    { id, kind: "CLUSTER_UPGRADE", fleet: cluster.fleet, cluster: clusterName, pool: null },
    ...pools.map((pool) => ({
      id: poolOperationIds[pool.name]!,
      kind: "NODE_POOL_UPGRADE",
      fleet: cluster.fleet,
      cluster: clusterName,
      pool: pool.name,
    })),
  ];
  for (const row of index) await insertOperation(db, row, now);
  const unindex = () => Promise.all(index.map((row) => deleteOperation(db, row.id)));

  let started: Result<StartedClusterUpgrade>;
  try {
    started = await starter.start(cluster.fleet, {
      request: {
        operationId: id,
        facts,
        version: input.version,
        useBootstrap: input.useBootstrap ?? false,
        ...(input.images ? { nodeImages: poolImages(input.images, pools) } : {}),
      },
      poolUids: Object.fromEntries(pools.map((pool) => [pool.name, pool.uid])),
      poolOperationIds,
      ...(cluster.maintenance ? { maintenance: cluster.maintenance } : {}),
    });
  } catch (error) {
    console.error(`cluster upgrade ${id} of ${clusterName} failed to start`, error);
    const found = await starter.find(cluster.fleet, id).catch(() => undefined);
    if (found) return accepted(found);
    await unindex();
    return refused(
      409,
      `the upgrade of cluster ${clusterName} could not be started in fleet ${cluster.fleet}; nothing was started, retry later`,
    );
  }
  // A retry answers with the failed operation it resumed: of the new ids it uses only
  // those of the failed pools it upgrades again.
  if (!started.ok) {
    await unindex();
    return started;
  }
  const adopted = new Set(started.value.adoptedPoolOperations);
  await Promise.all(
    index.filter((row) => !adopted.has(row.id)).map((row) => deleteOperation(db, row.id)),
  );
  // VER-8: the desired version is the target from now on.
  await updateClusterStatus(
    db,
    clusterName,
    { specVersion: input.version, phase: "UPGRADING" },
    now,
  );
  return started;
}
