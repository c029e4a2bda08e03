import {
  createSim,
  type Instant,
  type PreemptTarget,
  type ProviderCommand,
  type ProviderEvent,
  type SimFault,
  type SimState,
  type SimTiming,
  simAdvance,
  simClearFault,
  simConfigure,
  simNextEventAt,
  simPreempt,
  simSetCapacity,
  simSetFault,
  simSubmit,
  type ZoneCapacityConfig,
} from "@regatta/engine";
import type { Tx } from "../../runtime/types.ts";
import { loadSimState, saveSimState } from "./store.ts";

/**
 * The embedded sim's state in its fleet object's storage, changed only inside the
 * object's transactions: commands in, time forward, preemptions.
 */

/** Fingerprints of the D1 fault definitions last applied, to tell edits from countdowns. */
const FAULTS_KEY = "sim:faults";
const TIMING_KEY = "sim:timing";
/** The zone limits last applied, to tell a changed limit from one already in the sim. */
export const CAPACITY_KEY = "sim:capacity";
export const SIM_SEED = 20221025;

/** What the API keeps in D1 and the sim follows: faults, timing and zone limits. */
export interface SimInputs {
  faults: SimFault[];
  timing: SimTiming | undefined;
  capacity: Record<string, ZoneCapacityConfig>;
}

/** Hands commands to the sim at `tx.now`, after bringing it in line with `inputs`. */
export function submitToSim(tx: Tx, commands: ProviderCommand[], inputs: SimInputs): void {
  const sim = syncCapacity(
    tx,
    syncTiming(tx, syncFaults(tx, loadSim(tx, inputs.capacity), inputs.faults), inputs.timing),
    inputs.capacity,
  );
  saveSim(tx, simSubmit(sim, commands, tx.now));
}

/** When the sim next has something to report; undefined before it ran at all. */
export function simWakeAt(tx: Tx): Instant | undefined {
  const sim = loadSimState(tx);
  return sim && simNextEventAt(sim);
}

/** Moves the sim to `tx.now` and returns what it reports, in order. */
export function advanceSim(tx: Tx): ProviderEvent[] {
  const current = loadSimState(tx);
  if (!current) return [];
  const { state, events } = simAdvance(current, tx.now);
  saveSim(tx, state);
  return events;
}

/**
 * A node of the fleet's clusters is preempted now and goes away once its notice ran out
 * (NUP-11, spot pools). The sim starts here if nothing was sent to it yet: a node the
 * inventory has can be preempted before any command reached the sim, and the sim counts
 * the inventory's nodes per zone when it first takes a command.
 */
export function preemptSim(tx: Tx, target: PreemptTarget): void {
  const sim = loadSimState(tx) ?? createSim({ seed: SIM_SEED }, tx.now);
  saveSim(tx, simPreempt(sim, target, tx.now));
}

function loadSim(tx: Tx, capacity: Record<string, ZoneCapacityConfig>): SimState {
  return loadSimState(tx) ?? createSim({ seed: SIM_SEED, capacity }, tx.now);
}

function saveSim(tx: Tx, sim: SimState): void {
  saveSimState(tx, sim);
}

function syncCapacity(
  tx: Tx,
  sim: SimState,
  capacity: Record<string, ZoneCapacityConfig>,
): SimState {
  // A fresh sim already has every limit (setting them again changes nothing); recording
  // them tells later edits apart.
  const applied = tx.getState<Record<string, number>>(CAPACITY_KEY) ?? {};
  const next: Record<string, number> = {};
  for (const [zone, c] of Object.entries(capacity)) next[zone] = c.quotaNodes;
  let state = sim;
  for (const [zone, limit] of Object.entries(next)) {
    if (applied[zone] !== limit)
      state = simSetCapacity(state, zone, limit, capacity[zone]!.inUse ?? 0);
  }
  for (const zone of Object.keys(applied)) {
    if (!(zone in next)) state = simSetCapacity(state, zone, undefined, 0);
  }
  if (JSON.stringify(applied) !== JSON.stringify(next)) tx.putState(CAPACITY_KEY, next);
  return state;
}

function syncTiming(tx: Tx, sim: SimState, timing: SimTiming | undefined): SimState {
  if (!timing) return sim;
  const fingerprint = JSON.stringify(timing);
  if (tx.getState<string>(TIMING_KEY) === fingerprint) return sim;
  tx.putState(TIMING_KEY, fingerprint);
  return simConfigure(sim, timing);
}

function syncFaults(tx: Tx, sim: SimState, faults: SimFault[]): SimState {
  const applied = tx.getState<Record<string, string>>(FAULTS_KEY) ?? {};
  const next: Record<string, string> = {};
  let state = sim;
  for (const fault of faults) {
    const fingerprint = JSON.stringify(fault);
    next[fault.id] = fingerprint;
    if (applied[fault.id] !== fingerprint) state = simSetFault(state, fault);
  }
  for (const id of Object.keys(applied)) if (!(id in next)) state = simClearFault(state, id);
  tx.putState(FAULTS_KEY, next);
  return state;
}
