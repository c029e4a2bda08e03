import type { RuntimeStorage } from "./storage.ts";

/**
 * What an object remembers of what reached it: the events it applied (the inbox, so a
 * repeat changes nothing; runtime/transaction.ts `once`) and the commands an executor may
 * still report on (SEC-7). Both are bookkeeping on the wall clock, forgotten a bounded
 * number of rows at a time so pruning never makes one alarm long.
 */

/** How long the inbox remembers an event unless configured otherwise (wall time). */
export const DEFAULT_INBOX_RETENTION_MS = 24 * 3_600_000;
/**
 * SEC-7: how long a command sent to an executor stays open to its report (wall time): an
 * executor retries a report for a day, an operation is kept 30 days; past that a report
 * is refused, and an unanswered command does not keep its row forever.
 */
const AWAITED_RETENTION_MS = 30 * 24 * 3_600_000;
/** Inbox rows forgotten per alarm. */
const INBOX_PRUNE_ROWS = 500;

/**
 * The inbox's retention: as configured, but never less than twice the window in which a
 * signed delivery can still arrive (`RuntimeOptions.replayWindowMs`), so a delivery
 * signed at its edge by a clock running ahead still finds its first arrival remembered.
 */
export function inboxRetention(
  configuredMs: number | undefined,
  replayWindowMs: number | undefined,
): number {
  return Math.max(configuredMs ?? DEFAULT_INBOX_RETENTION_MS, 2 * (replayWindowMs ?? 0));
}

/** Forgets inbox entries and awaited commands past their retention, a bounded number. */
export function pruneInbox(storage: RuntimeStorage, wall: number, retentionMs: number): void {
  storage.write(
    "DELETE FROM inbox WHERE key IN (SELECT key FROM inbox WHERE at < ? LIMIT ?)",
    wall - retentionMs,
    INBOX_PRUNE_ROWS,
  );
  storage.write(
    "DELETE FROM awaited WHERE command IN (SELECT command FROM awaited WHERE at < ? LIMIT ?)",
    wall - AWAITED_RETENTION_MS,
    INBOX_PRUNE_ROWS,
  );
}
