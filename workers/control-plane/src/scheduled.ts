import {
  capAuditLog,
  type Inventory,
  openInventory,
  pruneAuditLog,
  pruneIdempotentResponses,
  pruneNotificationDeliveries,
} from "@regatta/inventory";
import { controlPlaneNow } from "./clock/now.ts";
import { configurationError, type Env, positiveSetting, retentionMs } from "./env.ts";
import { wakeDueObjects, wakeEveryFleet } from "./objects/wakeups.ts";
import { reconcileDueProfiles } from "./services/auto-upgrade/reconcile.ts";
import { wakeRollouts } from "./services/rollout/wake.ts";

/** Idempotency-Key rows deleted per statement, and statements per cron run. */
const PRUNE_ROWS = 500;
const PRUNE_ROUNDS = 20;
const DAY_MS = 86_400_000;

/**
 * The cron trigger: prunes what retention no longer needs, then wakes the objects whose
 * recorded wake-up is due, so due work runs even when an alarm was lost (alarms are
 * at-least-once but give up after six failed retries). Objects with nothing due are not
 * called: 10,000 quiet fleets cost one query. Once an hour every fleet is woken too, for
 * an object whose record was lost.
 */
export async function runScheduled(env: Env, scheduledTime: number): Promise<void> {
  const problem = configurationError(env);
  if (problem !== undefined) {
    console.error(`cron: not running: ${problem}`);
    return;
  }
  const db = openInventory(env.DB);
  await pruneIdempotencyKeys(db, scheduledTime - retentionMs(env.IDEMPOTENCY_RETENTION_HOURS, 24));
  await pruneBounded("notification deliveries", (limit) =>
    pruneNotificationDeliveries(
      db,
      scheduledTime - retentionMs(env.NOTIFICATION_RETENTION_DAYS, 7, DAY_MS),
      limit,
    ),
  );
  await pruneAudit(db, env, scheduledTime);
  const now = await controlPlaneNow(env, db);
  await wakeDueObjects(env, db, now);
  if (new Date(scheduledTime).getUTCMinutes() === 0) await wakeEveryFleet(env, db);
  // CH-3/SEQ: every sequenced group looks at its targets, windows and soaks.
  await wakeRollouts(db, env);
  // EXT-5: a cluster that missed a release (added later, or busy then) is caught up.
  await reconcileDueProfiles(db, env, now);
}

/**
 * Replays of a POST are stored for a limited time (API.md); older ones are deleted in
 * bounded statements so one cron run stays short even after a long outage.
 */
function pruneIdempotencyKeys(db: Inventory, cutoff: number): Promise<void> {
  return pruneBounded("Idempotency-Keys", (limit) => pruneIdempotentResponses(db, cutoff, limit));
}

/**
 * SEC-11: audit entries older than AUDIT_RETENTION_DAYS (90) on the wall clock go, and
 * beyond AUDIT_MAX_ENTRIES (1,000,000) the oldest go too; requests that named no valid
 * token keep at most a tenth of that, so a flood of them cannot push the record of real
 * writes out. Writes are bounded by the requests the API accepts; storage, by these.
 */
async function pruneAudit(db: Inventory, env: Env, scheduledTime: number): Promise<void> {
  await pruneBounded("audit entries", (limit) =>
    pruneAuditLog(db, scheduledTime - retentionMs(env.AUDIT_RETENTION_DAYS, 90, DAY_MS), limit),
  );
  const keep = Math.floor(positiveSetting(env.AUDIT_MAX_ENTRIES, 1_000_000));
  await pruneBounded("anonymous audit entries", (limit) =>
    capAuditLog(db, { keep: Math.ceil(keep / 10), anonymousOnly: true }, limit),
  );
  await pruneBounded("audit entries beyond the cap", (limit) =>
    capAuditLog(db, { keep, anonymousOnly: false }, limit),
  );
}

/** Deletes in statements of {@link PRUNE_ROWS}, at most {@link PRUNE_ROUNDS} per cron run. */
async function pruneBounded(
  what: string,
  prune: (limit: number) => Promise<number>,
): Promise<void> {
  try {
    for (let round = 0; round < PRUNE_ROUNDS; round++) {
      if ((await prune(PRUNE_ROWS)) < PRUNE_ROWS) return;
    }
  } catch (error) {
    console.error(`cron: pruning ${what} failed`, error);
  }
}
