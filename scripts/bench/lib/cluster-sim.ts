import { performance } from "node:perf_hooks";
import {
  type ClusterUpgrade,
  type ClusterUpgradeDecision,
  type ClusterUpgradeEvent,
  type ClusterUpgradeIntent,
  type ClusterUpgradeRequest,
  createSim,
  DEFAULT_SIM_DURATIONS,
  type Decision,
  decideAll,
  decideClusterUpgradeAll,
  type Instant,
  isTerminal,
  type NodePoolEvent,
  type NodePoolFacts,
  type NodePoolOperation,
  type PoolUpgradeEnded,
  type ProviderCommand,
  type ProviderEvent,
  poolNodes,
  SECOND,
  type SimDurations,
  type SimState,
  simAdvance,
  simNextEventAt,
  simSubmit,
  startClusterUpgrade,
  startNodePoolUpgrade,
} from "../../../packages/engine/src/index.ts";
import { T0 } from "./pool-sim.ts";

/**
 * A cluster upgrade (LIFE-3) driven by the pure engine against one pure sim, the way the
 * fleet object hosts it (cluster-upgrade-host.ts, node-pool-host.ts), in one process with
 * nothing persisted: the lifecycle machine's component commands and every worker pool's
 * own node-pool machine (started from its START_POOL_UPGRADE intent) share the sim;
 * answers go to the operation their command id names (`<opId>:…`); a pool's start and
 * end are reported back to the lifecycle machine at the same instant. Virtual time jumps
 * to the soonest of the sim's next report and every machine's wake-up; everything due at
 * that instant is fed as one decision per operation.
 */

/** One worker pool's own upgrade as the run saw it. */
export interface PoolRun {
  pool: string;
  operationId: string;
  kind: string;
  state: string;
  /** Virtual seconds from the cluster upgrade's start. */
  startedAt: number;
  endedAt: number;
}

export interface ClusterSimRun {
  state: string;
  /** Virtual seconds from start to the lifecycle machine's terminal decision. */
  makespanSeconds: number;
  /** The lifecycle operation at the end (its steps carry their start and end). */
  op: ClusterUpgrade;
  pools: PoolRun[];
  /** Instants at which something was decided. */
  instants: number;
  lifecycleDecisions: number;
  poolDecisions: number;
  events: number;
  commands: number;
  /** Wall ms in startClusterUpgrade and decideClusterUpgradeAll. */
  lifecycleMs: number;
  /** Wall ms in startNodePoolUpgrade and decideAll. */
  nodePoolMs: number;
  /** Wall ms in simSubmit, simAdvance and simNextEventAt. */
  simMs: number;
  /** Process CPU ms (user + system) of the whole loop, engine, sim and GC together. */
  cpuMs: number;
}

/** Refuses to run forever when the machines stop asking for time without ending. */
const MAX_INSTANTS = 1_000_000;

interface HostedPool {
  pool: string;
  op: NodePoolOperation;
  wakeAt: Instant | undefined;
  startedAt: Instant;
  endedAt?: Instant;
}

/**
 * Runs one cluster upgrade to a terminal state with zero jitter and unlimited capacity.
 * A refused start throws (the request's facts are the caller's to fix).
 *
 * @example const run = simulateClusterUpgrade({ operationId: "cu-1", facts, version }); run.makespanSeconds
 */
