/**
 * The executor object's SQLite tables, created idempotently by the object's constructor.
 * Times named `*_wall` are wall-clock ms; the others are the fleet's clock (see clock.ts).
 */
export const SCHEMA = [
  // Small documents: the sim's state, the manual clock, the sim's timing fingerprint.
  "CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
  // Every command id received, to recognise a redelivered batch or command (ledger.ts).
  `CREATE TABLE IF NOT EXISTS commands (
     id TEXT PRIMARY KEY, batch TEXT NOT NULL, type TEXT NOT NULL, received_wall INTEGER NOT NULL)`,
  "CREATE INDEX IF NOT EXISTS commands_by_age ON commands (received_wall)",
  // Reports waiting to be acknowledged by the control plane, in the order they happened.
  `CREATE TABLE IF NOT EXISTS callbacks (
     seq INTEGER PRIMARY KEY AUTOINCREMENT, operation TEXT NOT NULL, command TEXT NOT NULL,
     body TEXT NOT NULL, created INTEGER NOT NULL, attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt INTEGER NOT NULL, last_error TEXT)`,
  // Reports the control plane refused for good (or that ran out of time), newest kept.
  `CREATE TABLE IF NOT EXISTS rejected_callbacks (
     seq INTEGER PRIMARY KEY, operation TEXT NOT NULL, command TEXT NOT NULL, body TEXT NOT NULL,
     attempts INTEGER NOT NULL, status INTEGER, reason TEXT NOT NULL, at_wall INTEGER NOT NULL)`,
  "CREATE TABLE IF NOT EXISTS counters (name TEXT PRIMARY KEY, value INTEGER NOT NULL)",
] as const;

/** What the object counts over its life (reported by `status()` and GET /status). */
export type CounterName =
  | "batches"
  | "carriedOut"
  | "duplicates"
  | "unreadable"
  | "callbacksDelivered"
  | "callbacksRetried"
  | "callbacksRejected";

/** Adds to the object's counters, in the caller's transaction. */
export function count(sql: SqlStorage, name: CounterName, by = 1): void {
  if (by === 0) return;
  sql.exec(
    "INSERT INTO counters (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = value + excluded.value",
    name,
    by,
  );
}

/** Every counter, zero when it never moved. */
export function counters(sql: SqlStorage): Record<CounterName, number> {
  const all: Record<CounterName, number> = {
    batches: 0,
    carriedOut: 0,
    duplicates: 0,
    unreadable: 0,
    callbacksDelivered: 0,
    callbacksRetried: 0,
    callbacksRejected: 0,
  };
  for (const row of sql.exec<{ name: CounterName; value: number }>(
    "SELECT name, value FROM counters",
  )) {
    if (row.name in all) all[row.name] = row.value;
  }
  return all;
}

/** A JSON document of the `state` table. */
export function readState<T>(sql: SqlStorage, key: string): T | undefined {
  const [row] = sql.exec<{ value: string }>("SELECT value FROM state WHERE key = ?", key).toArray();
  return row && (JSON.parse(row.value) as T);
}

export function writeState(sql: SqlStorage, key: string, value: unknown): void {
  sql.exec(
    "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    key,
    JSON.stringify(value),
  );
}
