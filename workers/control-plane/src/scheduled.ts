import { allPages, listFleets, openInventory } from "@regatta/inventory";
import type { Env } from "./env.ts";

/**
 * The cron trigger: wakes every fleet object so due work runs even when an alarm was
 * lost (alarms are at-least-once but give up after six failed retries).
 */
export async function runScheduled(env: Env, _scheduledTime: number): Promise<void> {
  const db = openInventory(env.DB);
  const fleets = await allPages((page) => listFleets(db, page));
  for (const { name } of fleets) {
    try {
      await env.FLEET.get(env.FLEET.idFromName(name)).tick();
    } catch (error) {
      console.error(`cron: fleet ${name} did not tick`, error);
    }
  }
}
