import type { z } from "@hono/zod-openapi";
import type { Cluster, ClusterUpgradeInput, Operation } from "@regatta/contract";
import { type ClusterFacts, flaggedDeprecatedApis, type Instant } from "@regatta/engine";
import {
  allPages,
  deleteOperation,
  getCluster,
  type Inventory,
  insertOperation,
  listNodePools,
  preflightFacts,
  updateClusterStatus,
} from "@regatta/inventory";
import type { RunOwner } from "../../objects/fleet/run-members/members.ts";
import { accepted, type Outcome, refused } from "../outcome.ts";
import { clusterOperationBody } from "./cluster-operation-body.ts";
import type { FleetObjects } from "./node-pool-upgrades.ts";

type OperationBody = z.infer<typeof Operation>;

/**
 * The inventory has no control-plane node count yet; LIFE-4's version map counts this
 * many control-plane nodes (a highly available control plane) until it does.
 */
const CONTROL_PLANE_NODES = 3;

/** How an update run (RUN-5) or a rollout sequence (SEQ-5) starts a cluster upgrade. */
export interface ClusterUpgradeOptions {
  /** The run member the operation reports its end to, recorded as it starts. */
  runOwner?: RunOwner;
  /** ControlPlaneOnly (RUN-5) or the control-plane phase (SEQ-5): no worker pool is part of it. */
  controlPlaneOnly?: boolean;
  /** Full: the node image the worker pools move to (RUN-6). */
  nodeImage?: string;
}

/**
 * LIFE-3: upgrades `clusterName` to `input.version` in its fleet's object, which runs
 * the preflight (LIFE-2: a blocking finding refuses, nothing changes) and then the
 * components in order, each worker pool through its own node-pool strategy. The
 * operation and each pool's first node-pool operation are indexed in D1 first, so all
 * are readable by id; spec.version is the target from the start, status.version moves
 * only on success (VER-8). Again after a failure: retries from the failed component.
 * `options.controlPlaneOnly` (RUN-5 ControlPlaneOnly, SEQ-5's phase) leaves the worker pools out.
 */
export async function startClusterUpgrade(
  db: Inventory,
  fleets: FleetObjects,
  clusterName: string,
  input: z.infer<typeof ClusterUpgradeInput>,
  now: Instant,
  options: ClusterUpgradeOptions = {},
): Promise<Outcome<OperationBody>> {
  const cluster = await getCluster(db, clusterName);
  if (!cluster) return refused(404, `cluster ${clusterName} does not exist`);
  const facts: ClusterFacts = {
    ...(await preflightFacts(db, cluster)),
    controlPlaneNodes: CONTROL_PLANE_NODES,
  };
  if (options.controlPlaneOnly) facts.pools = [];
  if (cluster.deprecatedApiUsage) {
    facts.deprecatedApis = flaggedDeprecatedApis(cluster.statusVersion, input.version);
  }
  // SEQ-5 / RUN-5: a control-plane-only upgrade plans without the worker pools (they
  // follow in their own phase, or not at all).
  const pools = options.controlPlaneOnly
    ? []
    : await allPages((page) => listNodePools(db, clusterName, page));
  const id = `op-${crypto.randomUUID()}`;
  const poolOperationIds = Object.fromEntries(
    pools.map((pool) => [pool.name, `op-${crypto.randomUUID()}`]),
  );
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

  const fleet = fleets.get(fleets.idFromName(cluster.fleet));
  const request = {
    operationId: id,
    facts,
    version: input.version,
    useBootstrap: input.useBootstrap,
    ...(options.nodeImage ? { nodeImage: options.nodeImage } : {}),
  };
  let started: Awaited<ReturnType<typeof fleet.startClusterUpgrade>>;
  try {
    started = await fleet.startClusterUpgrade({
      request,
      poolUids: Object.fromEntries(pools.map((pool) => [pool.name, pool.uid])),
      poolOperationIds,
      ...(cluster.maintenance ? { maintenance: cluster.maintenance } : {}),
      ...(options.runOwner ? { runOwner: options.runOwner } : {}),
    });
  } catch (error) {
    console.error(`cluster upgrade ${id} of ${clusterName} failed to start`, error);
    const view = await fleet.clusterUpgrade(id).catch(() => undefined);
    if (view) return accepted(clusterOperationBody(view));
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
  return accepted(clusterOperationBody(started.value.view));
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
      409,
      `operation ${located.id} is a ${located.kind}; resume it on its node pool (POST /v1/clusters/{cluster}/node-pools/{pool}/resume)`,
    );
  }
  // A failed worker pool upgrades again as a new node-pool operation: index an id per
  // pool first (readable by id from the start), then drop the ones not used.
  const pools = await allPages((page) => listNodePools(db, located.cluster, page));
  const rows = pools.map((pool) => ({
    id: `op-${crypto.randomUUID()}`,
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
      409,
      `the retry of ${located.id} could not reach its fleet ${located.fleet}; nothing was changed, retry later`,
    );
  }
  if (!resumed.ok) return resumed;
  await updateClusterStatus(db, located.cluster, { phase: "UPGRADING" }, now);
  return accepted(clusterOperationBody(resumed.value.view));
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
  return { ...view, status: { ...view.status, components: { ...upgrade } } };
}
