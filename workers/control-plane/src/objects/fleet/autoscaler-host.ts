import {
  type AutoscalerDecision,
  type AutoscalerInput,
  type AutoscalerNode,
  type AutoscalerPool,
  type AutoscalerState,
  evaluateCluster,
  type FailureReason,
  type Instant,
  initialAutoscalerState,
  isTerminal,
  MINUTE,
  type NodeColor,
  type NodeConfig,
  nodeLabels,
  type ProviderCommand,
  type ProviderEvent,
  type ProvisioningRequest,
  poolNodes,
  poolScalingPolicy,
  recordScaleUpFailure,
  type ScaleUpErrorReason,
  scalableNodes,
  toRfc3339,
} from "@regatta/engine";
import { type Inventory, insertOperation } from "@regatta/inventory";
import type { ObjectRuntime } from "../runtime/runtime.ts";
import type { Timer, Tx } from "../runtime/types.ts";
import { autoscalerIdKey, autoscalerStateKey } from "./autoscaler-cluster.ts";
import { type RecordedDecision, recordDecisions } from "./autoscaler-decisions.ts";
import { type ClusterFacts, type PoolFacts, readClusterFacts } from "./autoscaler-facts.ts";
import { placePods } from "./autoscaler-placement.ts";
import {
  addProvisioningRequest,
  provisioningRequests,
  recordVerdicts,
  type StoredProvisioning,
} from "./autoscaler-provisioning.ts";
import { queueNodeSync, syncOverlay } from "./autoscaler-sync.ts";
import { loadWorkloads, saveWorkloadPods } from "./autoscaler-workloads.ts";
import { AS_SYNC_TIMER, AS_TIMER, poolKey, timerId } from "./keys.ts";
import { scalePool } from "./node-pool-host.ts";
import { loadOperation } from "./operation-store.ts";

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

/** A node the autoscaler is creating, draining or deleting. */
interface InFlight {
  pool: string;
  zone: string;
  step: "CREATE" | "DRAIN" | "DRAIN_FORCED" | "DELETE";
  command: string;
  since: Instant;
  config: NodeConfig;
  color?: NodeColor;
  graceSeconds?: number;
}

/** What the object keeps per cluster between passes. */
interface HostState {
  /** Prefix of every command id (an operation id in the D1 index, for webhook callbacks). */
  id: string;
  engine: AutoscalerState;
  seq: number;
  inflight: Record<string, InFlight>;
}

/** The answer of one pass. */
export interface EvaluationView {
  cluster: string;
  at: string;
  decisions: RecordedDecision[];
  nextScanAt?: string;
}

/**
 * Seed 001 scans "every few seconds" in small clusters; a cluster with nothing pending,
 * nothing in flight and nothing unneeded has nothing a scan can change until its
 * workloads or pools change (which run a pass themselves), so it is scanned at most
 * this often: at 3,600× sim speed a 10 s scan would wake the object every 3 ms.
 */
const IDLE_SCAN_MS = 10 * MINUTE;
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
    id = `op-${crypto.randomUUID()}`;
    await insertOperation(
      db,
      { id, kind: "AUTOSCALER", fleet: facts.fleet, cluster, pool: null },
      runtime.now(),
    );
  }
  const fresh = id;
  return runtime.commit((tx) => decide(tx, facts, fresh, trigger));
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
  return { id, engine: initialAutoscalerState(), seq: 0, inflight: {} };
}

