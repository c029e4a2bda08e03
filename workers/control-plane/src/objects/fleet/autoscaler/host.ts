import {
  type AutoscalerInput,
  autoscalerNodeView,
  bindableNodes,
  evaluateCluster,
  evictFromLeaving,
  initialAutoscalerState,
  type NodePoolOperation,
  nextScanAt,
  nodesWithUnevictablePods,
  overdueSteps,
  type PoolTemplate,
  type ProvisioningRequest,
  placePods,
  planActuation,
  toRfc3339,
} from "@regatta/engine";
import {
  deleteOperation,
  type Inventory,
  insertOperation,
  newOperationId,
} from "@regatta/inventory";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Timer, Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { loadOperation, poolKey, reportUnevictable } from "../node-pool/index.ts";
import { autoscalerIdKey, autoscalerStateKey } from "./cluster.ts";
import { type RecordedDecision, recordDecisions, recordPass } from "./decisions.ts";
import { type ClusterFacts, readClusterFacts, roomWithUnstored } from "./facts.ts";
import { AS_TIMER } from "./keys.ts";
import {
  addProvisioningRequest,
  provisioningRequests,
  recordVerdicts,
  type StoredProvisioning,
} from "./provisioning.ts";
import type { HostState } from "./state.ts";
import { syncOverlay } from "./sync.ts";
import {
  loadWorkloads,
  putWorkloads,
  saveWorkloadPods,
  type WorkloadsPut,
  type WorkloadsSummary,
  workloadsSummary,
} from "./workloads.ts";

/**
 * The fleet object's cluster autoscaler (CA): one pass per cluster reads the inventory,
 * then decides inside the object with the engine (`evaluateCluster`) over the stored
 * workloads, the nodes (the inventory's, overlaid with those of pools an upgrade owns
 * and those the autoscaler is creating or removing), and the NUP-12 policy of each pool
 * under upgrade (the engine's `autoscalerNodeView`). The engine plans the commands
 * (`planActuation`: CREATE_NODE for scale-ups, DRAIN_NODE then DELETE_NODE for
 * scale-downs) and when a pass could next decide otherwise (`nextScanAt`); this host
 * stores, sends, folds the decisions into the log (CA-17) and sets the timer. Passes run
 * at the explicit triggers (a whole workload snapshot, `POST …/autoscaler/evaluate`, a
 * ProvisioningRequest) at their instant, at a change (`wakeAutoscaler`: a provider's
 * answer, a pool or the cluster put, an upgrade's step) on the scan grid, and at the
 * timer: never where the brute loop could only repeat itself (scan-cadence.ts).
 */

/** The answer of one pass. */
export interface EvaluationView {
  cluster: string;
  at: string;
  decisions: RecordedDecision[];
  nextScanAt?: string;
}

const stateKey = autoscalerStateKey;
const idKey = autoscalerIdKey;

/** Runs one pass for `cluster` now; undefined when the cluster is gone. */
export async function evaluateAutoscaler(
  runtime: ObjectRuntime,
  db: Inventory,
  cluster: string,
  trigger: string,
): Promise<EvaluationView | undefined> {
  const facts = await readClusterFacts(db, cluster);
  if (!facts) {
    await runtime.commit((tx) => tx.clearTimer(timerId(AS_TIMER, cluster)));
    return undefined;
  }
  const known = await runtime.commit((tx) => tx.getState<HostState>(stateKey(cluster))?.id);
  let id = known;
  if (id === undefined) {
    // Webhook callbacks find their fleet object through the D1 operations index.
    id = newOperationId();
    await insertOperation(
      db,
      { id, kind: "AUTOSCALER", fleet: facts.fleet, cluster, pool: null },
      runtime.now(),
    );
  }
  const fresh = id;
  const { view, owner } = await runtime.commit((tx) => decide(tx, facts, fresh, trigger));
  // Another pass indexed the cluster's operation first: the row indexed here owns nothing.
  if (known === undefined && owner !== fresh) await deleteOperation(db, fresh);
  return view;
}

