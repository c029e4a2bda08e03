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
  zoneRoom,
} from "@regatta/engine";
import { listSimFaults, type ZoneQuotaRow, zoneQuotas, zoneUsage } from "@regatta/inventory";
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
   * Reads what the API keeps in D1: faults, timing and the zones' limits. The nodes in
   * use are read only when the sim starts or a zone's limit changed: after the start,
   * use is the sim's own bookkeeping.
   */
  async prepare(): Promise<void> {
    const db = inventoryDb(this.d1);
    const [faults, quotas, timing] = await Promise.all([
      loadFaults(this.d1),
      zoneQuotas(db),
      loadTiming(this.d1),
    ]);
    const limits = zoneLimits(quotas);
    const applied = this.stored<Record<string, number>>(CAPACITY_KEY);
    const changed =
      applied === undefined ||
      Object.keys(applied).length !== Object.keys(limits).length ||
      Object.entries(limits).some(([zone, limit]) => applied[zone] !== limit);
    const usage = changed ? await zoneUsage(db) : {};
    this.capacity = Object.fromEntries(
      Object.entries(limits).map(([zone, limit]) => [
        zone,
        { quotaNodes: limit, inUse: usage[zone]?.usedNodes ?? 0 },
      ]),
    );
    this.faults = faults;
    this.timing = timing;
  }

  private stored<T>(key: string): T | undefined {
    const [row] = this.storage.sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = ?", key)
      .toArray();
    return row && (JSON.parse(row.value) as T);
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
    const sim = syncCapacity(
      tx,
      syncTiming(tx, syncFaults(tx, loadSim(tx, this.capacity), this.faults), this.timing),
      this.capacity,
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
/** Fingerprints of the zone limits last applied (a new sim starts from all of them). */
const CAPACITY_KEY = "sim:capacity";

function syncCapacity(
  tx: Tx,
  sim: SimState,
  capacity: Record<string, ZoneCapacityConfig>,
): SimState {
  // A sim from before limits were tracked gets all of them (setting a fresh sim's own
  // limits again changes nothing).
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
 * Zone limits for the sim, in nodes: the node quota with its reservations and the IP
 * quota (one address per node). The CPU quota depends on each create's machine type,
 * which the sim's per-zone counter does not model; the NUP-8 pre-check applies it.
 * Zones without a quota are not listed.
 */
function zoneLimits(quotas: Record<string, ZoneQuotaRow>): Record<string, number> {
  const limits: Record<string, number> = {};
  for (const [zone, q] of Object.entries(quotas)) {
    const limit = zoneRoom(
      { nodes: q.quotaNodes, cpuMillis: null, ips: q.quotaIps, reservedNodes: q.reservedNodes },
      { nodes: 0, cpuMillis: 0 },
      undefined,
    );
    if (limit !== undefined) limits[zone] = limit.nodes;
  }
  return limits;
}