function decide(tx: Tx, facts: ClusterFacts, id: string, trigger: string): EvaluationView {
  const cluster = facts.name;
  const host = loadState(tx, cluster, id);
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
  const busy = decision.actions.length > 0 || busyPools || Object.keys(host.inflight).length > 0;
  const waiting =
    pending > 0 ||
    Object.keys(host.engine.unneededSince).length > 0 ||
    Object.keys(host.engine.backoff).length > 0;
  const due = busy
    ? decision.wakeAt
    : Math.max(decision.wakeAt, tx.now + (waiting ? WAITING_SCAN_MS : IDLE_SCAN_MS));
  tx.setTimer({ id: timerId(AS_TIMER, cluster), due, kind: AS_TIMER, payload: cluster });
  return {
    cluster,
    at: toRfc3339(tx.now),
    decisions: recorded,
    nextScanAt: toRfc3339(due),
  };
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

/** Turns the pass's actions into provider commands and remembers what is in flight. */
function actuate(
  host: HostState,
  decision: AutoscalerDecision,
  facts: ClusterFacts,
  nodes: readonly AutoscalerNode[],
  now: Instant,
): ProviderCommand[] {
  const cluster = facts.name;
  const commands: ProviderCommand[] = [];
  const poolFacts = new Map<string, PoolFacts>(facts.pools.map((p) => [p.pool.name, p]));
  const taken = new Set(nodes.map((n) => n.name));
  for (const action of decision.actions) {
    const pool = poolFacts.get(action.pool);
    if (!pool) continue;
    if (action.type === "SCALE_UP") {
      const config = action.config ?? { version: pool.version, nodeImage: pool.nodeImage };
      for (const zone of Object.keys(action.zones).sort()) {
        for (let i = 0; i < (action.zones[zone] ?? 0); i++) {
          const node = nodeName(host, action.pool, taken);
          const command = `${host.id}:${node}:create`;
          host.inflight[node] = {
            pool: action.pool,
            zone,
            step: "CREATE",
            command,
            since: now,
            config,
            ...(action.color ? { color: action.color } : {}),
          };
          commands.push({
            type: "CREATE_NODE",
            id: command,
            cluster,
            pool: action.pool,
            zone,
            node,
            version: config.version,
            nodeImage: config.nodeImage,
            machineType: pool.pool.machine.machineType,
          });
        }
      }
      continue;
    }
    for (const node of action.nodes) {
      if (host.inflight[node]) continue;
      const zone = nodes.find((n) => n.name === node)?.zone ?? "";
      const command = `${host.id}:${node}:drain`;
      host.inflight[node] = {
        pool: action.pool,
        zone,
        step: "DRAIN",
        command,
        since: now,
        config: { version: pool.version, nodeImage: pool.nodeImage },
        graceSeconds: action.gracefulTerminationSeconds,
      };
      commands.push({
        type: "DRAIN_NODE",
        id: command,
        cluster,
        pool: action.pool,
        node,
        respectPdb: true,
        graceSeconds: action.gracefulTerminationSeconds,
      });
    }
  }
  return commands;
}

/** A new node's name: `<pool>-as-<n>`, unique in the cluster. */
function nodeName(host: HostState, pool: string, taken: Set<string>): string {
  for (;;) {
    host.seq += 1;
    const name = `${pool.slice(0, 50)}-as-${host.seq.toString(36)}`;
    if (!taken.has(name) && !host.inflight[name]) {
      taken.add(name);
      return name;
    }
  }
}

/**
 * Provider answers to the autoscaler's commands (their ids start with a cluster's
 * autoscaler id); returns the events that are not its own.
 */
export function applyAutoscalerEvents(tx: Tx, events: readonly ProviderEvent[]): ProviderEvent[] {
  const rest: ProviderEvent[] = [];
  for (const event of events) {
    if (event.type === "NODE_PREEMPTED") {
      rest.push(event);
      continue;
    }
    const colon = event.commandId.indexOf(":");
    const cluster =
      colon > 0 ? tx.getState<string>(idKey(event.commandId.slice(0, colon))) : undefined;
    const host = cluster ? tx.getState<HostState>(stateKey(cluster)) : undefined;
    if (!cluster || !host) {
      rest.push(event);
      continue;
    }
    const next = structuredClone(host);
    answer(tx, cluster, next, event);
    tx.putState(stateKey(cluster), next);
  }
  return rest;
}

function answer(
  tx: Tx,
  cluster: string,
  host: HostState,
  event: Extract<ProviderEvent, { commandId: string }>,
): void {
  // LIFE-6's report of a drain passed with stuck pods: the autoscaler's drains are not
  // passed, they are forced (CA-8), so it has nothing to learn from one.
  if (event.type === "DRAIN_PASSED") return;
  const entry = Object.entries(host.inflight).find(([, f]) => f.command === event.commandId);
  if (!entry) return;
  const [node, flight] = entry;
  const succeeded = event.type === "COMMAND_SUCCEEDED";
  switch (flight.step) {
    case "CREATE":
      delete host.inflight[node];
      if (succeeded) {
        const facts = { name: node, zone: flight.zone, ...flight.config };
        if (!scalePool(tx, cluster, flight.pool, { added: [facts], removed: [] })) {
          queueNodeSync(tx, cluster, {
            put: { ...facts, pool: flight.pool, state: "READY", color: null },
          });
        }
      } else if ((host.engine.backoff[flight.pool]?.lastFailureAt ?? -1) < flight.since) {
        // One failed scale-up is one failure, however many of its nodes were refused.
        backOff(tx, cluster, host, flight.pool, event.reason, event.message);
      }
      break;
    case "DRAIN":
    case "DRAIN_FORCED": {
      // CA-8: a drain that did not finish within the graceful termination is forced.
      const forced = !succeeded && flight.step === "DRAIN";
      const step = succeeded ? "DELETE" : forced ? "DRAIN_FORCED" : undefined;
      if (step === undefined) {
        delete host.inflight[node];
        break;
      }
      const command = `${host.id}:${node}:${step.toLowerCase()}`;
      host.inflight[node] = { ...flight, step, command };
      tx.send([
        step === "DELETE"
          ? {
              type: "DELETE_NODE",
              id: command,
              cluster,
              pool: flight.pool,
              zone: flight.zone,
              node,
            }
          : {
              type: "DRAIN_NODE",
              id: command,
              cluster,
              pool: flight.pool,
              node,
              respectPdb: false,
              graceSeconds: flight.graceSeconds ?? 0,
            },
      ]);
      break;
    }
    case "DELETE":
      delete host.inflight[node];
      if (succeeded && !scalePool(tx, cluster, flight.pool, { added: [], removed: [node] })) {
        queueNodeSync(tx, cluster, { remove: node });
      }
      break;
    default:
      flight.step satisfies never;
  }
  // Pods wait for the next pass to be placed; make it come now.
  tx.setTimer({ id: timerId(AS_TIMER, cluster), due: tx.now, kind: AS_TIMER, payload: cluster });
  tx.setTimer({
    id: timerId(AS_SYNC_TIMER, cluster),
    due: tx.now,
    kind: AS_SYNC_TIMER,
    payload: cluster,
  });
}

/** CA-4: the provider refused a node; the pool backs off, the refusal is recorded. */
function backOff(
  tx: Tx,
  cluster: string,
  host: HostState,
  pool: string,
  reason: FailureReason,
  message: string,
): void {
  const code = scaleUpError(reason);
  host.engine = recordScaleUpFailure(host.engine, pool, code, tx.now);
  const until = host.engine.backoff[pool]?.until ?? tx.now;
  recordDecisions(tx, cluster, [
    {
      at: tx.now,
      pool,
      action: "BACKOFF",
      delta: 0,
      reason: `${code}: ${message}; pool ${pool} backs off until ${toRfc3339(until)}, other pools keep scaling`,
      blockedBy: "CA-4",
    },
  ]);
}

function scaleUpError(reason: FailureReason): ScaleUpErrorReason {
  switch (reason) {
    case "QUOTA_EXCEEDED":
      return "scale.up.error.quota.exceeded";
    case "IP_EXHAUSTED":
      return "scale.up.error.ip.space.exhausted";
    case "FAILED":
    case "HEALTH_CHECK_FAIL":
    case "PREFLIGHT_BLOCKED":
      return "scale.up.error.out.of.resources";
    default:
      return reason satisfies never;
  }
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
