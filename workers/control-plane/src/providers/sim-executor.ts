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
  simSetFault,
  simSubmit,
  type ZoneCapacityConfig,
  zoneRoom,
} from "@regatta/engine";
import { listSimFaults, zoneNodeCapacity } from "@regatta/inventory";
import { simSettings } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import { inventoryDb } from "../db.ts";
import type { Effects, Executor, OutboxBatch, Tx } from "../objects/runtime/runtime.ts";

const SIM_KEY = "sim";
/** Fingerprints of the D1 fault definitions last applied, to tell edits from countdowns. */
const FAULTS_KEY = "sim:faults";
const SIM_SEED = 20221025;

/**
 * The embedded simulated provider. Its state lives in the owning object's storage, so
 * "executing" a batch is a storage write; the object wakes when the next simulated
 * completion is due (`wakeAt`). Faults are defined in D1 (shared by the API) and
 * counted down per object.
 */
export class SimExecutor implements Executor {
  private faults: SimFault[] = [];
  private timing: SimTiming | undefined;
  private capacity: Record<string, ZoneCapacityConfig> = {};

  constructor(
    private readonly d1: D1Database,
    private readonly storage: DurableObjectStorage,
  ) {}

  /**
   * Reads the faults the API keeps in D1 and, the first time only, the zone capacity
   * the sim starts from (later changes of use are the sim's own bookkeeping).
   */
  async prepare(): Promise<void> {
    const started =
      this.storage.sql.exec("SELECT 1 FROM state WHERE key = ?", SIM_KEY).toArray().length > 0;
    const [faults, capacity, timing] = await Promise.all([
      loadFaults(this.d1),
      started ? Promise.resolve(this.capacity) : loadCapacity(this.d1),
      loadTiming(this.d1),
    ]);
    this.faults = faults;
    this.capacity = capacity;
    this.timing = timing;
  }

  /** Batches persisted before this object ran in-transaction (or by an older version). */
  async execute(batch: OutboxBatch, effects: Effects): Promise<void> {
    await this.prepare();
    effects.transact((tx) => this.executeInTransaction(batch.commands, tx));
  }

  /** The sim's next report wakes the object (the runtime's provider timer). */
  wakeAt(tx: Tx): Instant | undefined {
    const sim = tx.getState<SimState>(SIM_KEY);
    return sim && simNextEventAt(sim);
  }

  executeInTransaction(commands: ProviderCommand[], tx: Tx): void {
    const sim = syncTiming(
      tx,
      syncFaults(tx, loadSim(tx, this.capacity), this.faults),
      this.timing,
    );
    saveSim(tx, simSubmit(sim, commands, tx.now));
  }
}

/** A node of the fleet's clusters goes away now (NUP-11); false before the sim ran at all. */
export function preemptSim(tx: Tx, target: PreemptTarget): boolean {
  const sim = tx.getState<SimState>(SIM_KEY);
  if (!sim) return false;
  saveSim(tx, simPreempt(sim, target, tx.now));
  return true;
}

const TIMING_KEY = "sim:timing";

function syncTiming(tx: Tx, sim: SimState, timing: SimTiming | undefined): SimState {
  if (!timing) return sim;
  const fingerprint = JSON.stringify(timing);
  if (tx.getState<string>(TIMING_KEY) === fingerprint) return sim;
  tx.putState(TIMING_KEY, fingerprint);
  return simConfigure(sim, timing);
}

async function loadTiming(d1: D1Database): Promise<SimTiming | undefined> {
  const [row] = await inventoryDb(d1)
    .select()
    .from(simSettings)
    .where(eq(simSettings.id, 1))
    .limit(1);
  return (
    row && {
      durations: row.durations,
      jitter: row.jitter,
      rejectionDelaySeconds: row.rejectionDelaySeconds,
    }
  );
}

/** Moves the sim to `tx.now` and returns what it reports, in order. */
export function advanceSim(tx: Tx): ProviderEvent[] {
  const current = tx.getState<SimState>(SIM_KEY);
  if (!current) return [];
  const { state, events } = simAdvance(current, tx.now);
  saveSim(tx, state);
  return events;
}

function loadSim(tx: Tx, capacity: Record<string, ZoneCapacityConfig>): SimState {
  return tx.getState<SimState>(SIM_KEY) ?? createSim({ seed: SIM_SEED, capacity }, tx.now);
}

function saveSim(tx: Tx, sim: SimState): void {
  tx.putState(SIM_KEY, sim);
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

async function loadFaults(d1: D1Database): Promise<SimFault[]> {
  const page = await listSimFaults(inventoryDb(d1), { limit: 500 });
  return page.items.map((row) => ({
    id: row.id,
    match: row.match,
    effect: row.effect,
    ...(row.times === null ? {} : { times: row.times }),
  }));
}

/**
 * Zone capacity for the sim, in nodes: the node quota with its reservations and the IP
 * quota (one address per node). The CPU quota depends on each create's machine type,
 * which the sim's per-zone counter does not model; the NUP-8 pre-check applies it.
 */
async function loadCapacity(d1: D1Database): Promise<Record<string, ZoneCapacityConfig>> {
  const capacity: Record<string, ZoneCapacityConfig> = {};
  for (const [zone, c] of Object.entries(await zoneNodeCapacity(inventoryDb(d1)))) {
    const room = zoneRoom(
      { nodes: c.quotaNodes, cpuMillis: null, ips: c.quotaIps, reservedNodes: c.reservedNodes },
      { nodes: c.usedNodes, cpuMillis: c.usedCpuMillis },
      undefined,
    );
    if (room === undefined) continue;
    capacity[zone] = { quotaNodes: c.usedNodes + room.nodes, inUse: c.usedNodes };
  }
  return capacity;
}
