/**
 * Tables every Durable Object keeps in its own SQLite storage. `state` holds the
 * engine's machine states as JSON; `timers` are multiplexed onto the object's single
 * alarm; `outbox` holds provider commands persisted with the state that produced them
 * (their retries are deliveries: one retry table, in `state` and `timers`);
 * `inbox` remembers the provider events already applied; `outbox_set_aside` keeps the
 * batches a provider would not take; `awaited` lists the commands sent to an executor
 * and not yet answered, the only ones its callbacks may report on (SEC-7).
 */
// WITHOUT ROWID: the key is the table, so writing a row does not also write an index
// entry (storage is billed per row written, index rows included). The timer table holds
// a handful of rows, so it needs no index on `due`.
export const RUNTIME_SCHEMA = [
  "CREATE TABLE IF NOT EXISTS state (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID",
  "CREATE TABLE IF NOT EXISTS timers (id TEXT PRIMARY KEY, due INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT) WITHOUT ROWID",
  // Timers due on the wall clock (bookkeeping: retention), apart from the virtual ones so
  // the stepping of virtual time never sees them.
  "CREATE TABLE IF NOT EXISTS wall_timers (id TEXT PRIMARY KEY, due INTEGER NOT NULL, kind TEXT NOT NULL, payload TEXT) WITHOUT ROWID",
  // The outbox holds the commands only: each operation's batches go out as one durable
  // delivery (runtime/deliveries.ts), whose record keeps the attempts.
  "CREATE TABLE IF NOT EXISTS outbox (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, commands TEXT NOT NULL)",
  "CREATE INDEX IF NOT EXISTS outbox_by_seq ON outbox (seq)",
  // `at` is wall-clock ms: the inbox guards against re-deliveries, which arrive in wall time.
  "CREATE TABLE IF NOT EXISTS inbox (key TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID",
  // `at` is wall-clock ms, for pruning what an executor never answered.
  "CREATE TABLE IF NOT EXISTS awaited (command TEXT PRIMARY KEY, at INTEGER NOT NULL) WITHOUT ROWID",
  // Batches whose delivery failed for good, kept (bounded) so an operator can see them.
  "CREATE TABLE IF NOT EXISTS outbox_set_aside (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, commands TEXT NOT NULL, attempts INTEGER NOT NULL, reason TEXT NOT NULL, at INTEGER NOT NULL)",
];
