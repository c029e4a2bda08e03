import type { z } from "@hono/zod-openapi";
import type { NodePoolUpgradeInput } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  getOperation,
  type Inventory,
  livePools,
  markOperationLive,
  type NodeRow,
} from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { PoolControl } from "../../objects/fleet/node-pool/host.ts";

export type { PoolControl };

import { startIndexedPoolUpgrade } from "../../objects/fleet/node-pool/start.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import {
  autoscalerOperationBody,
  clusterOperationBody,
  type OperationBody,
  nodePoolOperationBody as operationBody,
} from "./operation-body.ts";

/** The fleet objects, one per fleet, that run the operations. */
export type FleetObjects = Env["FLEET"];

function fleetStub(fleets: FleetObjects, fleet: string) {
  return fleets.get(fleets.idFromName(fleet));
}

/**
 * Starts a node-pool upgrade in the fleet's object (the pool's facts, index row and
 * refusals as `startIndexedPoolUpgrade` has them), by RPC.
 */
export async function startNodePoolUpgrade(
  db: Inventory,
  fleets: FleetObjects,
  clusterName: string,
  poolName: string,
  input: z.infer<typeof NodePoolUpgradeInput>,
  now: Instant,
): Promise<Outcome<OperationBody>> {
  const started = await startIndexedPoolUpgrade(db, clusterName, poolName, input, now, {
    start: (prepared) =>
      fleetStub(fleets, prepared.fleet).startNodePoolUpgrade(
        prepared.request,
        prepared.maintenance,
        prepared.poolUid,
      ),
    find: (fleet, id) => fleetStub(fleets, fleet).operation(id),
  });
  return started.ok ? accepted(operationBody(started.value)) : started;
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
  if (!row) return refused("missing", `operation ${id} does not exist`);
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
    if (!cluster) return refused("missing", `operation ${id} does not exist`);
    return accepted(clusterOperationBody(cluster));
  }
  if (located.value.kind === "AUTOSCALER") {
    const autoscaler = await fleet.autoscalerOperation(id);
    if (!autoscaler) return refused("missing", `operation ${id} does not exist`);
    return accepted(autoscalerOperationBody(autoscaler));
  }
  const view = await fleet.operation(id);
  if (!view) return refused("missing", `operation ${id} does not exist`);
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
