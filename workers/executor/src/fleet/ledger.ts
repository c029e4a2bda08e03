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

/** Forgets ids past their retention, and the oldest beyond the cap; returns how many. */
export function pruneLedger(sql: SqlStorage, wallNow: number): number {
  const expired = sql.exec(
    "DELETE FROM commands WHERE id IN (SELECT id FROM commands WHERE received_wall < ? ORDER BY received_wall LIMIT ?)",
    wallNow - LEDGER_RETENTION_MS,
    PRUNE_ROWS,
  ).rowsWritten;
  const { total } = sql.exec<{ total: number }>("SELECT COUNT(*) AS total FROM commands").one();
  const over = Math.min(total - LEDGER_MAX_IDS, PRUNE_ROWS);
  const capped =
    over > 0
      ? sql.exec(
          "DELETE FROM commands WHERE id IN (SELECT id FROM commands ORDER BY received_wall LIMIT ?)",
          over,
        ).rowsWritten
      : 0;
  return expired + capped;
}
