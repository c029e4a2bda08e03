import {
  allPages,
  type Inventory,
  listFleets,
  openInventory,
  pruneIdempotentResponses,
} from "@regatta/inventory";
import { configurationError, type Env, retentionMs } from "./env.ts";
import { wakeRollouts } from "./services/rollout/wake.ts";

/** Fleet objects woken at once; the rest wait for a free slot. */
const WAKE_CONCURRENCY = 8;
/** Idempotency-Key rows deleted per statement, and statements per cron run. */
const PRUNE_ROWS = 500;
const PRUNE_ROUNDS = 20;

/**
 * The cron trigger: prunes what retention no longer needs, then wakes every fleet
 * object so due work runs even when an alarm was lost (alarms are at-least-once but give
 * up after six failed retries).
 */
export async function runScheduled(env: Env, scheduledTime: number): Promise<void> {
  const problem = configurationError(env);
  if (problem !== undefined) {
    console.error(`cron: not running: ${problem}`);
    return;
  }
  const db = openInventory(env.DB);
  await pruneIdempotencyKeys(db, scheduledTime - retentionMs(env.IDEMPOTENCY_RETENTION_HOURS, 24));
  await wakeFleets(env, db);
  // CH-3/SEQ: every sequenced group looks at its targets, windows and soaks.
  await wakeRollouts(db, env.FLEET);
}

/**
 * Wakes every fleet object, a few at a time: a fleet whose run is slow does not hold
 * the others back, and a thousand fleets do not mean a thousand calls at once. An
 * object already running its alarm joins that run (see `ObjectRuntime.runAlarm`).
 */
export async function wakeFleets(env: Env, db: Inventory = openInventory(env.DB)): Promise<void> {
  const fleets = await allPages((page) => listFleets(db, page));
  let next = 0;
  const worker = async () => {
    while (next < fleets.length) {
      const { name } = fleets[next++]!;
      try {
        await env.FLEET.get(env.FLEET.idFromName(name)).tick();
      } catch (error) {
        console.error(`cron: fleet ${name} did not tick`, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WAKE_CONCURRENCY, fleets.length) }, worker));
}

/**
 * Replays of a POST are stored for a limited time (API.md); older ones are deleted in
 * bounded statements so one cron run stays short even after a long outage.
 */
async function pruneIdempotencyKeys(db: Inventory, cutoff: number): Promise<void> {
  try {
    for (let round = 0; round < PRUNE_ROUNDS; round++) {
      if ((await pruneIdempotentResponses(db, cutoff, PRUNE_ROWS)) < PRUNE_ROWS) return;
    }
  } catch (error) {
    console.error("cron: pruning Idempotency-Keys failed", error);
  }
}
