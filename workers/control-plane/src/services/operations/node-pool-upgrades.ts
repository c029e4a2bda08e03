import type { z } from "@hono/zod-openapi";
import type { NodePoolUpgradeInput, Operation } from "@regatta/contract";
import { type Instant, type NodePoolOperationView, toRfc3339 } from "@regatta/engine";
import {
  deleteOperation,
  getCluster,
  getNodePool,
  getOperation,
  type Inventory,
  insertOperation,
  livePools,
  markOperationLive,
  type NodeRow,
  poolFacts,
} from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { PoolControl } from "../../objects/fleet/node-pool/host.ts";
import type { RunOwner } from "../../objects/fleet/run-members/members.ts";
import { accepted, type Outcome, refused } from "../outcome.ts";
import { autoscalerOperationBody } from "./autoscaler-operation-body.ts";
import { clusterOperationBody } from "./cluster-operation-body.ts";

type OperationBody = z.infer<typeof Operation>;

/** The fleet objects, one per fleet, that run the operations. */
export type FleetObjects = Env["FLEET"];

function fleetStub(fleets: FleetObjects, fleet: string) {
  return fleets.get(fleets.idFromName(fleet));
}

/**
 * Starts a node-pool upgrade in the fleet's object. The operation is indexed in D1
 * first so it can always be found; a refusal removes the index row again.
 */
export async function startNodePoolUpgrade(
  db: Inventory,
  fleets: FleetObjects,
  clusterName: string,
  poolName: string,
  input: z.infer<typeof NodePoolUpgradeInput>,
  now: Instant,
  runOwner?: RunOwner,
): Promise<Outcome<OperationBody>> {
  const cluster = await getCluster(db, clusterName);
  if (!cluster) return refused(404, `cluster ${clusterName} does not exist`);
  const pool = await getNodePool(db, clusterName, poolName);
  if (!pool) return refused(404, `node pool ${poolName} does not exist in cluster ${clusterName}`);
  const target = {
    version: input.version ?? cluster.statusVersion,
    nodeImage: input.nodeImage ?? pool.nodeImage,
  };
  if (target.version === pool.version && target.nodeImage === pool.nodeImage) {
    return refused(409, `node pool ${poolName} already runs ${pool.version} / ${pool.nodeImage}`);
  }
  const facts = await poolFacts(db, cluster, pool);

  const id = `op-${crypto.randomUUID()}`;
  await insertOperation(
    db,
    { id, kind: "NODE_POOL_UPGRADE", fleet: cluster.fleet, cluster: clusterName, pool: poolName },
    now,
  );
  const maintenance = input.ignoreMaintenanceWindow
    ? undefined
    : (cluster.maintenance ?? undefined);
  const fleet = fleetStub(fleets, cluster.fleet);
  let started: Awaited<ReturnType<typeof fleet.startNodePoolUpgrade>>;
  try {
    started = await fleet.startNodePoolUpgrade(
      { operationId: id, pool: facts, target },
      maintenance,
      pool.uid,
      runOwner,
    );
  } catch (error) {
    // The object's transaction rolled back, unless the failure came after its commit:
    // the index row stays only for an operation the object has.
    console.error(`node-pool upgrade ${id} of ${clusterName}/${poolName} failed to start`, error);
    const view = await fleet.operation(id).catch(() => undefined);
    if (view) return accepted(operationBody(view));
    await deleteOperation(db, id);
    return refused(
      409,
      `the upgrade of node pool ${poolName} could not be started in fleet ${cluster.fleet}; nothing was started, retry later`,
    );
  }
  if (!started.ok) {
    await deleteOperation(db, id);
    return started;
  }
  return accepted(operationBody(started.value));
}

