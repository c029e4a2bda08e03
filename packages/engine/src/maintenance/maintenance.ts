import type { Result } from "../rules/violation.ts";
import { ok } from "../rules/violation.ts";
import type { MaintenanceExclusion } from "./exclusion.ts";
import { validateExclusion } from "./exclusion.ts";
import type { MaintenanceWindow } from "./window.ts";
import { validateWindow } from "./window.ts";

/** A cluster's `maintenance` field: when automatic upgrades may start (MW-1, MW-2). */
export interface Maintenance {
  windows?: readonly MaintenanceWindow[];
  exclusions?: readonly MaintenanceExclusion[];
}

/**
 * Validates every window (MW-1) and exclusion (MW-2), refusing the first bad one with a
 * 400 whose detail names the field, e.g. `windows[1].days`.
 *
 * @example validateMaintenance({ windows: [{ start: "02:00", durationSeconds: 0, days: ["MON"] }] })
 * // malformed "MW-1: windows[0].durationSeconds 0 is not a whole number of seconds between 1 and 604800"
 */
export function validateMaintenance(maintenance: Maintenance): Result<Maintenance> {
  for (const [index, window] of (maintenance.windows ?? []).entries()) {
    const result = validateWindow(window, `windows[${index}]`);
    if (!result.ok) return { ok: false, error: result.error };
  }
  for (const [index, exclusion] of (maintenance.exclusions ?? []).entries()) {
    const result = validateExclusion(exclusion, `exclusions[${index}]`);
    if (!result.ok) return { ok: false, error: result.error };
  }
  return ok(maintenance);
}
