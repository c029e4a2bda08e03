/**
 * Every command id the executor has taken, so a redelivered batch, or a command sent
 * again in another batch, is acknowledged without being carried out twice (API.md:
 * command ids are stable across redeliveries). The control plane redelivers for about
 * ten minutes (8 attempts, 5 s doubling to 5 min); ids are kept a day, and at most
 * {@link LEDGER_MAX_IDS}, so the ledger cannot grow without bound.
 */

export const LEDGER_RETENTION_MS = 24 * 3_600_000;
export const LEDGER_MAX_IDS = 100_000;
/** Rows forgotten per run, so pruning never makes one alarm long. */
const PRUNE_ROWS = 1_000;

/** Records `id` unless known; true when it is new (then the caller carries it out). */
export function takeCommand(
  sql: SqlStorage,
  command: { id: string; type: string },
  batch: string,
  wallNow: number,
): boolean {
  const inserted = sql.exec(
    "INSERT INTO commands (id, batch, type, received_wall) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
    command.id,
    batch,
    command.type,
    wallNow,
  );
  return inserted.rowsWritten > 0;
}

/**
 * Forgets ids past their retention, and the oldest beyond the cap, a bounded number per
 * call. Ids are inserted in arrival order and only the oldest are deleted, so the rowid
 * span stands in for the count without scanning the table (storage bills rows read).
 */
export function pruneLedger(
  sql: SqlStorage,
  wallNow: number,
  bounds: { retentionMs: number; maxIds: number } = {
    retentionMs: LEDGER_RETENTION_MS,
    maxIds: LEDGER_MAX_IDS,
  },
): void {
  sql.exec(
    "DELETE FROM commands WHERE id IN (SELECT id FROM commands WHERE received_wall < ? ORDER BY received_wall LIMIT ?)",
    wallNow - bounds.retentionMs,
    PRUNE_ROWS,
  );
  sql.exec(
    "DELETE FROM commands WHERE rowid IN (SELECT rowid FROM commands WHERE rowid <= (SELECT MAX(rowid) FROM commands) - ? ORDER BY rowid LIMIT ?)",
    bounds.maxIds,
    PRUNE_ROWS,
  );
}
