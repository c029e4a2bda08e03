import type { z } from "@hono/zod-openapi";
import type { NodePoolUpgradeInput, Operation } from "@regatta/contract";
import {
  markReserved,
  type NodePoolFacts,
  type NodePoolOperationView,
  type Result,
  type ZoneRoom,
  zoneRoom,
} from "@regatta/engine";
import {
  allPages,
  getCluster,
  getMachineType,
  getNodePool,
  listNodesByPool,
  livePools,
  markOperationLive,
  type NodeRow,
  reservedMachines,
  zoneNodeCapacity,
} from "@regatta/inventory";
import { operations } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import { type Db, inventoryDb } from "../../db.ts";
import type { Env } from "../../env.ts";
import { ProblemError } from "../../http/problem.ts";
import type { PoolControl } from "../../objects/node-pool-host.ts";
import { controlPlaneNow } from "../now.ts";

type OperationBody = z.infer<typeof Operation>;

function fleetStub(env: Env, fleet: string) {
  return env.FLEET.get(env.FLEET.idFromName(fleet));
}

function orRefuse<T>(result: Result<T>): T {
  if (!result.ok) throw ProblemError.fromViolation(result.error);
  return result.value;
}

/**
 * Starts a node-pool upgrade in the fleet's object. The operation is indexed in D1
 * first so it can always be found; a refusal removes the index row again.
 */
export async function startNodePoolUpgrade(
  env: Env,
  clusterName: string,
  poolName: string,
  input: z.infer<typeof NodePoolUpgradeInput>,
): Promise<OperationBody> {
  const db = inventoryDb(env.DB);
  const cluster = await getCluster(db, clusterName);
  if (!cluster) throw new ProblemError(404, `cluster ${clusterName} does not exist`);
  const pool = await getNodePool(db, clusterName, poolName);
  if (!pool)
    throw new ProblemError(404, `node pool ${poolName} does not exist in cluster ${clusterName}`);
  const target = {
    version: input.version ?? cluster.statusVersion,
    nodeImage: input.nodeImage ?? pool.nodeImage,
  };
  if (target.version === pool.version && target.nodeImage === pool.nodeImage) {
    throw new ProblemError(
      409,
      `node pool ${poolName} already runs ${pool.version} / ${pool.nodeImage}`,
    );
  }
  const poolNodes = await allPages((page) => listNodesByPool(db, clusterName, poolName, page));
  const facts: NodePoolFacts = {
    cluster: clusterName,
    pool: poolName,
    controlPlaneVersion: cluster.statusVersion,
    autopilotCluster: cluster.autopilot,
    autopilotManaged: pool.autopilotManaged,
    flexStart: pool.flexStart,
    autoscalingEnabled: pool.autoscaling?.enabled ?? false,
    machineType: pool.machineType,
    nodes: markReserved(
      poolNodes.map((node) => ({
        name: node.name,
        zone: node.zone,
        version: node.version,
        nodeImage: node.nodeImage,
      })),
      await reservedMachines(db, pool.machineType, pool.zones),
    ),
    freeCapacity: await freeCapacity(db, pool.zones, pool.machineType),
  };
  if (pool.upgradeStrategy) facts.upgradeStrategy = pool.upgradeStrategy;

  const id = `op-${crypto.randomUUID()}`;
  const now = await controlPlaneNow(env);
  await db.insert(operations).values({
    id,
    kind: "NODE_POOL_UPGRADE",
    fleet: cluster.fleet,
    cluster: clusterName,
    pool: poolName,
    createdAt: now,
  });
  const maintenance = input.ignoreMaintenanceWindow
    ? undefined
    : (cluster.maintenance ?? undefined);
  const started = await fleetStub(env, cluster.fleet).startNodePoolUpgrade(
    { operationId: id, pool: facts, target },
    maintenance,
  );
  if (!started.ok) {
    await db.delete(operations).where(eq(operations.id, id));
    throw ProblemError.fromViolation(started.error);
  }
  return operationBody(started.value);
}

export async function controlNodePoolUpgrade(
  env: Env,
  fleet: string,
  cluster: string,
  pool: string,
  control: PoolControl,
): Promise<OperationBody> {
  const view = orRefuse(await fleetStub(env, fleet).controlNodePool(cluster, pool, control));
  // A resume or rollback can bring a written-back operation to life again.
  if (view.endedAt === undefined) await markOperationLive(inventoryDb(env.DB), view.id, true);
  return operationBody(view);
}

/** The fleet an operation lives in, from the D1 index; 404 when unknown. */
export async function locateOperation(
  env: Env,
  id: string,
): Promise<{ fleet: string; cluster: string }> {
  const [row] = await inventoryDb(env.DB)
    .select()
    .from(operations)
    .where(eq(operations.id, id))
    .limit(1);
  if (!row) throw new ProblemError(404, `operation ${id} does not exist`);
  return { fleet: row.fleet, cluster: row.cluster };
}

export async function getOperation(env: Env, id: string): Promise<OperationBody> {
  const { fleet } = await locateOperation(env, id);
  const view = await fleetStub(env, fleet).operation(id);
  if (!view) throw new ProblemError(404, `operation ${id} does not exist`);
  return operationBody(view);
}

/**
 * Nodes as they are right now: for pools under upgrade the fleet object's live view
 * replaces the inventory rows, limited to this page's key range so pages stay disjoint.
 */
export async function withLiveNodes(
  env: Env,
  fleet: string,
  cluster: string,
  rows: NodeRow[],
  range: { after?: string | undefined; through?: string | undefined },
): Promise<NodeRow[]> {
  const pools = await livePools(inventoryDb(env.DB), cluster, [
    ...new Set(rows.map((row) => row.pool)),
  ]);
  if (pools.length === 0) return rows;
  const live = await fleetStub(env, fleet).liveNodes(cluster, pools);
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
  const iso = (at: number) => new Date(at).toISOString();
  const body: OperationBody = {
    id: view.id,
    kind: view.kind,
    target: view.target,
    strategy: view.strategy,
    state: view.state,
    phase: view.phase,
    progress: view.progress,
    events: view.events.map((event) => ({ at: iso(event.at), message: event.message })),
    eventCount: view.eventCount,
    startedAt: iso(view.startedAt),
    updatedAt: iso(view.updatedAt),
  };
  if (view.reason !== undefined) body.reason = view.reason;
  if (view.error !== undefined) body.error = view.error;
  if (view.endedAt !== undefined) body.endedAt = iso(view.endedAt);
  return body;
}

/** NUP-8: room for more of the pool's nodes in each of its zones that has a quota. */
async function freeCapacity(
  db: Db,
  poolZones: string[],
  machineType: string,
): Promise<Record<string, ZoneRoom>> {
  const [capacity, machine] = await Promise.all([
    zoneNodeCapacity(db, poolZones),
    getMachineType(db, machineType),
  ]);
  const free: Record<string, ZoneRoom> = {};
  for (const [zone, c] of Object.entries(capacity)) {
    const room = zoneRoom(
      {
        nodes: c.quotaNodes,
        cpuMillis: c.quotaCpuMillis,
        ips: c.quotaIps,
        reservedNodes: c.reservedNodes,
      },
      { nodes: c.usedNodes, cpuMillis: c.usedCpuMillis },
      machine?.cpuMillis,
    );
    if (room !== undefined) free[zone] = room;
  }
  return free;
}
