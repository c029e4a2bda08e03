import type { Instant, ProviderCommand } from "@regatta/engine";
import type { PackedRow } from "./packed-row.ts";
import type { Timer, Tx } from "./types.ts";

/** A stored state value: parsed, and as the JSON text that is in storage. */
export interface CachedValue {
  value: unknown;
  json: string | undefined;
}

/** What a transaction needs from its runtime. */
export interface TransactionHost {
  sql: SqlStorage;
  cache: Map<string, CachedValue>;
  /** Runs one write; answers the rows it wrote. */
  write(query: string, ...bindings: SqlStorageValue[]): number;
  /** Carries commands out inside this transaction, or persists them to the outbox. */
  send(commands: ProviderCommand[], tx: Tx): void;
  /** Small, often-changed values kept together in one row (absent: none are packed). */
  packed?: PackedRow;
  /** Wall-clock ms, for the inbox (re-deliveries arrive in wall time, not virtual time). */
  wall(): number;
}

const DELETED = Symbol("deleted");
/** Values one Durable Object statement binds at most. */
const MAX_BOUND = 100;

/** A timer lives in the table of its clock. */
const tableOf = (timer: Timer) => (timer.clock === "wall" ? "wall_timers" : "timers");

/** `ids` in parts one statement can bind, each with its condition (`= ?`, `IN (?, …)`). */
function boundParts(ids: readonly string[]): { part: string[]; condition: string }[] {
  const parts: { part: string[]; condition: string }[] = [];
  for (let i = 0; i < ids.length; i += MAX_BOUND) {
    const part = ids.slice(i, i + MAX_BOUND);
    const condition = part.length === 1 ? "= ?" : `IN (${"?, ".repeat(part.length - 1)}?)`;
    parts.push({ part, condition });
  }
  return parts;
}

/**
 * One storage transaction's view. Writes are buffered and flushed once at the end,
 * skipping values and timers that did not change: a decision often touches the same
 * key twice (the sim advances, then takes new commands) or rewrites what is already
 * stored, and every row written is billed.
 */
export class Transaction implements Tx {
  private readonly state = new Map<string, unknown>();
  private readonly timerChanges = new Map<string, Timer | null>();
  private readonly finishers = new Map<string, () => void>();
  readonly wall: number;

  constructor(
    private readonly host: TransactionHost,
    readonly now: Instant,
    /** A read-only view (`ObjectRuntime.read`): any change is a bug and throws. */
    private readonly readOnly = false,
  ) {
    this.wall = host.wall();
  }

  private changing(what: string): void {
    if (this.readOnly) throw new Error(`runtime: a read changed state (${what})`);
  }

  getState<T>(key: string): T | undefined {
    if (this.state.has(key)) {
      const value = this.state.get(key);
      return (value === DELETED ? undefined : value) as T | undefined;
    }
    return this.stored(key).value as T | undefined;
  }

  prefetch(keys: readonly string[]): void {
    const cache = this.host.cache;
    const packed = this.host.packed;
    const unread = keys.filter(
      (key) =>
        !this.state.has(key) &&
        !cache.has(key) &&
        !(packed?.packs(key) === true && packed.has(key)),
    );
    const found = this.readStored(unread);
    for (const key of unread) {
      const json = found.get(key);
      cache.set(key, { value: json === undefined ? undefined : JSON.parse(json), json });
    }
  }

  putState(key: string, value: unknown): void {
    this.changing(key);
    this.state.set(key, value);
  }

  deleteState(key: string): void {
    this.changing(key);
    this.state.set(key, DELETED);
  }

  setTimer(timer: Timer): void {
    this.changing(timer.id);
    this.timerChanges.set(timer.id, timer);
  }

  clearTimer(id: string): void {
    this.changing(id);
    this.timerChanges.set(id, null);
  }

  once(key: string, change: () => void): boolean {
    this.changing(key);
    // The insert is the check: a key seen before writes no row, and one statement, not two.
    const inserted = this.host.write(
      "INSERT INTO inbox (key, at) VALUES (?, ?) ON CONFLICT (key) DO NOTHING",
      key,
      this.wall,
    );
    if (inserted === 0) return false;
    change();
    return true;
  }

  seen(key: string): boolean {
    return this.host.sql.exec("SELECT 1 FROM inbox WHERE key = ?", key).toArray().length > 0;
  }

  awaits(command: string): boolean {
    return (
      this.host.sql.exec("SELECT 1 FROM awaited WHERE command = ?", command).toArray().length > 0
    );
  }

  answered(command: string): void {
    this.changing("commands");
    this.host.write("DELETE FROM awaited WHERE command = ?", command);
  }

  atEnd(key: string, finish: () => void): void {
    this.changing(key);
    if (!this.finishers.has(key)) this.finishers.set(key, finish);
  }

  send(commands: ProviderCommand[]): void {
    this.changing("commands");
    if (commands.length > 0) this.host.send(commands, this);
  }

  /** Writes what changed; called once, at the end of the storage transaction. */
  flush(): void {
    // A finisher may ask for another (or for itself again): each runs once per asking.
    for (const [key, finish] of this.finishers) {
      this.finishers.delete(key);
      finish();
    }
    const before = this.storedJson([...this.state.keys()]);
    for (const [key, value] of this.state) this.flushState(key, value, before.get(key));
    this.host.packed?.flush(
      (query, ...bindings) => this.host.write(query, ...bindings),
      (key, json) => this.writeOwn(key, json),
    );
    const cleared: string[] = [];
    const set: (readonly [string, Timer])[] = [];
    for (const [id, timer] of this.timerChanges) {
      if (timer === null) cleared.push(id);
      else set.push([id, timer]);
    }
    this.flushTimers(set);
    this.deleteTimers(cleared);
  }

