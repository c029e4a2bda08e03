import {
  type ChosenImages,
  type Instant,
  poolImage,
  type Result,
  type WorkerPoolUpgrade,
} from "@regatta/engine";
import {
  type ClusterStatusWrite,
  clusterUpgradeFactsOf,
  deleteOperations,
  type Inventory,
  insertOperations,
  newOperationId,
  type OperationWrite,
  readUpgradeReadings,
  type UpgradeReadings,
  updateClustersStatus,
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
  /**
   * MW-1: a user's own `POST …/upgrade` starts now, windows or not (its default); runs
   * and sequences leave it unset, so their worker pools keep to the cluster's windows.
   */
  ignoreMaintenanceWindow?: boolean | undefined;
}

/** How prepared cluster upgrades reach the fleet's storage: by RPC, or from inside. */
export interface ClusterStarter {
  /** Starts each in order (from inside the fleet: in one transaction); answers at each index. */
  start(
    fleet: string,
    starts: readonly Omit<ClusterUpgradeStart, "retentionMs">[],
  ): Promise<Result<StartedClusterUpgrade>[]>;
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
  const [outcome] = await startIndexedClusterUpgrades(
    db,
    [{ cluster: clusterName, input }],
    now,
    starter,
  );
  return outcome!;
}

/** One upgrade of {@link startIndexedClusterUpgrades}, prepared from the inventory. */
interface Prepared {
  at: number;
  fleet: string;
  start: Omit<ClusterUpgradeStart, "retentionMs">;
  /** Its index rows: the operation's, then each pool's first node-pool operation. */
  index: OperationWrite[];
}

/**
 * {@link startIndexedClusterUpgrade} for many clusters at once (an update run's batch of
 * members): the inventory read in one round trip whatever their number, the index rows
 * and the VER-8 status writes each in one D1 batch, and the starts handed to the fleet
 * together; answers each one's outcome at its index. Starts are grouped by fleet.
 */
export async function startIndexedClusterUpgrades(
  db: Inventory,
  requests: readonly { cluster: string; input: ClusterUpgradeInput }[],
  now: Instant,
  starter: ClusterStarter,
  /** What the caller already read of these clusters (`readUpgradeReadings`). */
  read?: UpgradeReadings,
): Promise<Outcome<StartedClusterUpgrade>[]> {
  const outcomes: Outcome<StartedClusterUpgrade>[] = [];
  const readings =
    read ??
    (await readUpgradeReadings(
      db,
      requests.map((request) => request.cluster),
    ));
  const present = requests.flatMap((request, at) => {
    const cluster = readings.clusters.get(request.cluster);
    if (cluster) return [{ at, cluster, input: request.input }];
    outcomes[at] = refused("missing", `cluster ${request.cluster} does not exist`);
    return [];
  });
  const facts = await clusterUpgradeFactsOf(
    db,
    present.map(({ cluster, input }) => ({
      cluster,
      input: {
        version: input.version,
        ...(input.controlPlaneOnly ? { controlPlaneOnly: true } : {}),
        workerPools: input.workerPools ?? "IN_PLACE",
      },
    })),
    readings,
  );
  const prepared: Prepared[] = present.map(({ at, cluster, input }, i) => {
    // SEQ-5 / RUN-5: a control-plane-only upgrade plans without the worker pools (they
    // follow in their own phase, or not at all).
    const pools = input.controlPlaneOnly ? [] : (readings.pools.get(cluster.name) ?? []);
    const id = newOperationId();
    const poolOperationIds = Object.fromEntries(pools.map((pool) => [pool.name, newOperationId()]));
    return {
      at,
      fleet: cluster.fleet,
      index: [
        { id, kind: "CLUSTER_UPGRADE", fleet: cluster.fleet, cluster: cluster.name, pool: null },
        ...pools.map((pool) => ({
          id: poolOperationIds[pool.name]!,
          kind: "NODE_POOL_UPGRADE",
          fleet: cluster.fleet,
          cluster: cluster.name,
          pool: pool.name,
        })),
      ],
      start: {
        request: {
          operationId: id,
          facts: facts[i]!,
          version: input.version,
          useBootstrap: input.useBootstrap ?? false,
          ...(input.images ? { nodeImages: poolImages(input.images, pools) } : {}),
        },
        poolUids: Object.fromEntries(pools.map((pool) => [pool.name, pool.uid])),
        poolOperationIds,
        ...(cluster.maintenance && input.ignoreMaintenanceWindow !== true
          ? { maintenance: cluster.maintenance }
          : {}),
      },
    };
  });
  await insertOperations(
    db,
    prepared.flatMap((p) => p.index),
    now,
  );
  const unused: string[] = [];
  const upgrading: { name: string; status: ClusterStatusWrite }[] = [];
  for (const group of groupByFleet(prepared)) {
    for (const [p, started, found] of await startInFleet(starter, group)) {
      outcomes[p.at] = started;
      const cluster = p.start.request.facts.cluster;
      // Found after a failed hand-over: kept as the fleet has it, index rows and all.
      if (found) continue;
      if (!started.ok) {
        unused.push(...p.index.map((row) => row.id));
        continue;
      }
      // A retry answers with the failed operation it resumed: of the new ids it uses
      // only those of the failed pools it upgrades again.
      const adopted = new Set(started.value.adoptedPoolOperations);
      unused.push(...p.index.filter((row) => !adopted.has(row.id)).map((row) => row.id));
      // VER-8: the desired version is the target from now on.
      upgrading.push({
        name: cluster,
        status: { specVersion: p.start.request.version, phase: "UPGRADING" },
      });
    }
  }
  await deleteOperations(db, unused);
  await updateClustersStatus(db, upgrading, now);
  return outcomes;
}

function groupByFleet(prepared: readonly Prepared[]): Prepared[][] {
  const groups = new Map<string, Prepared[]>();
  for (const p of prepared) groups.set(p.fleet, [...(groups.get(p.fleet) ?? []), p]);
  return [...groups.values()];
}

/**
 * One fleet's starts. When the hand-over itself fails, each start may or may not have
 * been committed: the fleet is asked for each operation, and one it lacks is refused.
 */
async function startInFleet(
  starter: ClusterStarter,
  group: readonly Prepared[],
): Promise<[Prepared, Outcome<StartedClusterUpgrade>, found: boolean][]> {
  const fleet = group[0]!.fleet;
  try {
    const results = await starter.start(
      fleet,
      group.map((p) => p.start),
    );
    return group.map((p, i) => [p, results[i]!, false]);
  } catch (error) {
    console.error(`cluster upgrades in fleet ${fleet} failed to start`, error);
    const found: [Prepared, Outcome<StartedClusterUpgrade>, boolean][] = [];
    for (const p of group) {
      const id = p.start.request.operationId;
      const cluster = p.start.request.facts.cluster;
      const started = await starter.find(fleet, id).catch(() => undefined);
      found.push(
        started
          ? [p, accepted(started), true]
          : [
              p,
              refused(
                "conflict",
                `the upgrade of cluster ${cluster} could not be started in fleet ${fleet}; nothing was started, retry later`,
              ),
              false,
            ],
      );
    }
    return found;
  }
}
