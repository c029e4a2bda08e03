import {
  type AutoscalerInput,
  type AutoscalerNode,
  type AutoscalerPool,
  evaluateCluster,
  initialAutoscalerState,
  isTerminal,
  MINUTE,
  nodeLabels,
  type ProvisioningRequest,
  poolNodes,
  poolScalingPolicy,
  scalableNodes,
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
import { poolKey } from "../node-pool/keys.ts";
import { loadOperation } from "../node-pool/store.ts";
import { actuate } from "./actuation.ts";
import { autoscalerIdKey, autoscalerStateKey } from "./cluster.ts";
import { type RecordedDecision, recordDecisions } from "./decisions.ts";
import { type ClusterFacts, readClusterFacts } from "./facts.ts";
import { AS_TIMER } from "./keys.ts";
import { placePods } from "./placement.ts";
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
 * under upgrade. It carries out scale-ups as CREATE_NODE and scale-downs as DRAIN_NODE
 * then DELETE_NODE commands through the provider, records every decision (CA-17) and
 * wakes at the engine's scan interval. Passes run on a workload change, on the timer
 * and on `POST …/autoscaler/evaluate`.
 */

/** The answer of one pass. */
export interface EvaluationView {
  cluster: string;
  at: string;
  decisions: RecordedDecision[];
  nextScanAt?: string;
}

/**
 * A cluster whose only business is pods no pass can place yet, nodes waiting out their
 * unneeded time (10 min, CA-5) or a pool's backoff (5–30 min, CA-4): scanned this often,
 * so a removal or a retry comes at most this late.
 */
const WAITING_SCAN_MS = MINUTE;

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
  const { nodes, pools, busyPools } = nodeView(tx, facts, host);
  const workloads = loadWorkloads(tx, cluster);
  const pods = workloads.pods.map((pod) => ({ ...pod }));
  const changed = placePods(pods, bindable(nodes, pools));
  const input: AutoscalerInput = {
    cluster: {
      name: cluster,
      controlPlaneVersion: facts.controlPlaneVersion,
      autopilot: facts.autopilot,
    },
    pools,
    nodes,
    pods,
    pdbs: workloads.pdbs,
    computeClasses: facts.computeClasses,
    provisioningRequests: provisioningRequests(tx, cluster).map((p) => p.request),
    state: host.engine,
  };
  const decision = evaluateCluster(input, tx.now);
  host.engine = decision.state;
  recordVerdicts(tx, cluster, decision.provisioning);
  const commands = actuate(host, decision, facts, nodes, tx.now);
  tx.send(commands);
  // Pods on nodes now draining are evicted at once; they are placed at the next pass.
  for (const [name, flight] of Object.entries(host.inflight)) {
    if (flight.step === "CREATE") continue;
    pods.forEach((pod, index) => {
      if (pod.node === name) {
        delete pod.node;
        changed.add(index);
      }
    });
  }
  saveWorkloadPods(tx, cluster, pods, changed);
  const pending = pods.filter((p) => p.node === undefined && !p.daemonSet).length;
  const inputs = { pods: pods.length, pending, nodes: nodes.length, trigger };
  const recorded = recordDecisions(
    tx,
    cluster,
    decision.records.map((r) => ({
      at: r.at,
      pool: r.pool,
      action: r.action,
      delta: r.delta,
      ...(r.zones ? { zones: r.zones } : {}),
      ...(r.nodes ? { nodes: r.nodes } : {}),
      reason: r.reason,
      ...(r.blockedBy ? { blockedBy: r.blockedBy } : {}),
      inputs,
    })),
  );
  tx.putState(stateKey(cluster), host);
  // Pending pods the pass could not help (at max, backing off, priority below -10) wait
  // like unneeded nodes: scanning them every 10 s of virtual time would spin the object
  // at sim speed without changing anything.
  const acting = decision.actions.length > 0 || Object.keys(host.inflight).length > 0;
  const waiting =
    pending > 0 ||
    Object.keys(host.engine.unneededSince).length > 0 ||
    Object.keys(host.engine.backoff).length > 0;
  // An idle cluster (nothing pending, unneeded, backing off or in flight) has nothing a
  // scan could change: it sleeps until its workloads, pools or nodes change
  // (wakeAutoscaler), so a fleet of quiet clusters costs nothing between changes.
  if (!acting && !busyPools && !waiting) {
    tx.clearTimer(timerId(AS_TIMER, cluster));
    return { view: { cluster, at: toRfc3339(tx.now), decisions: recorded }, owner: host.id };
  }
  // A pool under upgrade wakes the autoscaler at each of its steps (operation-owners.ts):
  // polling it too is only a safety net, at the waiting pace.
  const due = acting ? decision.wakeAt : Math.max(decision.wakeAt, tx.now + WAITING_SCAN_MS);
  tx.setTimer({ id: timerId(AS_TIMER, cluster), due, kind: AS_TIMER, payload: cluster });
  const view = { cluster, at: toRfc3339(tx.now), decisions: recorded, nextScanAt: toRfc3339(due) };
  return { view, owner: host.id };
}

