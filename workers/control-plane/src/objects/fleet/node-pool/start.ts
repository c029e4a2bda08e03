import {
  type Maintenance,
  type NodePoolOperationView,
  type NodePoolUpgradeRequest,
  type Result,
  refuse,
} from "@regatta/engine";
import {
  deleteOperation,
  getCluster,
  getNodePool,
  type Inventory,
  insertOperation,
  newOperationId,
  poolFacts,
} from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../../outcome.ts";
import type { Tx } from "../../../runtime/types.ts";
import { runningClusterUpgrade } from "../cluster-upgrade/index.ts";
import { type StartContext, startOperation } from "./host.ts";

/** What a pool's upgrade asks for (`POST …/node-pools/{pool}/upgrade`, a run, a rollout). */
export interface PoolUpgradeInput {
  version?: string | undefined;
  nodeImage?: string | undefined;
  ignoreMaintenanceWindow?: boolean | undefined;
}

/** A pool's upgrade read from the inventory and indexed, ready to start in its fleet. */
export interface PreparedPoolUpgrade {
  fleet: string;
  request: NodePoolUpgradeRequest;
  maintenance: Maintenance | undefined;
  poolUid: string;
}

/** How a prepared upgrade reaches the fleet's storage: by RPC, or from inside the object. */
export interface PoolStarter {
  start(prepared: PreparedPoolUpgrade): Promise<Result<NodePoolOperationView>>;
  /** The operation, if the fleet has it (a start that failed after its commit). */
  find(fleet: string, id: string): Promise<NodePoolOperationView | undefined>;
}

/**
 * Starts a pool's upgrade unless its cluster's upgrade runs its pools itself (LIFE-3).
 * `started` runs in the same transaction (a waiter's watch, ends.ts).
 */
export function startPoolUpgrade(
  tx: Tx,
  request: NodePoolUpgradeRequest,
  context: StartContext,
  started?: (tx: Tx, operation: string) => void,
): Result<NodePoolOperationView> {
  const cluster = runningClusterUpgrade(tx, request.pool.cluster);
  if (cluster) {
    return refuse(
      "LIFE-3",
      "conflict",
      `LIFE-3: cluster ${request.pool.cluster} is being upgraded by ${cluster.id} (${cluster.state}); its node pools upgrade as part of it`,
    );
  }
  const result = startOperation(tx, request, context);
  if (result.ok) started?.(tx, result.value.id);
  return result;
}

/**
 * Starts a node-pool upgrade from what the inventory holds: the pool's facts, the target
 * (its cluster's version and its own image unless given) and the cluster's windows. The
 * operation is indexed in D1 first so it can always be found; a refusal removes the
 * index row again, and so does a failed start the fleet does not have.
 */
export async function startIndexedPoolUpgrade(
  db: Inventory,
  clusterName: string,
  poolName: string,
  input: PoolUpgradeInput,
  now: number,
  starter: PoolStarter,
): Promise<Outcome<NodePoolOperationView>> {
  const cluster = await getCluster(db, clusterName);
  if (!cluster) return refused("missing", `cluster ${clusterName} does not exist`);
  const pool = await getNodePool(db, clusterName, poolName);
  if (!pool)
    return refused("missing", `node pool ${poolName} does not exist in cluster ${clusterName}`);
  const target = {
    version: input.version ?? cluster.statusVersion,
    nodeImage: input.nodeImage ?? pool.nodeImage,
  };
  if (target.version === pool.version && target.nodeImage === pool.nodeImage) {
    return refused(
      "conflict",
      `node pool ${poolName} already runs ${pool.version} / ${pool.nodeImage}`,
    );
  }
  const facts = await poolFacts(db, cluster, pool);
  const id = newOperationId();
  await insertOperation(
    db,
    { id, kind: "NODE_POOL_UPGRADE", fleet: cluster.fleet, cluster: clusterName, pool: poolName },
    now,
  );
  const prepared: PreparedPoolUpgrade = {
    fleet: cluster.fleet,
    request: { operationId: id, pool: facts, target },
    maintenance: input.ignoreMaintenanceWindow ? undefined : (cluster.maintenance ?? undefined),
    poolUid: pool.uid,
  };
  let started: Result<NodePoolOperationView>;
  try {
    started = await starter.start(prepared);
  } catch (error) {
    // The object's transaction rolled back, unless the failure came after its commit:
    // the index row stays only for an operation the object has.
    console.error(`node-pool upgrade ${id} of ${clusterName}/${poolName} failed to start`, error);
    const view = await starter.find(cluster.fleet, id).catch(() => undefined);
    if (view) return accepted(view);
    await deleteOperation(db, id);
    return refused(
      "conflict",
      `the upgrade of node pool ${poolName} could not be started in fleet ${cluster.fleet}; nothing was started, retry later`,
    );
  }
  if (!started.ok) await deleteOperation(db, id);
  return started;
}
