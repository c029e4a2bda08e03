import {
  DEFAULT_SIM_DURATIONS,
  type Instant,
  type NodeFacts,
  type NodePoolFacts,
  type NodePoolOperation,
  operationView,
  SECOND,
  type SimDurations,
  SimFleet,
  type UpgradeStrategySettings,
} from "../../../packages/engine/src/index.ts";
import { timedHost } from "./timed-host.ts";

/**
 * A node-pool upgrade driven by the engine's hosting core (`SimFleet`, as the what-if
 * plans run it, hosted as the fleet object hosts it) against the pure sim provider, in one
 * process with nothing persisted: virtual time jumps to the core's next instant (the sim's
 * next report, the machine's wake-up) until the operation is terminal.
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
  const { machines, tally } = timedHost();
  const cpuStart = process.cpuUsage();
  let ended: { op: NodePoolOperation; endedAt: Instant } | undefined;
  const fleet = new SimFleet({ seed: 1, durations, jitter: 0 }, T0, {
    machines,
    observer: {
      ended: (end) => {
        if (end.kind === "pool") ended = { op: end.op, endedAt: end.endedAt };
      },
    },
  });
  const target = { version: TO_VERSION, nodeImage: NODE_IMAGE };
  const refused = fleet.startPools("pool", [{ pool, target }], undefined, T0);
  if (refused !== undefined) throw new Error(`upgrade refused: ${refused.message}`);
  let instants = 0;
  while (ended === undefined) {
    if (instants >= MAX_DECISIONS) throw new Error(`no end after ${instants} instants`);
    const next = fleet.nextAt();
    if (next === undefined) throw new Error("stalled: the upgrade waits for nothing");
    instants += 1;
    fleet.advance(next);
  }
  const cpu = process.cpuUsage(cpuStart);
  return {
    state: operationView(ended.op).state,
    makespanSeconds: (ended.endedAt - T0) / SECOND,
    decisions: tally.poolDecisions,
    wakeOnly: tally.wakeOnly,
    events: tally.events,
    commands: tally.commands,
    engineMs: tally.nodePoolMs,
    simMs: tally.simMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxBatch: tally.maxBatch,
  };
}
