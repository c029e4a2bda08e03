import { eq } from "drizzle-orm";
import { simSettings } from "../schema/sim.ts";
import type { InventoryDb } from "./db.ts";

/** The sim's timing as stored (see the `sim_settings` table). */
export type SimSettingsRow = Omit<typeof simSettings.$inferSelect, "id">;

/**
 * The sim's timing, if an operator set it (otherwise the engine's defaults apply).
 *
 * @example const timing = await getSimSettings(db);
 */
export async function getSimSettings(db: InventoryDb): Promise<SimSettingsRow | undefined> {
  return db
    .select({
      durations: simSettings.durations,
      jitter: simSettings.jitter,
      rejectionDelaySeconds: simSettings.rejectionDelaySeconds,
    })
    .from(simSettings)
    .where(eq(simSettings.id, 1))
    .get();
}

/**
 * Saves the sim's timing (the table's single row).
 *
 * @example await putSimSettings(db, { durations: { CREATE_NODE: 60 }, jitter: 0, rejectionDelaySeconds: 5 });
 */
export function putSimSettings(db: InventoryDb, settings: SimSettingsRow) {
  return db
    .insert(simSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: simSettings.id, set: settings });
}
