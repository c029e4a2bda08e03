/**
 * Tables every Durable Object keeps in its own SQLite storage. `state` holds the
 * engine's machine states as JSON; `timers` are multiplexed onto the object's single
 * alarm; `outbox` holds provider commands persisted with the state that produced them;
 * `inbox` remembers the provider events already applied.
 */
export const RUNTIME_SCHEMA = [
  "CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
  "CREATE TABLE IF NOT EXISTS timers (id TEXT PRIMARY KEY, due INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT)",
  "CREATE INDEX IF NOT EXISTS timers_by_due ON timers (due)",
  "CREATE TABLE IF NOT EXISTS outbox (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, commands TEXT NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, next_attempt INTEGER NOT NULL DEFAULT 0, last_error TEXT)",
  "CREATE INDEX IF NOT EXISTS outbox_by_seq ON outbox (seq)",
  "CREATE TABLE IF NOT EXISTS inbox (key TEXT PRIMARY KEY, at INTEGER NOT NULL)",
];