/**
 * The nodes a pass sees: the inventory's, with the changes not yet written back there,
 * replaced for pools an upgrade owns by the operation's own table (NUP-12), plus the
 * nodes in flight. Pools under upgrade carry their scaling policy and scalable nodes.
 */
function nodeView(
  tx: Tx,
  facts: ClusterFacts,
  host: HostState,
): { nodes: AutoscalerNode[]; pools: AutoscalerPool[]; busyPools: boolean } {
  const overlay = syncOverlay(tx, facts.name);
  const byName = new Map<string, AutoscalerNode>();
  for (const node of facts.nodes) {
    if (overlay.removed.has(node.name)) continue;
    byName.set(node.name, { ...node });
  }
  for (const node of overlay.added) byName.set(node.name, { ...node });
  const pools: AutoscalerPool[] = [];
  let busyPools = false;
  for (const { pool } of facts.pools) {
    const opId = tx.getState<string>(poolKey(facts.name, pool.name));
    const hosted = opId ? loadOperation(tx, opId) : undefined;
    const owned = hosted !== undefined && hosted.detached === undefined && !hosted.synced;
    const view: AutoscalerPool = { ...pool };
    if (owned) {
      for (const [name, node] of byName) if (node.pool === pool.name) byName.delete(name);
      for (const node of poolNodes(hosted.op)) {
        byName.set(node.name, {
          name: node.name,
          pool: pool.name,
          zone: node.zone,
          state: node.state,
          ...(node.color ? { color: node.color } : {}),
        });
      }
      if (!isTerminal(hosted.op.header.state)) {
        view.scaling = poolScalingPolicy(hosted.op);
        view.scalableNodes = scalableNodes(hosted.op);
        busyPools = true;
      }
    }
    pools.push(view);
  }
  for (const [name, flight] of Object.entries(host.inflight)) {
    const existing = byName.get(name);
    if (flight.step === "CREATE") {
      if (!existing) {
        byName.set(name, {
          name,
          pool: flight.pool,
          zone: flight.zone,
          state: "PROVISIONING",
          createdAt: flight.since,
          ...(flight.color ? { color: flight.color } : {}),
        });
      }
    } else {
      // Leaving: it counts for no limit and takes no pod (upstream taints it
      // ToBeDeleted), so a pass never removes a second node in its place.
      byName.delete(name);
    }
  }
  const nodes = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  return { nodes, pools, busyPools };
}

function bindable(nodes: readonly AutoscalerNode[], pools: readonly AutoscalerPool[]) {
  const byPool = new Map(pools.map((p) => [p.name, p]));
  return nodes.flatMap((node) => {
    const pool = byPool.get(node.pool);
    if (!pool) return [];
    return [
      {
        node,
        allocatable: node.allocatable ?? {
          cpuMillis: pool.machine.cpuMillis,
          memoryMiB: pool.machine.memoryMiB,
          accelerators: pool.machine.accelerators ?? 0,
        },
        maxPods: pool.maxPodsPerNode ?? 110,
        labels: nodeLabels(pool, node.zone, node.name),
      },
    ];
  });
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
