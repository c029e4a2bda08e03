import { performance } from "node:perf_hooks";
import {
  createSim,
  DEFAULT_SIM_DURATIONS,
  decideAll,
  type Instant,
  isTerminal,
  type NodeFacts,
  type NodePoolFacts,
  type NodePoolOperation,
  operationView,
  type ProviderCommand,
  SECOND,
  type SimDurations,
  simAdvance,
  simNextEventAt,
  simSubmit,
  startNodePoolUpgrade,
  type UpgradeStrategySettings,
} from "../../../packages/engine/src/index.ts";

/**
 * A node-pool upgrade driven by the pure engine against the pure sim provider, the way
 * a fleet object would drive it, but in one process with nothing persisted: submit a
 * decision's commands, jump virtual time to the sooner of the sim's next report and the
 * machine's wake-up, feed everything due at that instant as one `decideAll`, repeat
 * until the operation is terminal.
 */

export const FROM_VERSION = "1.21.11-gke.1100";
export const TO_VERSION = "1.21.14-gke.4300";
export const NODE_IMAGE = "cos_containerd";
/** Any fixed instant: the sim and the engine only see differences. */
export const T0: Instant = Date.UTC(2022, 9, 25, 9, 0, 0);

/** `count` nodes dealt round-robin over `zones`, so zone sizes differ by at most one. */
export function evenPool(
  cluster: string,
  pool: string,
  count: number,
  zones: readonly string[],
  strategy: UpgradeStrategySettings,
): NodePoolFacts {
  const nodes: NodeFacts[] = Array.from({ length: count }, (_, i) => ({
    name: `${cluster}-${pool}-${String(i).padStart(5, "0")}`,
    zone: zones[i % zones.length]!,
    version: FROM_VERSION,
    nodeImage: NODE_IMAGE,
  }));
  return {
    cluster,
    pool,
    controlPlaneVersion: TO_VERSION,
    upgradeStrategy: strategy,
    nodes,
  };
}

export interface SimRun {
  state: string;
  /** Virtual seconds from start to the terminal decision. */
  makespanSeconds: number;
  /** Decisions after the start (one per instant something was due). */
  decisions: number;
  /** Decisions that were only the machine's own wake-up (no provider report due). */
  wakeOnly: number;
  events: number;
  commands: number;
  /** Wall ms in startNodePoolUpgrade and decideAll. */
  engineMs: number;
  /** Wall ms in simSubmit, simAdvance and simNextEventAt. */
  simMs: number;
  /** Process CPU ms (user + system) of the whole loop, engine, sim and GC together. */
  cpuMs: number;
  /** Most events fed in one decision. */
  maxBatch: number;
}

/** Refuses to run forever when a machine stops asking for time without ending. */
const MAX_DECISIONS = 1_000_000;

/**
 * Runs one upgrade to a terminal state with zero jitter and unlimited capacity.
 *
 * @example const run = simulateUpgrade(evenPool("c", "p", 100, zones, { maxSurge: 1 })); run.makespanSeconds
 */
export function simulateUpgrade(
  pool: NodePoolFacts,
  durations: SimDurations = DEFAULT_SIM_DURATIONS,
): SimRun {
  let engineMs = 0;
  let simMs = 0;
  let commands = 0;
  let events = 0;
  let decisions = 0;
  let wakeOnly = 0;
  let maxBatch = 0;
  const cpuStart = process.cpuUsage();

  let mark = performance.now();
  const started = startNodePoolUpgrade(
    { operationId: "op-bench", pool, target: { version: TO_VERSION, nodeImage: NODE_IMAGE } },
    T0,
  );
  engineMs += performance.now() - mark;
  if (!started.ok) throw new Error(`upgrade refused: ${started.error.detail}`);
  let op: NodePoolOperation = started.value.state;
  let wakeAt = started.value.wakeAt;
  const submitted: ProviderCommand[] = started.value.commands;

  mark = performance.now();
  let sim = simSubmit(createSim({ seed: 1, durations, jitter: 0 }, T0), submitted, T0);
  simMs += performance.now() - mark;
  commands += submitted.length;

  let now = T0;
  while (!isEnded(op)) {
    if (decisions >= MAX_DECISIONS) throw new Error(`no end after ${decisions} decisions`);
    mark = performance.now();
    const reportAt = simNextEventAt(sim);
    simMs += performance.now() - mark;
    const next = earliest(reportAt, wakeAt);
    if (next === undefined) {
      throw new Error(`stalled in ${op.header.state}/${op.header.phase}: nothing pending`);
    }
    now = Math.max(now, next);

    mark = performance.now();
    const advanced = simAdvance(sim, now);
    simMs += performance.now() - mark;
    sim = advanced.state;

    mark = performance.now();
    const decision = decideAll(op, advanced.events, now);
    engineMs += performance.now() - mark;
    op = decision.state;
    wakeAt = decision.wakeAt;
    decisions += 1;
    events += advanced.events.length;
    if (advanced.events.length === 0) wakeOnly += 1;
    maxBatch = Math.max(maxBatch, advanced.events.length);

    mark = performance.now();
    sim = simSubmit(sim, decision.commands, now);
    simMs += performance.now() - mark;
    commands += decision.commands.length;
  }
  const cpu = process.cpuUsage(cpuStart);
  return {
    state: operationView(op).state,
    makespanSeconds: (now - T0) / SECOND,
    decisions,
    wakeOnly,
    events,
    commands,
    engineMs,
    simMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxBatch,
  };
}

function isEnded(op: NodePoolOperation): boolean {
  return isTerminal(op.header.state);
}

function earliest(a: Instant | undefined, b: Instant | undefined): Instant | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}
