import type { Channel } from "@regatta/engine";
import {
  allPages,
  type Inventory,
  listRolloutGroups,
  listRolloutSequences,
} from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { atMost, WAKE_CONCURRENCY } from "../../objects/concurrency.ts";
import { evaluateSequence } from "./sequences.ts";

/**
 * CH-3/SEQ: runs a pass of every configured rollout group — of fleets with clusters on
 * `channel` when a release of that channel was published, of all of them on the cron —
 * one call per fleet object (which runs each of its groups), and of every rollout
 * sequence with custom stages (SEQ-19). Resolves to the number of objects called; one
 * that fails is logged and caught up by the next cron.
 */
export async function wakeRollouts(
  db: Inventory,
  env: Pick<Env, "FLEET" | "ROLLOUT_SEQUENCE">,
  channel?: Channel,
): Promise<number> {
  const fleets = env.FLEET;
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
  const sequences = await allPages((page) => listRolloutSequences(db, page));
  await atMost(WAKE_CONCURRENCY, sequences, (sequence) =>
    evaluateSequence(env.ROLLOUT_SEQUENCE, sequence.name),
  );
  return work.length + sequences.length;
}