/** The timer: a scheduled pass. */
export async function fireAutoscalerTimer(
  runtime: ObjectRuntime,
  db: Inventory,
  timer: Timer,
): Promise<void> {
  if (timer.payload) await evaluateAutoscaler(runtime, db, timer.payload, "scan");
}

function loadState(tx: Tx, cluster: string, id: string): HostState {
  const state = tx.getState<HostState>(stateKey(cluster));
  if (state) return structuredClone(state);
  tx.putState(idKey(id), cluster);
  return { id, engine: initialAutoscalerState(), seq: 0, inflight: {}, startedAt: tx.now, done: 0 };
}

function decide(
  tx: Tx,
  facts: ClusterFacts,
  id: string,
  trigger: string,
): { view: EvaluationView; owner: string } {
  const cluster = facts.name;
  const host = loadState(tx, cluster, id);
  host.version = facts.controlPlaneVersion;
  forceOverdue(tx, cluster, host);
  const upgrades = heldPools(tx, facts);
  const nodeView = autoscalerNodeView({
    stored: facts.nodes,
    unsynced: syncOverlay(tx, cluster),
    pools: facts.pools.map((p) => p.pool),
    upgrades,
    inFlight: host.inflight,
  });
  const { nodes } = nodeView;
  const rooms = roomWithUnstored(facts, nodes);
  const pools = nodeView.pools.map((pool) => {
    const zoneCapacity = rooms.get(pool.name);
    return zoneCapacity ? { ...pool, zoneCapacity } : pool;
  });
  const workloads = loadWorkloads(tx, cluster);
  const profile = {
    autopilot: facts.autopilot,
    ...(facts.profile ? { profile: facts.profile } : {}),
  };
  const placed = placePods(workloads.pods, bindableNodes(nodes, pools, profile));
  // NUP-10: pools under upgrade hear which nodes run pods marked not safe to evict.
  const unevictable = nodesWithUnevictablePods(placed.pods);
  for (const pool of upgrades.keys()) reportUnevictable(tx, cluster, pool, unevictable);
  const input: AutoscalerInput = {
    cluster: {
      name: cluster,
      controlPlaneVersion: facts.controlPlaneVersion,
      autopilot: facts.autopilot,
      ...(facts.profile ? { profile: facts.profile } : {}),
    },
    pools,
    nodes,
    pods: placed.pods,
    pdbs: workloads.pdbs,
    computeClasses: facts.computeClasses,
    provisioningRequests: provisioningRequests(tx, cluster).map((p) => p.request),
    state: host.engine,
  };
  const decision = evaluateCluster(input, tx.now);
  host.engine = decision.state;
  recordVerdicts(tx, cluster, decision.provisioning);
  const plan = planActuation({
    operationId: host.id,
    cluster,
    actions: decision.actions,
    templates: poolTemplates(facts),
    nodes,
    inFlight: host.inflight,
    seq: host.seq,
    now: tx.now,
  });
  host.inflight = plan.inFlight;
  host.seq = plan.seq;
  tx.send(plan.commands);
  const evicted = evictFromLeaving(placed.pods, host.inflight);
  const pods = evicted.pods;
  saveWorkloadPods(tx, cluster, pods, new Set([...placed.changed, ...evicted.changed]));
  const pending = pods.filter((p) => p.node === undefined && !p.daemonSet).length;
  const inputs = { pods: pods.length, pending, nodes: nodes.length, trigger };
  const recorded = recordPass(
    tx,
    cluster,
    tx.now,
    decision.records.map((r) => ({
      at: r.at,
      pool: r.pool,
      action: r.action,
      delta: r.delta,
      ...(r.zones ? { zones: r.zones } : {}),
      ...(r.nodes ? { nodes: r.nodes } : {}),
      reason: r.reason,
      ...(r.blockedBy ? { blockedBy: r.blockedBy } : {}),
      ...(r.unneeded ? { unneeded: r.unneeded } : {}),
      inputs,
    })),
  );
  host.scanEveryMs = decision.scanIntervalMs;
  tx.putState(stateKey(cluster), host);
  // NUP-12: a pool under upgrade wakes the autoscaler at each of its steps (ends.ts).
  const due = nextScanAt({ decision, inFlight: host.inflight }, tx.now);
  if (due === undefined) {
    tx.clearTimer(timerId(AS_TIMER, cluster));
    return { view: { cluster, at: toRfc3339(tx.now), decisions: recorded }, owner: host.id };
  }
  tx.setTimer({ id: timerId(AS_TIMER, cluster), due, kind: AS_TIMER, payload: cluster });
  const view = { cluster, at: toRfc3339(tx.now), decisions: recorded, nextScanAt: toRfc3339(due) };
  return { view, owner: host.id };
}