/** Cancels, resumes, rolls back or completes the pool's upgrade in its fleet's object. */
export async function controlNodePoolUpgrade(
  db: Inventory,
  fleets: FleetObjects,
  fleet: string,
  cluster: string,
  pool: string,
  control: PoolControl,
): Promise<Outcome<OperationBody>> {
  const controlled = await fleetStub(fleets, fleet).controlNodePool(cluster, pool, control);
  if (!controlled.ok) return controlled;
  const view = controlled.value;
  // A resume or rollback can bring a written-back operation to life again.
  if (view.endedAt === undefined) await markOperationLive(db, view.id, true);
  return accepted(operationBody(view));
}

/** The fleet an operation lives in, from the D1 index; 404 when unknown. */
export async function locateOperation(
  db: Inventory,
  id: string,
): Promise<Outcome<{ fleet: string; cluster: string; kind: string }>> {
  const row = await getOperation(db, id);
  if (!row) return refused(404, `operation ${id} does not exist`);
  return accepted({ fleet: row.fleet, cluster: row.cluster, kind: row.kind });
}

/** The operation as its fleet's object sees it now; 404 when unknown. */
export async function readOperation(
  db: Inventory,
  fleets: FleetObjects,
  id: string,
): Promise<Outcome<OperationBody>> {
  const located = await locateOperation(db, id);
  if (!located.ok) return located;
  const fleet = fleetStub(fleets, located.value.fleet);
  if (located.value.kind === "CLUSTER_UPGRADE") {
    const cluster = await fleet.clusterUpgrade(id);
    if (!cluster) return refused(404, `operation ${id} does not exist`);
    return accepted(clusterOperationBody(cluster));
  }
  if (located.value.kind === "AUTOSCALER") {
    const autoscaler = await fleet.autoscalerOperation(id);
    if (!autoscaler) return refused(404, `operation ${id} does not exist`);
    return accepted(autoscalerOperationBody(autoscaler));
  }
  const view = await fleet.operation(id);
  if (!view) return refused(404, `operation ${id} does not exist`);
  return accepted(operationBody(view));
}

/**
 * Nodes as they are right now: for pools under upgrade the fleet object's live view
 * replaces the inventory rows, limited to this page's key range so pages stay disjoint.
 */
export async function withLiveNodes(
  db: Inventory,
  fleets: FleetObjects,
  fleet: string,
  cluster: string,
  rows: NodeRow[],
  range: { after?: string | undefined; through?: string | undefined },
): Promise<NodeRow[]> {
  const pools = await livePools(db, cluster, [...new Set(rows.map((row) => row.pool))]);
  if (pools.length === 0) return rows;
  const live = await fleetStub(fleets, fleet).liveNodes(cluster, pools);
  if (Object.keys(live).length === 0) return rows;
  const inRange = (name: string) =>
    (range.after === undefined || name > range.after) &&
    (range.through === undefined || name <= range.through);
  const now = Date.now();
  const merged = rows.filter((row) => !(row.pool in live));
  for (const [pool, nodesOfPool] of Object.entries(live)) {
    for (const node of nodesOfPool) {
      if (!inRange(node.name)) continue;
      merged.push({
        cluster,
        pool,
        name: node.name,
        zone: node.zone,
        version: node.version,
        nodeImage: node.nodeImage,
        state: node.state,
        color: node.color ?? null,
        createdAt: now,
        updatedAt: now,
      });
    }
  }
  return merged.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function operationBody(view: NodePoolOperationView): OperationBody {
  const body: OperationBody = {
    id: view.id,
    kind: view.kind,
    target: view.target,
    strategy: view.strategy,
    state: view.state,
    phase: view.phase,
    progress: view.progress,
    events: view.events.map((event) => ({ at: toRfc3339(event.at), message: event.message })),
    eventCount: view.eventCount,
    startedAt: toRfc3339(view.startedAt),
    updatedAt: toRfc3339(view.updatedAt),
  };
  if (view.reason !== undefined) body.reason = view.reason;
  if (view.error !== undefined) body.error = view.error;
  if (view.endedAt !== undefined) body.endedAt = toRfc3339(view.endedAt);
  return body;
}
