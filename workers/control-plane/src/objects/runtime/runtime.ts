import { exponentialBackoff, type Instant, type ProviderCommand } from "@regatta/engine";
import type { Clock } from "../../clock/clock.ts";
import { type PackedKeys, PackedRow } from "./packed-row.ts";
import { RUNTIME_SCHEMA } from "./schema.ts";
import { type CachedValue, Transaction } from "./transaction.ts";
import { type Executor, type OutboxBatch, PROVIDER_TIMER, type Timer, type Tx } from "./types.ts";

/** How long the outbox waits before retrying a batch that failed `attempts` times. */
const outboxRetryDelay = exponentialBackoff({ first: 5_000, max: 300_000 });
/** A timer whose handler threw runs again after this long (virtual time). */
const TIMER_RETRY_MS = 30_000;
/** Passes over due timers per alarm: what a timer schedules for now runs in the same alarm. */
const MAX_PASSES = 4;
/** When the clock is frozen (sim speed 0) keep an alarm set so tests can run it by hand. */
const FROZEN_ALARM_MS = 24 * 3_600_000;

/**
 * The Durable Object skeleton shared by FleetObject and UpdateRunObject: state and
 * outbox committed together, commands executed only after the commit, timers on one
 * alarm, and duplicate events recognised. Hosts call `commit` (with `tx.once`
 * for events) and `runAlarm`; the engine decides, this class only keeps the effects honest.
 */
export class ObjectRuntime {
  private outboxSeq = 0;
  /** After the provider's wake-up failed, it is not retried before this instant. */
  private providerRetryAt = Number.NEGATIVE_INFINITY;
  /** Storage rows this runtime has written (the platform bills rows written). */
  rowsWritten = 0;
  /**
   * Parsed state values by key. Storage stays the truth: the cache is dropped whenever a
   * transaction fails, so a rolled-back change is never read back from memory. Values
   * handed out must be treated as immutable (the engine never mutates its inputs).
   */
  private readonly cache = new Map<string, CachedValue>();

  /** Small values that change together, written as one row (see {@link PackedRow}). */
  private packed: PackedRow | undefined;

  constructor(
    private readonly storage: DurableObjectStorage,
    public clock: Clock,
    private readonly executor: Executor,
    private readonly packs?: PackedKeys,
  ) {
    this.packed = packs && new PackedRow(storage.sql, packs);
    for (const statement of RUNTIME_SCHEMA) storage.sql.exec(statement);
    const row = storage.sql
      .exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM outbox")
      .one();
    this.outboxSeq = row.seq ?? 0;
  }

  now(): Instant {
    return this.clock.now();
  }

  /** Lets the executor read what it needs (I/O) before synchronous transactions run. */
  async prepare(): Promise<void> {
    await this.executor.prepare?.();
  }

  /**
   * Runs `change` in one storage transaction, then executes the commands it sent and
   * re-arms the alarm. A throw inside `change` rolls everything back.
   */
  async commit<R>(change: (tx: Tx) => R): Promise<R> {
    const result = this.inTransaction(this.now(), change);
    await this.drainOutbox();
    await this.rearm();
    return result;
  }

  /**
   * The alarm handler: each due timer runs on its own so one failing timer neither
   * blocks the others nor burns the platform's limited alarm retries; the alarm is
   * re-armed to the earliest remaining timer whatever happens.
   */
  async runAlarm(
    fire: (timer: Timer) => Promise<void>,
  ): Promise<{ fired: number; failed: number }> {
    const outcome = { fired: 0, failed: 0 };
    try {
      await this.drainOutbox();
      // A timer may schedule another for now (an operation that ends asks for its
      // write-back): that one runs too, so all that is due has happened when the alarm
      // returns. Bounded, so a timer that keeps asking for now waits for the next alarm.
      for (let pass = 0; pass < MAX_PASSES; pass++) {
        const due = this.dueTimers(this.now());
        if (due.length === 0) break;
        for (const timer of due) await this.fireOne(timer, fire, outcome);
      }
    } finally {
      await this.rearm();
    }
    return outcome;
  }

  private async fireOne(
    timer: Timer,
    fire: (timer: Timer) => Promise<void>,
    outcome: { fired: number; failed: number },
  ): Promise<void> {
    try {
      await fire(timer);
      outcome.fired++;
      // Gone unless `fire` re-scheduled it (then its due moved and this deletes nothing):
      // updating a row in place costs fewer rows than deleting and re-inserting it.
      this.write("DELETE FROM timers WHERE id = ? AND due = ?", timer.id, timer.due);
    } catch (error) {
      outcome.failed++;
      console.error(`timer ${timer.id} (${timer.kind}) failed; retrying later`, error);
      if (timer.kind === PROVIDER_TIMER) this.providerRetryAt = this.now() + TIMER_RETRY_MS;
      this.write(
        "UPDATE timers SET due = ? WHERE id = ? AND due = ?",
        this.now() + TIMER_RETRY_MS,
        timer.id,
        timer.due,
      );
    }
  }