  private stored(key: string): CachedValue {
    const cache = this.host.cache;
    const cached = cache.get(key);
    if (cached) {
      // Most recently used last: the cache forgets from the front (storage.ts).
      cache.delete(key);
      cache.set(key, cached);
      return cached;
    }
    const packed = this.host.packed;
    const json = packed?.packs(key) ? packed.get(key) : undefined;
    if (json !== undefined) {
      const loaded = { value: JSON.parse(json), json };
      this.host.cache.set(key, loaded);
      return loaded;
    }
    const [row] = this.host.sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = ?", key)
      .toArray();
    const loaded = row
      ? { value: JSON.parse(row.value), json: row.value }
      : { value: undefined, json: undefined };
    this.host.cache.set(key, loaded);
    return loaded;
  }

  /**
   * The stored JSON text of `keys`, for telling a change from a rewrite: from the cache or
   * the packed row, the rest in one read per {@link MAX_BOUND} keys. A transaction
   * writes many keys it never read (a new watch, a new delivery): a read each was most of
   * what its flush asked SQLite, and a value read only to be compared is not parsed.
   */
  private storedJson(keys: readonly string[]): Map<string, string | undefined> {
    const found = new Map<string, string | undefined>();
    const unread: string[] = [];
    const packed = this.host.packed;
    for (const key of keys) {
      const json =
        this.host.cache.get(key)?.json ?? (packed?.packs(key) ? packed.get(key) : undefined);
      found.set(key, json);
      if (json === undefined && !this.host.cache.has(key)) unread.push(key);
    }
    for (const [key, json] of this.readStored(unread)) found.set(key, json);
    return found;
  }

  /** The stored text of those of `keys` that have a row, one statement per {@link MAX_BOUND}. */
  private readStored(keys: readonly string[]): Map<string, string> {
    const found = new Map<string, string>();
    for (const { part, condition } of boundParts(keys)) {
      const rows = this.host.sql.exec<{ key: string; value: string }>(
        `SELECT key, value FROM state WHERE key ${condition}`,
        ...part,
      );
      for (const row of rows) found.set(row.key, row.value);
    }
    return found;
  }

  private flushState(key: string, value: unknown, beforeJson: string | undefined): void {
    const packed = this.host.packed;
    const wasPacked = packed?.packs(key) === true && packed.has(key);
    if (value === DELETED) {
      if (beforeJson === undefined) return;
      if (wasPacked) packed!.delete(key);
      else this.host.write("DELETE FROM state WHERE key = ?", key);
      this.host.cache.set(key, { value: undefined, json: undefined });
      return;
    }
    const json = JSON.stringify(value);
    if (json === beforeJson) {
      this.host.cache.set(key, { value, json });
      return;
    }
    if (packed?.placement(key, json) === "packed") {
      packed.set(key, json);
      // It had a row of its own (it was large, or stored before packing): not any more.
      if (beforeJson !== undefined && !wasPacked) {
        this.host.write("DELETE FROM state WHERE key = ?", key);
      }
    } else {
      if (wasPacked) packed!.delete(key);
      this.writeOwn(key, json);
    }
    this.host.cache.set(key, { value, json });
  }

  private writeOwn(key: string, json: string): void {
    this.host.write(
      "INSERT INTO state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
      key,
      json,
    );
  }

  /**
   * Writes the timers set, each in the table of its clock, skipping those stored as they
   * are: the stored rows read in one statement per table for up to {@link MAX_BOUND} ids,
   * as most timers a transaction sets are new (an ended operation's retention).
   */
  private flushTimers(set: readonly (readonly [string, Timer])[]): void {
    for (const table of ["timers", "wall_timers"] as const) {
      const mine = set.filter(([, timer]) => tableOf(timer) === table);
      const stored = new Map<string, { due: number; kind: string; payload: string | null }>();
      for (const { part, condition } of boundParts(mine.map(([id]) => id))) {
        const rows = this.host.sql.exec<{
          id: string;
          due: number;
          kind: string;
          payload: string | null;
        }>(`SELECT id, due, kind, payload FROM ${table} WHERE id ${condition}`, ...part);
        for (const row of rows) stored.set(row.id, row);
      }
      for (const [id, timer] of mine) {
        const payload = timer.payload ?? null;
        const current = stored.get(id);
        if (
          current &&
          current.due === timer.due &&
          current.kind === timer.kind &&
          current.payload === payload
        )
          continue;
        this.host.write(
          `INSERT INTO ${table} (id, due, kind, payload) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET due = excluded.due, kind = excluded.kind, payload = excluded.payload`,
          id,
          timer.due,
          timer.kind,
          payload,
        );
      }
    }
  }

  /**
   * Clears timers by id, whichever their clock: a statement per table for up to
   * {@link MAX_BOUND} ids (a delete that matches nothing writes, and bills, no
   * row). A transaction clears many timers that were never set (an ended operation's
   * kinds), and a statement each was the most frequent statement an object ran.
   */
  private deleteTimers(ids: readonly string[]): void {
    for (const { part, condition } of boundParts(ids)) {
      this.host.write(`DELETE FROM timers WHERE id ${condition}`, ...part);
      this.host.write(`DELETE FROM wall_timers WHERE id ${condition}`, ...part);
    }
  }
}
