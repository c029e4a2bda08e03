import {
  type Instant,
  type ProviderCommand,
  type SimConfig,
  type SimFault,
  zoneRoom,
} from "@regatta/engine";
import {
  getSimSettings,
  type Inventory,
  readSimWorld,
  type SimFaultRow,
  type SimWorld,
  type ZoneQuotaRow,
  zoneQuotas,
  zoneUsage,
} from "@regatta/inventory";
import type { InTransactionExecutor, Tx } from "../../runtime/types.ts";
import { CAPACITY_KEY, SIM_SEED, type SimInputs, simWakeAt, submitToSim } from "./state.ts";

/**
 * The embedded simulated provider. Its state lives in the owning object's storage, so
 * executing commands is a storage write inside the transaction that sent them; the
 * object wakes when the next simulated completion is due (`wakeAt`). Faults are defined
 * in D1 (shared by the API) and counted down per object.
 */
export class SimExecutor implements InTransactionExecutor {
  private inputs: SimInputs = { faults: [], timing: undefined, capacity: {} };
  private world: SimWorld | undefined;

  constructor(
    private readonly db: Inventory,
    private readonly storage: DurableObjectStorage,
    private readonly options: SimOptions = {},
  ) {}

  /**
   * The inventory as the object read it beside the clock, in one round trip: the next
   * `prepare` takes it instead of reading again.
   */
  readBeside(world: SimWorld): void {
    this.world = world;
  }

  /**
   * Takes what the API keeps in D1 (faults, timing, the zones' limits): as read beside
   * the clock (`readBeside`), else read now. The nodes in use are read only
   * when the sim starts or a zone's limit changed: after the start, use is the sim's own
   * bookkeeping.
   */
  async prepare(): Promise<void> {
    const world = this.world ?? (await readSimWorld(this.db));
    this.world = undefined;
    const { faults, quotas, settings } = world;
    const limits = zoneLimits(quotas);
    const applied = this.stored<Record<string, number>>(CAPACITY_KEY);
    const changed =
      applied === undefined ||
      Object.keys(applied).length !== Object.keys(limits).length ||
      Object.entries(limits).some(([zone, limit]) => applied[zone] !== limit);
    // Use counts only against a limit: with none (the common case) nothing is read, and
    // nothing is recorded either, so "changed" alone would read it on every call.
    const usage = changed && Object.keys(limits).length > 0 ? await zoneUsage(this.db) : {};
    const capacity = Object.fromEntries(
      Object.entries(limits).map(([zone, limit]) => [
        zone,
        { quotaNodes: limit, inUse: usage[zone]?.usedNodes ?? 0 },
      ]),
    );
    this.inputs = { faults: faults.map(simFault), timing: settings, capacity };
  }

  /** The sim's next report wakes the object (the runtime's provider timer). */
  wakeAt(tx: Tx): Instant | undefined {
    return simWakeAt(tx);
  }

  executeInTransaction(commands: ProviderCommand[], tx: Tx): void {
    if (this.options.countSubmissions?.()) countSubmissions(tx, commands);
    submitToSim(tx, commands, this.inputs);
  }

  private stored<T>(key: string): T | undefined {
    const [row] = this.storage.sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = ?", key)
      .toArray();
    return row && (JSON.parse(row.value) as T);
  }
}

/** Test-only choices of the sim. */
export interface SimOptions {
  /**
   * Whether to count every command id handed over (a chaos test's proof that no command
   * was issued twice; unbounded, so never on in a deployment).
   */
  countSubmissions?: () => boolean;
}

/** The state key of the submission counts (see {@link SimOptions.countSubmissions}). */
export const SUBMISSIONS_KEY = "sim:submissions";

function countSubmissions(tx: Tx, commands: readonly ProviderCommand[]): void {
  const counts = { ...tx.getState<Record<string, number>>(SUBMISSIONS_KEY) };
  for (const command of commands) counts[command.id] = (counts[command.id] ?? 0) + 1;
  tx.putState(SUBMISSIONS_KEY, counts);
}

/**
 * EXT-6: the sim a what-if plan runs on, read as a fleet's sim reads D1: the deployment's
 * durations and refusal delay, and each zone's node limit with the nodes in use now.
 * Jitter is left out (a plan predicts the nominal durations) and so are faults (a plan
 * predicts the upgrade as it should go, not a test's injected failure).
 */
export async function planSimConfig(db: Inventory): Promise<SimConfig> {
  const [quotas, timing] = await Promise.all([zoneQuotas(db), getSimSettings(db)]);
  const limits = zoneLimits(quotas);
  const usage = Object.keys(limits).length > 0 ? await zoneUsage(db) : {};
  const config: SimConfig = {
    seed: SIM_SEED,
    jitter: 0,
    capacity: Object.fromEntries(
      Object.entries(limits).map(([zone, limit]) => [
        zone,
        { quotaNodes: limit, inUse: usage[zone]?.usedNodes ?? 0 },
      ]),
    ),
  };
  if (timing?.durations) config.durations = timing.durations;
  if (timing?.rejectionDelaySeconds !== undefined) {
    config.rejectionDelaySeconds = timing.rejectionDelaySeconds;
  }
  return config;
}

function simFault(row: SimFaultRow): SimFault {
  return {
    id: row.id,
    match: row.match,
    effect: row.effect,
    ...(row.times === null ? {} : { times: row.times }),
  };
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