  /** Executes persisted batches in order; a failed batch stays and is retried later. */
  async drainOutbox(): Promise<void> {
    const now = this.now();
    const pending = this.storage.sql
      .exec<{ id: string; commands: string; attempts: number; next_attempt: number }>(
        "SELECT id, commands, attempts, next_attempt FROM outbox ORDER BY seq",
      )
      .toArray();
    for (const row of pending) {
      if (row.next_attempt > now) break;
      const batch: OutboxBatch = { id: row.id, commands: JSON.parse(row.commands) };
      try {
        await this.deliver(batch, now);
        this.write("DELETE FROM outbox WHERE id = ?", row.id);
      } catch (error) {
        const attempts = row.attempts + 1;
        const delay = outboxRetryDelay(attempts);
        this.write(
          "UPDATE outbox SET attempts = ?, next_attempt = ?, last_error = ? WHERE id = ?",
          attempts,
          now + delay,
          String(error),
          row.id,
        );
        // Later batches may depend on this one: keep the order.
        break;
      }
    }
  }

  /**
   * One persisted batch to the provider. An in-transaction executor persists none of its
   * own, but runs what a webhook deployment left in the outbox before it moved to the sim.
   */
  private async deliver(batch: OutboxBatch, now: Instant): Promise<void> {
    const executor = this.executor;
    if ("execute" in executor) {
      await executor.execute(batch, {
        now,
        transact: (change) => this.inTransaction(now, change),
      });
    } else {
      this.inTransaction(now, (tx) => executor.executeInTransaction(batch.commands, tx));
    }
  }

  pendingOutbox(): OutboxBatch[] {
    return this.storage.sql
      .exec<{ id: string; commands: string }>("SELECT id, commands FROM outbox ORDER BY seq")
      .toArray()
      .map((row) => ({ id: row.id, commands: JSON.parse(row.commands) }));
  }

  timers(): Timer[] {
    const stored = this.storage.sql
      .exec<{ id: string; due: number; kind: string; payload: string | null }>(
        "SELECT id, due, kind, payload FROM timers ORDER BY due, id",
      )
      .toArray()
      .map(toTimer);
    return this.withProviderTimer(stored, Number.POSITIVE_INFINITY);
  }

  /** Sets the single alarm to the earliest of the timers and the outbox retries. */
  async rearm(): Promise<void> {
    const stored = this.storage.sql
      .exec<{ due: number | null }>(
        "SELECT MIN(due) AS due FROM (SELECT MIN(due) AS due FROM timers UNION ALL SELECT MIN(next_attempt) FROM outbox)",
      )
      .one().due;
    const provider = this.providerWake();
    const next =
      stored === null
        ? (provider ?? null)
        : provider === undefined
          ? stored
          : Math.min(stored, provider);
    if (next === null) {
      await this.storage.deleteAlarm();
      return;
    }
    const wall = this.clock.wallFor(next);
    const wallNow = Date.now();
    await this.storage.setAlarm(
      wall === undefined ? wallNow + FROZEN_ALARM_MS : Math.max(wall, wallNow),
    );
  }

  private write(query: string, ...bindings: SqlStorageValue[]): void {
    const cursor = this.storage.sql.exec(query, ...bindings);
    cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
  }

  private dueTimers(now: Instant): Timer[] {
    const stored = this.storage.sql
      .exec<{ id: string; due: number; kind: string; payload: string | null }>(
        "SELECT id, due, kind, payload FROM timers WHERE due <= ? ORDER BY due, id",
        now,
      )
      .toArray()
      .map(toTimer);
    return this.withProviderTimer(stored, now);
  }

  private providerWake(): Instant | undefined {
    const due = this.executor.wakeAt?.(this.transaction(this.now()));
    return due === undefined ? undefined : Math.max(due, this.providerRetryAt);
  }

  /** Adds the executor's wake-up, when due by `until`, in due order. */
  private withProviderTimer(timers: Timer[], until: Instant): Timer[] {
    const due = this.providerWake();
    if (due === undefined || due > until) return timers;
    const timer: Timer = { id: PROVIDER_TIMER, due, kind: PROVIDER_TIMER };
    return [...timers, timer].sort((a, b) => a.due - b.due || (a.id < b.id ? -1 : 1));
  }

  /** A transaction's view, flushed by the caller at the end of `transactionSync`. */
  private transaction(now: Instant): Transaction {
    return new Transaction(
      {
        sql: this.storage.sql,
        cache: this.cache,
        write: (query, ...bindings) => this.write(query, ...bindings),
        send: (commands, tx) => this.send(commands, tx),
        ...(this.packed ? { packed: this.packed } : {}),
      },
      now,
    );
  }

  private inTransaction<R>(now: Instant, change: (tx: Tx) => R): R {
    try {
      return this.storage.transactionSync(() => {
        const tx = this.transaction(now);
        const result = change(tx);
        tx.flush();
        return result;
      });
    } catch (error) {
      // The cache and the packed row may hold values of the rolled-back transaction.
      this.cache.clear();
      this.packed = this.packs && new PackedRow(this.storage.sql, this.packs);
      throw error;
    }
  }

  private send(commands: ProviderCommand[], tx: Tx): void {
    if ("executeInTransaction" in this.executor) {
      this.executor.executeInTransaction(commands, tx);
      return;
    }
    this.outboxSeq++;
    this.write(
      "INSERT INTO outbox (id, seq, commands) VALUES (?, ?, ?)",
      `${commands[0]!.id}#${commands.length}`,
      this.outboxSeq,
      JSON.stringify(commands),
    );
  }
}

function toTimer(row: { id: string; due: number; kind: string; payload: string | null }): Timer {
  const timer: Timer = { id: row.id, due: row.due, kind: row.kind };
  if (row.payload !== null) timer.payload = row.payload;
  return timer;
}
