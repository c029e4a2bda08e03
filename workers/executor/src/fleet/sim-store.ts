import {
  createSim,
  type Instant,
  type ProviderCommand,
  type ProviderEvent,
  type SimDurations,
  type SimState,
  simAdvance,
  simConfigure,
  simNextEventAt,
  simSubmit,
} from "@regatta/engine";
import { readState, writeState } from "../schema.ts";

/**
 * The simulated fleet: the engine's sim provider (the same code the control plane
 * embeds in sim mode), kept as one JSON document in the object's storage and changed
 * only inside the object's transactions.
 */

const SIM_KEY = "sim";
const TIMING_KEY = "sim:timing";
/** Fixed, so two runs of the same batches finish the same way. */
const SEED = 20_260_105;
/** A refused command (a quota) fails after a second, not within the same instant. */
const REJECTION_DELAY_SECONDS = 1;

/** Starts commands at `now`; the sim also ignores ids it has seen (a second guard). */
export function submitCommands(
  sql: SqlStorage,
  durations: SimDurations,
  commands: readonly ProviderCommand[],
  now: Instant,
): void {
  if (commands.length === 0) return;
  writeState(sql, SIM_KEY, simSubmit(loadSim(sql, durations, now), commands, now));
}

/** Moves the fleet to `now` and returns what finished meanwhile, in the order it did. */
export function advanceFleet(sql: SqlStorage, now: Instant): ProviderEvent[] {
  const sim = readState<SimState>(sql, SIM_KEY);
  if (!sim) return [];
  const { state, events } = simAdvance(sim, now);
  if (state !== sim) writeState(sql, SIM_KEY, state);
  return events;
}

/** When the next command finishes; undefined when nothing runs. */
export function fleetWakeAt(sql: SqlStorage): Instant | undefined {
  const sim = readState<SimState>(sql, SIM_KEY);
  return sim && simNextEventAt(sim);
}

/** Commands still running on the fleet. */
export function runningCommands(sql: SqlStorage): number {
  const queue = readState<SimState>(sql, SIM_KEY)?.queue ?? [];
  return queue.reduce((sum, run) => sum + run.entries.length - run.next, 0);
}

/**
 * The sim, created on first use; changed durations apply from the next command on
 * (commands already running keep the end they were given).
 */
function loadSim(sql: SqlStorage, durations: SimDurations, now: Instant): SimState {
  const timing = { durations, rejectionDelaySeconds: REJECTION_DELAY_SECONDS };
  const fingerprint = JSON.stringify(timing);
  const stored = readState<SimState>(sql, SIM_KEY);
  if (!stored) {
    writeState(sql, TIMING_KEY, fingerprint);
    return createSim({ seed: SEED, ...timing }, now);
  }
  if (readState<string>(sql, TIMING_KEY) === fingerprint) return stored;
  writeState(sql, TIMING_KEY, fingerprint);
  return simConfigure(stored, timing);
}
