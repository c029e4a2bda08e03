import type { z } from "@hono/zod-openapi";
import type { Cluster, ClusterUpgradeInput } from "@regatta/contract";
import { type Instant, toRfc3339 } from "@regatta/engine";
import {
  allPages,
  deleteOperation,
  type Inventory,
  insertOperation,
  listNodePools,
  newOperationId,
  updateClusterStatus,
} from "@regatta/inventory";
import { startIndexedClusterUpgrade } from "../../objects/fleet/cluster-upgrade/start.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import type { FleetObjects } from "./node-pool-upgrades.ts";
import { clusterOperationBody, type OperationBody } from "./operation-body.ts";

/**
 * LIFE-3: upgrades `clusterName` to `input.version` in its fleet's object by RPC (the
 * facts, index rows and VER-8 status as `startIndexedClusterUpgrade` has them).
 */
export async function startClusterUpgrade(
  db: Inventory,
  fleets: FleetObjects,
  clusterName: string,
  input: z.infer<typeof ClusterUpgradeInput>,
  now: Instant,
): Promise<Outcome<OperationBody>> {
  const started = await startIndexedClusterUpgrade(db, clusterName, input, now, {
    // One cluster per request: its one start goes by RPC.
    start: (fleet, starts) =>
      Promise.all(
        starts.map((start) => fleets.get(fleets.idFromName(fleet)).startClusterUpgrade(start)),
      ),
    find: async (fleet, id) => {
      const view = await fleets.get(fleets.idFromName(fleet)).clusterUpgrade(id);
      return view && { view, adoptedPoolOperations: [] };
    },
  });
  return started.ok ? accepted(clusterOperationBody(started.value.view)) : started;
}

/**
 * `POST /v1/operations/{id}/resume`: retries a failed cluster upgrade from its failed
 * component (LIFE-3); steps already done are not run again.
 */
export async function resumeClusterUpgrade(
  db: Inventory,
  fleets: FleetObjects,
  located: { id: string; fleet: string; cluster: string; kind: string },
  now: Instant,
): Promise<Outcome<OperationBody>> {
  if (located.kind !== "CLUSTER_UPGRADE") {
    return refused(
      "conflict",
      `operation ${located.id} is a ${located.kind}; resume it on its node pool (POST /v1/clusters/{cluster}/node-pools/{pool}/resume)`,
    );
  }
  // A failed worker pool upgrades again as a new node-pool operation: index an id per
  // pool first (readable by id from the start), then drop the ones not used.
  const pools = await allPages((page) => listNodePools(db, located.cluster, page));
  const rows = pools.map((pool) => ({
    id: newOperationId(),
    kind: "NODE_POOL_UPGRADE",
    fleet: located.fleet,
    cluster: located.cluster,
    pool: pool.name,
  }));
  for (const row of rows) await insertOperation(db, row, now);
  const resumed = await fleets
    .get(fleets.idFromName(located.fleet))
    .resumeClusterUpgrade(located.id, Object.fromEntries(rows.map((row) => [row.pool, row.id])))
    .catch((error: unknown) => {
      console.error(`resume of ${located.id} failed`, error);
      return undefined;
    });
  const adopted = new Set(resumed?.ok ? resumed.value.adoptedPoolOperations : []);
  await Promise.all(
    rows.filter((row) => !adopted.has(row.id)).map((row) => deleteOperation(db, row.id)),
  );
  if (!resumed) {
    return refused(
      "conflict",
      `the retry of ${located.id} could not reach its fleet ${located.fleet}; nothing was changed, retry later`,
    );
  }
  if (!resumed.ok) return resumed;
  await updateClusterStatus(db, located.cluster, { phase: "UPGRADING" }, now);
  return accepted(clusterOperationBody(resumed.value.view));
}

/**
 * `POST /v1/operations/{id}/cancel`: stops a running cluster upgrade (LIFE-3: its health
 * checks repeat until they pass, so only the operator ends one that keeps failing).
 */
export async function cancelClusterUpgrade(
  fleets: FleetObjects,
  located: { id: string; fleet: string; kind: string },
): Promise<Outcome<OperationBody>> {
  if (located.kind !== "CLUSTER_UPGRADE") {
    return refused(
      "conflict",
      `operation ${located.id} is a ${located.kind}; cancel it on its node pool (POST /v1/clusters/{cluster}/node-pools/{pool}/cancel)`,
    );
  }
  const cancelled = await fleets
    .get(fleets.idFromName(located.fleet))
    .cancelClusterUpgrade(located.id);
  return cancelled.ok ? accepted(clusterOperationBody(cancelled.value)) : cancelled;
}

/** Cluster phases during and after a failed cluster upgrade, when its status has more. */
const UPGRADE_PHASES = new Set(["UPGRADING", "UPGRADE_FAILED"]);

/**
 * LIFE-4: while a cluster upgrades (or after it failed), its status shows the upgrade's
 * components with their versions and states, the version → node count map and, for
 * self-managed clusters, the lifecycle controllers' manifests version.
 */
export async function withUpgradeStatus(
  fleets: FleetObjects,
  view: z.infer<typeof Cluster>,
): Promise<z.infer<typeof Cluster>> {
  if (!UPGRADE_PHASES.has(view.status.phase)) return view;
  const upgrade = await fleets.get(fleets.idFromName(view.fleet)).clusterUpgradeStatus(view.name);
  if (!upgrade) return view;
  // Instants as the API writes them (LIFE-3: failing health checks show since when).
  const components = upgrade.components.map(({ failingSince, nextAttemptAt, ...component }) => ({
    ...component,
    ...(failingSince !== undefined && { failingSince: toRfc3339(failingSince) }),
    ...(nextAttemptAt !== undefined && { nextAttemptAt: toRfc3339(nextAttemptAt) }),
  }));
  return { ...view, status: { ...view.status, components: { ...upgrade, components } } };
}