/**
 * CA-8: drains whose graceful termination ran out are forced, forced drains stuck past
 * their limit are followed by the delete, whether or not the provider answered; each
 * step is logged.
 */
function forceOverdue(tx: Tx, cluster: string, host: HostState): void {
  const steps = overdueSteps(host.id, cluster, host.inflight, tx.now);
  if (steps.length === 0) return;
  for (const step of steps) host.inflight[step.node] = step.flight;
  tx.send(steps.map((step) => step.command));
  recordDecisions(
    tx,
    cluster,
    steps.map((step) => ({
      at: tx.now,
      pool: step.pool,
      action: "SCALE_DOWN" as const,
      delta: 0,
      nodes: [step.node],
      reason: step.reason,
      blockedBy: "CA-8",
    })),
  );
}

/**
 * Pools whose nodes an upgrade holds (NUP-12): its operation has not written them back
 * to the inventory yet, so its node table is the truth for them.
 */
function heldPools(tx: Tx, facts: ClusterFacts): Map<string, NodePoolOperation> {
  const held = new Map<string, NodePoolOperation>();
  for (const { pool } of facts.pools) {
    const opId = tx.getState<string>(poolKey(facts.name, pool.name));
    const hosted = opId ? loadOperation(tx, opId) : undefined;
    if (hosted !== undefined && hosted.detached === undefined && !hosted.synced) {
      held.set(pool.name, hosted.op);
    }
  }
  return held;
}

/** What the autoscaler's new nodes of each pool are made of. */
function poolTemplates(facts: ClusterFacts): Map<string, PoolTemplate> {
  return new Map(
    facts.pools.map((p) => [
      p.pool.name,
      {
        machineType: p.pool.machine.machineType,
        config: { version: p.version, nodeImage: p.nodeImage },
      },
    ]),
  );
}

/**
 * CA-14: takes a ProvisioningRequest and runs a pass at once, so `check-capacity` is
 * answered and the others start (or wait) now; answers the request as it then stands.
 */
export async function submitProvisioning(
  runtime: ObjectRuntime,
  db: Inventory,
  cluster: string,
  request: ProvisioningRequest,
): Promise<StoredProvisioning | undefined> {
  await runtime.commit((tx) => addProvisioningRequest(tx, cluster, request));
  await evaluateAutoscaler(runtime, db, cluster, "provisioning-request");
  return runtime.commit((tx) =>
    provisioningRequests(tx, cluster).find((p) => p.request.name === request.name),
  );
}

/**
 * `PUT …/workloads`: stores the snapshot (or one of its parts) and, once it is whole,
 * runs a pass on it; the pending count is read after the pass placed what fits.
 */
export async function receiveWorkloads(
  runtime: ObjectRuntime,
  inventory: Inventory,
  cluster: string,
  put: WorkloadsPut,
): Promise<{ workloads: WorkloadsSummary; evaluation?: EvaluationView } | { refused: string }> {
  const workloads = await runtime.commit((tx) => putWorkloads(tx, cluster, put));
  if ("refused" in workloads) return workloads;
  if (!workloads.complete) return { workloads };
  const evaluation = await evaluateAutoscaler(runtime, inventory, cluster, "workloads");
  const placed = await runtime.commit((tx) => workloadsSummary(tx, cluster));
  return evaluation ? { workloads: placed, evaluation } : { workloads: placed };
}
