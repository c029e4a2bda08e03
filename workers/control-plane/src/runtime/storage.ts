import type { Instant, ProviderCommand } from "@regatta/engine";
import { type PackedKeys, PackedRow } from "./packed-row.ts";
import { RUNTIME_SCHEMA } from "./schema.ts";
import { type CachedValue, Transaction } from "./transaction.ts";
import type { Tx } from "./types.ts";

/**
 * Parsed state values an object keeps in memory at most, and how many are kept when it
 * trims (the oldest go first). A hundred fleets of a hundred members, or one of 5,000,
 * stay well inside the isolate's heap.
 */
const MAX_CACHED_VALUES = 1_000;
const CACHED_VALUES_KEPT = 750;

/**
 * Work done since the instance started, for benchmarks (through `inspect`): storage
 * transactions, timers fired, alarm runs, alarms set and preparations (each reads the
 * deployment's clock and provider settings from D1).
 */
export interface RuntimeCounters {
  transactions: number;
  firings: number;
  runs: number;
  alarmsSet: number;
  readies: number;
}

/** What the storage needs from the rest of the runtime. */
export interface StorageOptions {
  /** Which state keys are packed into one row (none when absent). */
  packs?: PackedKeys | undefined;
  /** Told after each committed transaction that wrote rows. */
  onChange?: ((at: Instant) => void) | undefined;
  /** The deployment's wall clock (the inbox, wall timers). */
  wall(): number;
  /** Where a transaction's commands go (the executor or the outbox). */
  send(commands: ProviderCommand[], tx: Tx): void;
}

/**
 * An object's SQLite storage as the runtime uses it: the schema, every write counted
 * (the platform bills rows written), synchronous transactions over a cache of parsed
 * values, and time that never runs backwards for one object.
 */
export class RuntimeStorage {
  /** Storage rows written since the instance started. */
  rowsWritten = 0;
  readonly counters: RuntimeCounters = {
    transactions: 0,
    firings: 0,
    runs: 0,
    alarmsSet: 0,
    readies: 0,
  };
  /**
   * Parsed state values by key. Storage stays the truth: the cache is dropped whenever a
   * transaction fails, so a rolled-back change is never read back from memory. Values
   * handed out must be treated as immutable (the engine never mutates its inputs).
   */
  private readonly cache = new Map<string, CachedValue>();
  /** Small values that change together, written as one row (see {@link PackedRow}). */
  private packed: PackedRow | undefined;
  /** The latest instant a commit has seen: time never runs backwards for one object. */
  private lastInstant = Number.NEGATIVE_INFINITY;

  constructor(
    readonly platform: DurableObjectStorage,
    private readonly options: StorageOptions,
  ) {
    for (const statement of RUNTIME_SCHEMA) platform.sql.exec(statement);
    this.packed = this.fresh();
  }

  get sql(): SqlStorage {
    return this.platform.sql;
  }

  /** The latest instant a transaction committed at. */
  latest(): Instant {
    return this.lastInstant;
  }

  /** Runs one write, counting the rows it wrote; answers them. */
  write(query: string, ...bindings: SqlStorageValue[]): number {
    const cursor = this.platform.sql.exec(query, ...bindings);
    cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
    return cursor.rowsWritten;
  }

  /** Rows the object keeps in its storage now, over every table of the runtime. */
  rowsKept(): number {
    return this.sql
      .exec<{ rows: number }>(
        "SELECT (SELECT count(*) FROM state) + (SELECT count(*) FROM timers) + (SELECT count(*) FROM wall_timers) + (SELECT count(*) FROM outbox) + (SELECT count(*) FROM inbox) + (SELECT count(*) FROM outbox_set_aside) + (SELECT count(*) FROM awaited) AS rows",
      )
      .one().rows;
  }

  /** A transaction's view, flushed by the caller at the end of `transactionSync`. */
  transaction(now: Instant, readOnly = false): Transaction {
    return new Transaction(
      {
        sql: this.sql,
        cache: this.cache,
        write: (query, ...bindings) => this.write(query, ...bindings),
        send: (commands, tx) => this.options.send(commands, tx),
        wall: () => this.options.wall(),
        ...(this.packed ? { packed: this.packed } : {}),
      },
      now,
      readOnly,
    );
  }

  /** Runs `change` in one storage transaction at `now`; a throw rolls all of it back. */
  inTransaction<R>(now: Instant, change: (tx: Tx) => R): R {
    const rowsBefore = this.rowsWritten;
    this.counters.transactions++;
    try {
      const result = this.platform.transactionSync(() => {
        const tx = this.transaction(now);
        const result = change(tx);
        tx.flush();
        return result;
      });
      this.lastInstant = Math.max(this.lastInstant, now);
      if (this.rowsWritten !== rowsBefore) this.options.onChange?.(now);
      this.boundCache();
      return result;
    } catch (error) {
      // The cache and the packed row may hold values of the rolled-back transaction.
      this.cache.clear();
      this.packed = this.fresh();
      throw error;
    }
  }

  private fresh(): PackedRow | undefined {
    return this.options.packs && new PackedRow(this.platform.sql, this.options.packs);
  }

  /**
   * Forgets the values read least recently once there are more than {@link MAX_CACHED_VALUES}:
   * a fleet with thousands of operations would otherwise keep every one parsed, and the
   * isolate that holds all objects of the class is reset when its heap outgrows the
   * platform's limit (every instance restarts). A forgotten value is read again when used.
   */
  private boundCache(): void {
    if (this.cache.size <= MAX_CACHED_VALUES) return;
    let excess = this.cache.size - CACHED_VALUES_KEPT;
    for (const key of this.cache.keys()) {
      if (excess-- <= 0) break;
      this.cache.delete(key);
    }
  }
}
