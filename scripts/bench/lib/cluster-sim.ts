import {
  type ClusterUpgrade,
  type ClusterUpgradeRequest,
  DEFAULT_SIM_DURATIONS,
  type NodePoolOperation,
  SECOND,
  type SimDurations,
  SimFleet,
} from "../../../packages/engine/src/index.ts";
import { T0 } from "./pool-sim.ts";
import { timedHost } from "./timed-host.ts";

/**
 * A cluster upgrade (LIFE-3) driven by the engine's hosting core (`SimFleet`, the one the
 * what-if plans run: hosted as the fleet object hosts it) against one pure sim, in one
 * process with nothing persisted. The bench hands the core timed copies of the machines
 * and the sim, and hears each operation end; virtual time jumps to the core's next
 * instant (the sim's next report or a machine's wake-up) until the cluster upgrade ends.
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
  const { machines, tally } = timedHost();
  const cpuStart = process.cpuUsage();
  let cluster: { op: ClusterUpgrade; endedAt: number } | undefined;
  const pools: { op: NodePoolOperation; startedAt: number; endedAt: number }[] = [];
  const fleet = new SimFleet({ seed: 1, durations, jitter: 0 }, T0, {
    machines,
    observer: {
      ended: (end) => {
        if (end.kind === "cluster") cluster = { op: end.op, endedAt: end.endedAt };
        else pools.push(end);
      },
    },
  });
  const { operationId: _, ...rest } = request;
  const refused = fleet.startCluster("cluster", rest, undefined, T0);
  if (refused !== undefined) throw new Error(`cluster upgrade refused: ${refused.message}`);
  let instants = 0;
  let now = T0;
  while (cluster === undefined) {
    if (instants >= MAX_INSTANTS) throw new Error(`no end after ${instants} instants`);
    const next = fleet.nextAt();
    if (next === undefined) throw new Error("stalled: the cluster upgrade waits for nothing");
    now = next;
    instants += 1;
    fleet.advance(now);
  }
  const cpu = process.cpuUsage(cpuStart);
  const ended = cluster;
  return {
    state: ended.op.state,
    makespanSeconds: (ended.endedAt - T0) / SECOND,
    op: ended.op,
    pools: pools.map((p) => ({
      pool: p.op.header.pool,
      operationId: p.op.header.id,
      kind: p.op.kind,
      state: p.op.header.state,
      startedAt: (p.startedAt - T0) / SECOND,
      endedAt: (p.endedAt - T0) / SECOND,
    })),
    instants,
    lifecycleDecisions: tally.lifecycleDecisions,
    poolDecisions: tally.poolDecisions,
    events: tally.events,
    commands: tally.commands,
    lifecycleMs: tally.lifecycleMs,
    nodePoolMs: tally.nodePoolMs,
    simMs: tally.simMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
