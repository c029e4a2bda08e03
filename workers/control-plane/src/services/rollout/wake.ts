import type { Channel } from "@regatta/engine";
import { type Inventory, listRolloutGroups } from "@regatta/inventory";
import { atMost, WAKE_CONCURRENCY } from "../../objects/concurrency.ts";
import type { FleetObjects } from "../operations/node-pool-upgrades.ts";

/**
 * CH-3/SEQ: runs a pass of every configured rollout group — of fleets with clusters on
 * `channel` when a release of that channel was published, of all of them on the cron —
 * one call per fleet object (which runs each of its groups). Resolves to the number of
 * fleet objects called; a fleet that fails is logged and caught up by the next cron.
 */
export async function wakeRollouts(
  db: Inventory,
  fleets: FleetObjects,
  channel?: Channel,
): Promise<number> {
  const groups = await listRolloutGroups(db, channel);
  const byFleet = new Map<string, string[]>();
  for (const { fleet, groupKey } of groups) {
    byFleet.set(fleet, [...(byFleet.get(fleet) ?? []), groupKey]);
  }
  const work = [...byFleet.entries()];
  await atMost(WAKE_CONCURRENCY, work, async ([fleet, names]) => {
    try {
      await fleets.get(fleets.idFromName(fleet)).rolloutEvaluate(names);
    } catch (error) {
      console.error(`rollout: fleet ${fleet} did not evaluate`, error);
    }
  });
  return work.length;
}