export function simulateClusterUpgrade(
  request: ClusterUpgradeRequest,
  durations: SimDurations = DEFAULT_SIM_DURATIONS,
): ClusterSimRun {
  let lifecycleMs = 0;
  let nodePoolMs = 0;
  let simMs = 0;
  let commands = 0;
  let events = 0;
  let instants = 0;
  let lifecycleDecisions = 0;
  let poolDecisions = 0;
  const cpuStart = process.cpuUsage();

  const facts = new Map<string, NodePoolFacts>(request.facts.pools.map((p) => [p.pool, p]));
  const pools = new Map<string, HostedPool>();
  /** Pool ends the lifecycle machine has not taken yet (the object's `cu-inbox`). */
  let inbox: PoolUpgradeEnded[] = [];
  let now = T0;

  let mark = performance.now();
  const started = startClusterUpgrade(request, T0);
  lifecycleMs += performance.now() - mark;
  if (!started.ok) throw new Error(`cluster upgrade refused: ${started.error.detail}`);
  let cu = started.value.state;
  let cuWake = started.value.wakeAt;

  mark = performance.now();
  let sim: SimState = createSim({ seed: 1, durations, jitter: 0 }, T0);
  simMs += performance.now() - mark;

  const submit = (batch: readonly ProviderCommand[]): void => {
    if (batch.length === 0) return;
    const at = performance.now();
    sim = simSubmit(sim, batch, now);
    simMs += performance.now() - at;
    commands += batch.length;
  };

  const savePool = (id: string, hosted: HostedPool, decision: Decision<NodePoolOperation>) => {
    const wasTerminal = isTerminal(hosted.op.header.state);
    hosted.op = decision.state;
    hosted.wakeAt = decision.wakeAt;
    submit(decision.commands);
    // pool-owners.ts reportPoolEnd: the first terminal state goes to the owner's inbox.
    if (wasTerminal || !isTerminal(decision.state.header.state)) return;
    hosted.endedAt = now;
    const nodeVersions: Record<string, number> = {};
    for (const node of poolNodes(decision.state)) {
      if (node.state === "DELETING") continue;
      nodeVersions[node.version] = (nodeVersions[node.version] ?? 0) + 1;
    }
    const ended: PoolUpgradeEnded = {
      type: "POOL_UPGRADE_ENDED",
      pool: hosted.pool,
      operationId: id,
      state: decision.state.header.state,
      nodeVersions,
      at: now,
    };
    if (decision.state.header.error !== undefined) ended.error = decision.state.header.error;
    inbox.push(ended);
  };

  let poolCount = 0;
  const startPool = (intent: ClusterUpgradeIntent): ClusterUpgradeEvent => {
    const operationId = `np-${String(++poolCount).padStart(3, "0")}`;
    const pool = facts.get(intent.pool);
    const fail = (error: string): ClusterUpgradeEvent => ({
      type: "POOL_UPGRADE_ENDED",
      pool: intent.pool,
      operationId,
      state: "FAILED",
      error,
      at: now,
    });
    if (pool === undefined) return fail(`node pool ${intent.pool} is not in the facts`);
    const at = performance.now();
    const out = startNodePoolUpgrade(
      {
        operationId,
        pool: { ...pool, controlPlaneVersion: intent.controlPlaneVersion },
        target: intent.target,
      },
      now,
    );
    nodePoolMs += performance.now() - at;
    if (!out.ok) return fail(out.error.detail);
    const hosted: HostedPool = {
      pool: intent.pool,
      op: out.value.state,
      wakeAt: undefined,
      startedAt: now,
    };
    pools.set(operationId, hosted);
    savePool(operationId, hosted, out.value);
    return { type: "POOL_UPGRADE_STARTED", pool: intent.pool, operationId, at: now };
  };

  /** cluster-upgrade-host.ts save(): commands out, intents carried out and answered at once. */
  const saveCluster = (first: ClusterUpgradeDecision): void => {
    let decision = first;
    for (;;) {
      cu = decision.state;
      cuWake = decision.wakeAt;
      submit(decision.commands);
      const answers = decision.intents.map(startPool);
      if (answers.length === 0) return;
      const at = performance.now();
      decision = decideClusterUpgradeAll(cu, answers, now);
      lifecycleMs += performance.now() - at;
      lifecycleDecisions += 1;
    }
  };

  saveCluster(started.value);
  while (!isTerminal(cu.state)) {
    if (instants >= MAX_INSTANTS) throw new Error(`no end after ${instants} instants`);
    let next = inbox.length > 0 ? now : Number.POSITIVE_INFINITY;
    mark = performance.now();
    const reportAt = simNextEventAt(sim);
    simMs += performance.now() - mark;
    for (const wake of [reportAt, cuWake, ...[...pools.values()].map((p) => p.wakeAt)]) {
      if (wake !== undefined) next = Math.min(next, wake);
    }
    if (!Number.isFinite(next)) {
      const running = [...pools.entries()]
        .filter(([, p]) => !isTerminal(p.op.header.state))
        .map(([id, p]) => `${p.pool} (${id} ${p.op.header.state})`);
      throw new Error(
        `stalled in ${cu.state}/${cu.phase}: nothing pending; pools not ended: ${running.join(", ") || "none"}`,
      );
    }
    now = Math.max(now, next);
    instants += 1;

    mark = performance.now();
    const advanced = simAdvance(sim, now);
    simMs += performance.now() - mark;
    sim = advanced.state;
    events += advanced.events.length;

    // Routed by the `<opId>:` prefix, node-pool operations first (fleet-object.ts route()).
    const byPool = new Map<string, NodePoolEvent[]>();
    const forCluster: ClusterUpgradeEvent[] = [];
    for (const event of advanced.events) {
      const id = operationOf(event);
      if (id !== undefined && pools.has(id)) {
        const list = byPool.get(id) ?? [];
        list.push(event);
        byPool.set(id, list);
      } else if (id === cu.id) forCluster.push(event);
      else throw new Error(`an answer nobody owns: ${JSON.stringify(event)}`);
    }
    for (const [id, hosted] of pools) {
      const list = byPool.get(id) ?? [];
      if (hosted.wakeAt !== undefined && hosted.wakeAt <= now) list.push({ type: "TICK", at: now });
      if (list.length === 0) continue;
      mark = performance.now();
      const decision = decideAll(hosted.op, list, now);
      nodePoolMs += performance.now() - mark;
      poolDecisions += 1;
      savePool(id, hosted, decision);
    }
    // Pool ends reach the lifecycle machine at the instant they happen (its timer is due now).
    const cuEvents: ClusterUpgradeEvent[] = [...forCluster, ...inbox];
    inbox = [];
    if (cuEvents.length > 0 || (cuWake !== undefined && cuWake <= now)) {
      mark = performance.now();
      const decision = decideClusterUpgradeAll(cu, cuEvents, now);
      lifecycleMs += performance.now() - mark;
      lifecycleDecisions += 1;
      saveCluster(decision);
    }
  }
  const cpu = process.cpuUsage(cpuStart);
  return {
    state: cu.state,
    makespanSeconds: (now - T0) / SECOND,
    op: cu,
    pools: [...pools.entries()].map(([operationId, p]) => ({
      pool: p.pool,
      operationId,
      kind: p.op.kind,
      state: p.op.header.state,
      startedAt: (p.startedAt - T0) / SECOND,
      endedAt: ((p.endedAt ?? now) - T0) / SECOND,
    })),
    instants,
    lifecycleDecisions,
    poolDecisions,
    events,
    commands,
    lifecycleMs,
    nodePoolMs,
    simMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}

function operationOf(event: ProviderEvent): string | undefined {
  if (event.type === "NODE_PREEMPTED") return undefined;
  const colon = event.commandId.indexOf(":");
  return colon > 0 ? event.commandId.slice(0, colon) : undefined;
}
