import { performance } from "node:perf_hooks";
import { HOST_MACHINES, type HostMachines } from "../../../packages/engine/src/index.ts";

/** Wall ms spent in each part of a hosted run, and what went through it. */
export interface HostTally {
  /** In startClusterUpgrade and decideClusterUpgradeAll. */
  lifecycleMs: number;
  /** In startNodePoolUpgrade and decideAll. */
  nodePoolMs: number;
  /** In simSubmit, simAdvance and simNextEventAt. */
  simMs: number;
  lifecycleDecisions: number;
  poolDecisions: number;
  /** Node-pool decisions that were only a wake-up or a window edge, no provider report. */
  wakeOnly: number;
  /** Most events fed to one node-pool decision. */
  maxBatch: number;
  /** Provider reports the sim gave back. */
  events: number;
  /** Provider commands submitted to the sim. */
  commands: number;
}

/**
 * The engine's hosting machines (`HOST_MACHINES`, what `SimFleet` runs), each timed and
 * counted into the tally: a benchmark runs the product's hosting core and still sees
 * where its time went.
 */
export function timedHost(): { machines: HostMachines; tally: HostTally } {
  const tally: HostTally = {
    lifecycleMs: 0,
    nodePoolMs: 0,
    simMs: 0,
    lifecycleDecisions: 0,
    poolDecisions: 0,
    wakeOnly: 0,
    maxBatch: 0,
    events: 0,
    commands: 0,
  };
  type Spent = "lifecycleMs" | "nodePoolMs" | "simMs";
  const timed =
    <A extends unknown[], R>(into: Spent, run: (...args: A) => R) =>
    (...args: A): R => {
      const mark = performance.now();
      try {
        return run(...args);
      } finally {
        tally[into] += performance.now() - mark;
      }
    };
  const own = HOST_MACHINES;
  const machines: HostMachines = {
    startClusterUpgrade: timed("lifecycleMs", own.startClusterUpgrade),
    decideClusterUpgradeAll: timed("lifecycleMs", (...args) => {
      tally.lifecycleDecisions += 1;
      return own.decideClusterUpgradeAll(...args);
    }),
    startNodePoolUpgrade: timed("nodePoolMs", own.startNodePoolUpgrade),
    decideAll: timed("nodePoolMs", (op, events, now) => {
      tally.poolDecisions += 1;
      const reports = events.filter((e) => e.type !== "TICK" && e.type !== "WINDOW").length;
      if (reports === 0) tally.wakeOnly += 1;
      tally.maxBatch = Math.max(tally.maxBatch, reports);
      return own.decideAll(op, events, now);
    }),
    simSubmit: timed("simMs", (sim, batch, now) => {
      tally.commands += batch.length;
      return own.simSubmit(sim, batch, now);
    }),
    simAdvance: timed("simMs", (sim, at) => {
      const advanced = own.simAdvance(sim, at);
      tally.events += advanced.events.length;
      return advanced;
    }),
    simNextEventAt: timed("simMs", own.simNextEventAt),
  };
  return { machines, tally };
}
