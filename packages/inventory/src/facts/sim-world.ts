import {
  type Inventory,
  type SimClockRow,
  type SimFaultRow,
  type SimSettingsRow,
  selectAllZoneQuotas,
  selectSimClock,
  selectSimFaults,
  selectSimSettings,
  type ZoneQuotaRow,
  zoneQuotasOf,
} from "../queries/index.ts";

/** Faults the embedded sim reads at most: the first by id. */
export const SIM_FAULTS_READ = 500;

/**
 * What an object running the embedded sim reads before it decides: the shared sim
 * clock's row, the injected faults, each zone's quotas and reservations, and the sim's
 * timing, in one round trip (every alarm run and call of a fleet object reads them, so
 * five reads each would be most of what the object asks of D1).
 */
export interface SimWorld {
  clock: SimClockRow | undefined;
  faults: SimFaultRow[];
  quotas: Record<string, ZoneQuotaRow>;
  settings: SimSettingsRow | undefined;
}

/** @example const world = await readSimWorld(db); */
export async function readSimWorld(db: Inventory): Promise<SimWorld> {
  const [zoneRows, reserved] = selectAllZoneQuotas(db);
  const [clock, faults, zones, reservations, settings] = await db.batch([
    selectSimClock(db),
    selectSimFaults(db, SIM_FAULTS_READ),
    zoneRows,
    reserved,
    selectSimSettings(db),
  ]);
  return {
    clock: clock[0],
    faults,
    quotas: zoneQuotasOf(zones, reservations),
    settings: settings[0],
  };
}
