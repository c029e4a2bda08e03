import type { Instant, ProviderCommand } from "@regatta/engine";
import type { Clock } from "../clock/clock.ts";
import {
  batchId,
  chunkCommands,
  DELIVERIES_PER_DRAIN,
  MAX_DELIVERY_ATTEMPTS,
  outboxRetryDelay,
  ROWS_PER_DRAIN,
  SET_ASIDE_KEPT,
  setAsideReason,
  streamOf,
} from "./outbox.ts";
import { type PackedKeys, PackedRow } from "./packed-row.ts";
import { RUNTIME_SCHEMA } from "./schema.ts";
import { type CachedValue, Transaction } from "./transaction.ts";
import {
  type AlarmHost,
  type CrashPoint,
  DELIVERY_TIMER,
  DeliveryFailure,
  EVENT_REPLAY_WINDOW_MS,
  type Executor,
  ObjectCrash,
  type OutboxBatch,
  PROVIDER_TIMER,
  type RuntimeHooks,
  type SetAsideBatch,
  type Timer,
  type Tx,
} from "./types.ts";

/** A timer whose handler threw runs again after this long (virtual time). */
const TIMER_RETRY_MS = 30_000;
/**
 * Timers fired by one run. A day jumped at once can hold thousands of due instants (a
 * busy autoscaler scans every 10 s); past this the run stops and the alarm, set for
 * now, carries on where it stopped, so no single alarm outlives its platform limits.
 */
const MAX_FIRINGS = 20_000;
/**
 * Timers fired at one instant without time moving on: what a timer schedules for now
 * runs in the same run, but one that always asks for now again cannot spin the object.
 */
export const MAX_FIRINGS_AT_ONE_INSTANT = 16;
/**
 * Parsed state values an object keeps in memory at most, and how many are kept when it
 * trims (the oldest go first). A hundred fleets of a hundred members, or one of 5,000,
 * stay well inside the isolate's heap.
 */
const MAX_CACHED_VALUES = 1_000;
const CACHED_VALUES_KEPT = 750;
/** When the clock is frozen (sim speed 0) keep an alarm set so tests can run it by hand. */
const FROZEN_ALARM_MS = 24 * 3_600_000;
/** How long the inbox remembers an event unless configured otherwise (wall time). */
export const DEFAULT_INBOX_RETENTION_MS = 24 * 3_600_000;
/**
 * SEC-7: how long a command sent to an executor stays open to its report (wall time): an
 * executor retries a report for a day, an operation is kept 30 days; past that a report
 * is refused, and an unanswered command does not keep its row forever.
 */
const AWAITED_RETENTION_MS = 30 * 24 * 3_600_000;
/** Inbox rows forgotten per alarm, so pruning never makes one alarm long. */
const INBOX_PRUNE_ROWS = 500;
/**
 * Wall timers (bookkeeping) fired per run: the rest are due too, so the alarm is set for
 * now and the next run takes them.
 */
const WALL_FIRINGS = 100;
/** A wall timer whose handler threw runs again after this long (wall time). */
const WALL_TIMER_RETRY_MS = 60_000;

/** How a runtime is set up beyond its storage, clock and executor. */
export interface RuntimeOptions {
  /** Which state keys are packed into one row (none when absent). */
  packs?: PackedKeys | undefined;
  /**
   * How long the inbox remembers an event, in wall-clock ms; never less than the window
   * in which a signed delivery can still arrive ({@link EVENT_REPLAY_WINDOW_MS}).
   */
  inboxRetentionMs?: number | undefined;
  /** Test-only hooks (crash points). */
  hooks?: RuntimeHooks | undefined;
  /**
   * Told the object's next wake-up (virtual time) whenever it changes, `undefined` when
   * nothing is pending: the deployment keeps it where the sim's clock and sweeps look.
   */
  onNextWake?: ((due: Instant | undefined) => Promise<void>) | undefined;
  /**
   * Told after each committed transaction that wrote rows (the object's watchers,
   * runtime/watchers.ts): one hook here reaches every commit path, requests, timers and
   * deliveries alike.
   */
  onChange?: ((at: Instant) => void) | undefined;
}

type AlarmOutcome = { fired: number; failed: number };
type TimerHandler = { fire: (timer: Timer) => Promise<void>; host: AlarmHost };
type OutboxRow = { id: string; seq: number; attempts: number; next_attempt: number };

/**
 * The Durable Object skeleton shared by FleetObject and UpdateRunObject: state and
 * outbox committed together, commands executed only after the commit, timers on one
 * alarm, and duplicate events recognised. Hosts call `commit` (with `tx.once`
 * for events) and `runAlarm`; the engine decides, this class only keeps the effects honest.
 */
export class ObjectRuntime {
  private outboxSeq = 0;
  /** Known to hold no batch (false: unknown; set again when a scan finds none). */
  private outboxEmpty = false;
  /** After the provider's wake-up failed, it is not retried before this instant. */
  private providerRetryAt = Number.NEGATIVE_INFINITY;
  /** Storage rows this runtime has written (the platform bills rows written). */
  rowsWritten = 0;
  /**
   * Work done since the instance started, for benchmarks (through `inspect`): storage
   * transactions, timers fired, alarm runs, alarms set and preparations (each reads the
   * deployment's clock and provider settings from D1).
   */
  readonly counters = { transactions: 0, firings: 0, runs: 0, alarmsSet: 0, readies: 0 };
  /**
   * Parsed state values by key. Storage stays the truth: the cache is dropped whenever a
   * transaction fails, so a rolled-back change is never read back from memory. Values
   * handed out must be treated as immutable (the engine never mutates its inputs).
   */
  private readonly cache = new Map<string, CachedValue>();

  /** Small values that change together, written as one row (see {@link PackedRow}). */
  private packed: PackedRow | undefined;
  private readonly packs: PackedKeys | undefined;
  private readonly inboxRetentionMs: number;
  private readonly hooks: RuntimeHooks;
  private readonly onNextWake: RuntimeOptions["onNextWake"];
  private readonly onChange: RuntimeOptions["onChange"];
  /** The wake-up last reported through `onNextWake` (null: none; unset: not yet told). */
  private reportedWake: Instant | null | "unknown" = "unknown";
  private wakeReports: Promise<void> = Promise.resolve();
  /** The alarm run under way, and the one waiting to start after it (at most one each). */
  private running: Promise<AlarmOutcome> | undefined;
  private queued: Promise<AlarmOutcome> | undefined;
  /** Set by a test's crash: a dead object's calls still waiting to run do nothing. */
  private crashed: ObjectCrash | undefined;
  /**
   * The instant the object is living through while it fires due timers (discrete-event
   * time): each timer, and every commit made while it runs, sees the instant it was due,
   * never the instant the alarm happened to run.
   */
  private firingAt: Instant | undefined;
  /** The latest instant a commit has seen: time never runs backwards for one object. */
  private lastInstant = Number.NEGATIVE_INFINITY;
  /** How the object fires its timers, for the catch-up that precedes every request. */
  private timerHandler: TimerHandler | undefined;
  /** Set from the first synchronous step of a run to its end (`running` is set later). */
  private inRun = false;

  constructor(
    private readonly storage: DurableObjectStorage,
    public clock: Clock,
    private readonly executor: Executor,
    options: RuntimeOptions = {},
  ) {
    this.packs = options.packs;
    this.hooks = options.hooks ?? {};
    this.onNextWake = options.onNextWake;
    this.onChange = options.onChange;
    this.inboxRetentionMs = Math.max(
      options.inboxRetentionMs ?? DEFAULT_INBOX_RETENTION_MS,
      // Twice the window: a delivery signed at its edge by a clock running ahead still
      // finds its first arrival remembered.
      2 * EVENT_REPLAY_WINDOW_MS,
    );
    this.packed = this.packs && new PackedRow(storage.sql, this.packs);
    for (const statement of RUNTIME_SCHEMA) storage.sql.exec(statement);
    const row = storage.sql
      .exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM outbox")
      .one();
    this.outboxSeq = row.seq ?? 0;
  }

  /**
   * The object's "now": while due timers fire, the instant the one firing was due; else
   * the clock. Never earlier than an instant a commit already saw.
   */
  now(): Instant {
    return Math.max(this.firingAt ?? this.clock.now(), this.lastInstant);
  }

  /** Test and operator visibility: the object's clock and pending work. */
  inspect(): {
    now: number;
    timers: Timer[];
    wallTimers: Timer[];
    outbox: number;
    rowsWritten: number;
    rowsKept: number;
    counters: Record<string, number>;
  } {
    return {
      now: this.now(),
      timers: this.timers(),
      wallTimers: this.wallTimers(),
      outbox: this.pendingOutbox().length,
      rowsWritten: this.rowsWritten,
      rowsKept: this.rowsKept(),
      counters: { ...this.counters },
    };
  }

  /** Rows the object keeps in its storage now, over every table of the runtime. */
  private rowsKept(): number {
    return this.storage.sql
      .exec<{ rows: number }>(
        "SELECT (SELECT count(*) FROM state) + (SELECT count(*) FROM timers) + (SELECT count(*) FROM wall_timers) + (SELECT count(*) FROM outbox) + (SELECT count(*) FROM inbox) + (SELECT count(*) FROM outbox_set_aside) + (SELECT count(*) FROM awaited) AS rows",
      )
      .one().rows;
  }

  /**
   * How this object fires a due timer. With it installed, every commit from outside an
   * alarm run first fires what fell due before "now", in due order, so a request never
   * sees (or acts before) work that should already have happened.
   */
  handleTimers(fire: (timer: Timer) => Promise<void>, host: AlarmHost = {}): void {
    this.timerHandler = { fire, host };
  }

  /** Lets the executor read what it needs (I/O) before synchronous transactions run. */
  async prepare(): Promise<void> {
    this.counters.readies++;
    await this.executor.prepare?.();
  }

  /**
   * Runs `change` in one storage transaction and re-arms the alarm, which delivers the
   * commands it sent: a request never waits for a provider. A throw inside `change`
   * rolls everything back.
   */
  async commit<R>(change: (tx: Tx) => R): Promise<R> {
    if (this.crashed) throw this.crashed;
    await this.catchUp();
    const result = this.inTransaction(this.now(), change);
    this.crashPoint("after-commit");
    // Inside a run the run re-arms once at its end, after everything it fired: arming
    // after each of its commits would set the alarm (and report the wake-up) per step.
    if (!this.inRun) await this.rearm();
    return result;
  }

  /**
   * Reads state as a commit would see it (due timers fired first), without a storage
   * transaction or re-arming: for answers and decisions that change nothing. A `look`
   * that tries to change state throws.
   */
  async read<R>(look: (tx: Tx) => R): Promise<R> {
    if (this.crashed) throw this.crashed;
    await this.catchUp();
    return look(this.transaction(this.now(), true));
  }

  /**
   * The alarm handler: delivers the outbox, then runs each due timer on its own so one
   * failing timer neither blocks the others nor burns the platform's limited alarm
   * retries; the alarm is re-armed to the earliest remaining work whatever happens.
   * One run at a time: the platform's alarm, the cron's tick and a clock change can all
   * ask at once, and a second run would fire the same due timers and deliver the same
   * batches again. A call while a run is under way waits for it and then runs once more
   * (what became due meanwhile); calls during that wait share the second run.
   */
  runAlarm(
    fire: ((timer: Timer) => Promise<void>) | undefined = this.timerHandler?.fire,
    host: AlarmHost = this.timerHandler?.host ?? {},
  ): Promise<AlarmOutcome> {
    const handler = fire ?? (async () => {});
    if (this.queued) return this.queued;
    if (this.running) {
      const queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.startRun(handler, host, { deliver: true });
        });
      this.queued = queued;
      return queued;
    }
    return this.startRun(handler, host, { deliver: true });
  }

  /**
   * Before a request's commit: when timers fell due and no run is under way, fire them
   * first (without delivering the outbox: the alarm does that, the request need not wait
   * on a provider). A commit made while a run is under way — a timer's own, or a call
   * that came in while the timers' I/O was awaited — belongs to that run's instant and
   * does not wait for it, which would deadlock a timer whose RPC calls back here.
   */
  private async catchUp(): Promise<void> {
    const handler = this.timerHandler;
    if (handler === undefined || this.inRun || this.running !== undefined) return;
    if (this.queued !== undefined) return;
    if (this.nextDue(this.clock.now()) === undefined) return;
    await this.startRun(handler.fire, handler.host, { deliver: false });
  }

  private startRun(
    fire: (timer: Timer) => Promise<void>,
    host: AlarmHost,
    options: { deliver: boolean },
  ): Promise<AlarmOutcome> {
    const run = this.alarmRun(fire, host, options).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async alarmRun(
    fire: (timer: Timer) => Promise<void>,
    host: AlarmHost,
    options: { deliver: boolean },
  ): Promise<AlarmOutcome> {
    const outcome = { fired: 0, failed: 0 };
    if (this.crashed) throw this.crashed;
    this.counters.runs++;
    this.inRun = true;
    let crashed = false;
    // Everything due by the instant the run began fires, one timer at a time in order of
    // its due instant (the sim's completions among them), each seeing that instant: what
    // a timer schedules inside the span fires in the same run, in its place.
    const until = this.clock.now();
    let rearmNow = false;
    try {
      // Firings of each timer at the current instant, and the timers that spun there.
      const atInstant = new Map<string, number>();
      const runaway = new Set<string>();
      for (let firings = 0; ; firings++) {
        const timer = this.nextDue(until, runaway);
        if (timer === undefined) break;
        if (firings >= MAX_FIRINGS) {
          rearmNow = true;
          break;
        }
        const at = Math.max(timer.due, this.lastInstant);
        if (at !== this.firingAt) atInstant.clear();
        const count = (atInstant.get(timer.id) ?? 0) + 1;
        atInstant.set(timer.id, count);
        if (count > MAX_FIRINGS_AT_ONE_INSTANT) {
          console.error(
            `timer ${timer.id} (${timer.kind}) keeps asking for now; left for the next alarm`,
          );
          runaway.add(timer.id);
          continue;
        }
        this.firingAt = at;
        this.counters.firings++;
        await this.fireOne(timer, fire, outcome, until);
        this.crashPoint("between-timers");
      }
      this.firingAt = undefined;
      await this.fireWallTimers(fire, outcome);
      this.pruneInbox();
      // What the timers sent goes out in this alarm too.
      if (options.deliver) await this.drainOutbox(host);
    } catch (error) {
      crashed = error instanceof ObjectCrash;
      throw error;
    } finally {
      this.firingAt = undefined;
      this.inRun = false;
      // A dead object re-arms nothing: the cron's tick finds the work again.
      if (!crashed) await this.rearm(rearmNow);
    }
    return outcome;
  }

  /** A test's crash point: throws {@link ObjectCrash} when the test asks for one here. */
  crashPoint(point: CrashPoint): void {
    if (this.hooks.crash?.(point) !== true) return;
    this.crashed = new ObjectCrash(point);
    throw this.crashed;
  }

  private async fireOne(
    timer: Timer,
    fire: (timer: Timer) => Promise<void>,
    outcome: { fired: number; failed: number },
    until: Instant,
  ): Promise<void> {
    try {
      await fire(timer);
      outcome.fired++;
      // Gone unless `fire` re-scheduled it (then its due moved and this deletes nothing):
      // updating a row in place costs fewer rows than deleting and re-inserting it.
      this.write("DELETE FROM timers WHERE id = ? AND due = ?", timer.id, timer.due);
    } catch (error) {
      if (error instanceof ObjectCrash) throw error;
      outcome.failed++;
      console.error(`timer ${timer.id} (${timer.kind}) failed; retrying later`, error);
      // A failure is a fault of the world (I/O, a peer), not of the model: it is retried
      // after the run's span, never again inside it.
      const retry = Math.max(until, this.now()) + TIMER_RETRY_MS;
      if (timer.kind === PROVIDER_TIMER) this.providerRetryAt = retry;
      this.write("UPDATE timers SET due = ? WHERE id = ? AND due = ?", retry, timer.id, timer.due);
    }
  }

  /**
   * Bookkeeping due on the wall clock, a bounded number per run, each at the object's
   * "now": what it does (forgetting what retention let go) is not on the world's timeline.
   */
  private async fireWallTimers(
    fire: (timer: Timer) => Promise<void>,
    outcome: { fired: number; failed: number },
  ): Promise<void> {
    const due = this.storage.sql
      .exec<{ id: string; due: number; kind: string; payload: string | null }>(
        "SELECT id, due, kind, payload FROM wall_timers WHERE due <= ? ORDER BY due, id LIMIT ?",
        this.clock.wall(),
        WALL_FIRINGS,
      )
      .toArray()
      .map((row) => ({ ...toTimer(row), clock: "wall" as const }));
    for (const timer of due) {
      try {
        this.counters.firings++;
        await fire(timer);
        outcome.fired++;
        this.write("DELETE FROM wall_timers WHERE id = ? AND due = ?", timer.id, timer.due);
      } catch (error) {
        if (error instanceof ObjectCrash) throw error;
        outcome.failed++;
        console.error(`wall timer ${timer.id} (${timer.kind}) failed; retrying later`, error);
        this.write(
          "UPDATE wall_timers SET due = ? WHERE id = ? AND due = ?",
          this.clock.wall() + WALL_TIMER_RETRY_MS,
          timer.id,
          timer.due,
        );
      }
      this.crashPoint("between-timers");
    }
  }

  /**
   * Delivers persisted batches in order within each operation: a batch that fails holds
   * back the later batches of its operation only. A failure is retried with backoff, up
   * to {@link MAX_DELIVERY_ATTEMPTS}; a permanent refusal, or the last attempt, sets the
   * batch aside and tells the host why.
   */
  async drainOutbox(host: AlarmHost = {}): Promise<void> {
    const now = this.now();
    const held = new Set<string>();
    let delivered = 0;
    for (const row of this.outboxRows()) {
      const stream = streamOf(row.id);
      if (held.has(stream)) continue;
      if (row.next_attempt > now) {
        held.add(stream);
        continue;
      }
      if (delivered >= DELIVERIES_PER_DRAIN) break;
      delivered++;
      const batch = this.loadBatch(row.id);
      if (!batch) continue;
      try {
        await this.deliver(batch, now);
        this.crashPoint("after-delivery");
        this.write("DELETE FROM outbox WHERE id = ?", row.id);
      } catch (error) {
        if (error instanceof ObjectCrash) throw error;
        // Later batches of this operation may depend on this one: keep the order.
        held.add(stream);
        this.deliveryFailed(row, batch, error, now, host);
      }
    }
  }

  private deliveryFailed(
    row: OutboxRow,
    batch: OutboxBatch,
    error: unknown,
    now: Instant,
    host: AlarmHost,
  ): void {
    const attempts = row.attempts + 1;
    const detail = error instanceof Error ? error.message : String(error);
    const permanent = error instanceof DeliveryFailure && error.permanent;
    if (!permanent && attempts < MAX_DELIVERY_ATTEMPTS) {
      this.write(
        "UPDATE outbox SET attempts = ?, next_attempt = ?, last_error = ? WHERE id = ?",
        attempts,
        now + outboxRetryDelay(attempts),
        detail,
        row.id,
      );
      return;
    }
    const provider = "provider" in this.executor ? this.executor.provider : undefined;
    const why = setAsideReason(provider ?? "provider", attempts, detail, row.id);
    console.error(why);
    const setAside = (tell: boolean) =>
      this.inTransaction(now, (tx) => {
        this.write(
          "INSERT OR REPLACE INTO outbox_set_aside (id, seq, commands, attempts, reason, at) SELECT id, seq, commands, ?, ?, ? FROM outbox WHERE id = ?",
          attempts,
          why,
          this.clock.wall(),
          row.id,
        );
        this.write("DELETE FROM outbox WHERE id = ?", row.id);
        this.write(
          "DELETE FROM outbox_set_aside WHERE seq NOT IN (SELECT seq FROM outbox_set_aside ORDER BY seq DESC LIMIT ?)",
          SET_ASIDE_KEPT,
        );
        if (tell) host.onBatchSetAside?.(tx, batch, why);
      });
    try {
      setAside(true);
    } catch (failure) {
      // The host could not record it: the batch is set aside all the same, never retried
      // forever; the log keeps the reason.
      console.error(`outbox: the host did not record batch ${row.id} set aside`, failure);
      setAside(false);
    }
  }

  /** Batches set aside after their delivery failed for good, newest first. */
  setAside(): SetAsideBatch[] {
    return this.storage.sql
      .exec<{ id: string; attempts: number; reason: string; at: number; commands: number }>(
        "SELECT id, attempts, reason, at, json_array_length(commands) AS commands FROM outbox_set_aside ORDER BY seq DESC",
      )
      .toArray()
      .map((row) => ({ ...row }));
  }

  /** Forgets inbox entries past their retention, a bounded number per call. */
  pruneInbox(): void {
    this.write(
      "DELETE FROM inbox WHERE key IN (SELECT key FROM inbox WHERE at < ? LIMIT ?)",
      this.clock.wall() - this.inboxRetentionMs,
      INBOX_PRUNE_ROWS,
    );
    this.write(
      "DELETE FROM awaited WHERE command IN (SELECT command FROM awaited WHERE at < ? LIMIT ?)",
      this.clock.wall() - AWAITED_RETENTION_MS,
      INBOX_PRUNE_ROWS,
    );
  }

  private outboxRows(): OutboxRow[] {
    return this.storage.sql
      .exec<OutboxRow>(
        "SELECT id, seq, attempts, next_attempt FROM outbox ORDER BY seq LIMIT ?",
        ROWS_PER_DRAIN,
      )
      .toArray();
  }

  private loadBatch(id: string): OutboxBatch | undefined {
    const [row] = this.storage.sql
      .exec<{ commands: string }>("SELECT commands FROM outbox WHERE id = ?", id)
      .toArray();
    return row && { id, commands: JSON.parse(row.commands) };
  }

  /** When the outbox next has a batch to deliver: the earliest due head of an operation. */
  private outboxWake(): Instant | undefined {
    // An in-transaction provider (the sim) never fills it: do not scan it on every arm.
    if (this.outboxEmpty) return undefined;
    const heads = new Set<string>();
    let next: Instant | undefined;
    for (const row of this.outboxRows()) {
      const stream = streamOf(row.id);
      if (heads.has(stream)) continue;
      heads.add(stream);
      next = next === undefined ? row.next_attempt : Math.min(next, row.next_attempt);
    }
    this.outboxEmpty = heads.size === 0;
    return next;
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

  /** The timers due on the wall clock (bookkeeping), in due order. */
  wallTimers(): Timer[] {
    return this.storage.sql
      .exec<{ id: string; due: number; kind: string; payload: string | null }>(
        "SELECT id, due, kind, payload FROM wall_timers ORDER BY due, id",
      )
      .toArray()
      .map((row) => ({ ...toTimer(row), clock: "wall" as const }));
  }

  /**
   * The stored timers of `kind` due by the object's now, in due order: a handler that
   * does the same I/O for each (a write-back) takes them together and clears the others.
   */
  dueTimers(kind: string, limit: number): Timer[] {
    return this.storage.sql
      .exec<{ id: string; due: number; kind: string; payload: string | null }>(
        "SELECT id, due, kind, payload FROM timers WHERE kind = ? AND due <= ? ORDER BY due, id LIMIT ?",
        kind,
        this.now(),
        limit,
      )
      .toArray()
      .map(toTimer);
  }

  /** Sets the single alarm to the earliest of the timers and the outbox deliveries. */
  async rearm(now = false): Promise<void> {
    const next = this.nextWake();
    await this.reportWake();
    if (now) {
      // A run stopped at its bound: the next alarm carries on at once.
      await this.storage.setAlarm(Date.now());
      return;
    }
    const bookkeeping = this.nextWallDue();
    if (next === null && bookkeeping === undefined) {
      await this.storage.deleteAlarm();
      return;
    }
    this.counters.alarmsSet++;
    const wallNow = Date.now();
    const world = next === null ? undefined : this.clock.wallFor(next);
    const at = Math.min(
      next === null ? Number.POSITIVE_INFINITY : (world ?? wallNow + FROZEN_ALARM_MS),
      // The wall clock may run apart from Date.now() (a test's): alarms are set in
      // Date.now()'s terms.
      bookkeeping === undefined
        ? Number.POSITIVE_INFINITY
        : bookkeeping - this.clock.wall() + wallNow,
    );
    await this.storage.setAlarm(Math.max(at, wallNow));
  }

  /** The earliest wall timer's due instant (wall clock), if any. */
  private nextWallDue(): number | undefined {
    const due = this.storage.sql
      .exec<{ due: number | null }>("SELECT MIN(due) AS due FROM wall_timers")
      .one().due;
    return due ?? undefined;
  }

  /** The earliest of the timers, the outbox deliveries and the provider's next report. */
  private nextWake(): Instant | null {
    const timer = this.storage.sql
      .exec<{ due: number | null }>("SELECT MIN(due) AS due FROM timers")
      .one().due;
    const candidates = [timer ?? undefined, this.outboxWake(), this.providerWake()].filter(
      (due): due is Instant => due !== undefined,
    );
    return candidates.length === 0 ? null : Math.min(...candidates);
  }

  /**
   * Tells the deployment the next wake-up when it changed. One report at a time, each
   * reading the instant afresh, so two commits racing cannot leave the older one last.
   */
  private reportWake(): Promise<void> {
    const report = this.onNextWake;
    if (report === undefined) return Promise.resolve();
    this.wakeReports = this.wakeReports.then(async () => {
      const next = this.nextWake();
      if (next === this.reportedWake) return;
      try {
        await report(next ?? undefined);
        this.reportedWake = next;
      } catch (error) {
        // The object's own alarm still holds the truth; the next change reports again.
        this.reportedWake = "unknown";
        console.error("runtime: the next wake-up was not recorded", error);
      }
    });
    return this.wakeReports;
  }

  private write(query: string, ...bindings: SqlStorageValue[]): void {
    const cursor = this.storage.sql.exec(query, ...bindings);
    cursor.toArray();
    this.rowsWritten += cursor.rowsWritten;
  }

  /**
   * The earliest timer due by `until` (the provider's wake-up among them), if any, other
   * than those in `skip`.
   */
  private nextDue(until: Instant, skip: ReadonlySet<string> = new Set()): Timer | undefined {
    const [row] = this.storage.sql
      .exec<{ id: string; due: number; kind: string; payload: string | null }>(
        `SELECT id, due, kind, payload FROM timers WHERE due <= ?${" AND id <> ?".repeat(skip.size)} ORDER BY due, kind = ?, id LIMIT 1`,
        until,
        ...skip,
        DELIVERY_TIMER,
      )
      .toArray();
    const timers = this.withProviderTimer(row ? [toTimer(row)] : [], until);
    return timers.find((timer) => !skip.has(timer.id));
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
    // At one instant the provider's reports come first: an answer that arrives exactly
    // at a deadline arrived in time, whatever the names of the timers waiting on it.
    // Deliveries come last (DELIVERY_TIMER).
    const rank = (t: Timer) => (t.kind === PROVIDER_TIMER ? 0 : t.kind === DELIVERY_TIMER ? 2 : 1);
    return [...timers, timer].sort(
      (a, b) => a.due - b.due || rank(a) - rank(b) || (a.id < b.id ? -1 : 1),
    );
  }

  /** A transaction's view, flushed by the caller at the end of `transactionSync`. */
  private transaction(now: Instant, readOnly = false): Transaction {
    return new Transaction(
      {
        sql: this.storage.sql,
        cache: this.cache,
        write: (query, ...bindings) => this.write(query, ...bindings),
        send: (commands, tx) => this.send(commands, tx),
        wall: () => this.clock.wall(),
        ...(this.packed ? { packed: this.packed } : {}),
      },
      now,
      readOnly,
    );
  }

  private inTransaction<R>(now: Instant, change: (tx: Tx) => R): R {
    const rowsBefore = this.rowsWritten;
    this.counters.transactions++;
    try {
      const result = this.storage.transactionSync(() => {
        const tx = this.transaction(now);
        const result = change(tx);
        tx.flush();
        return result;
      });
      this.lastInstant = Math.max(this.lastInstant, now);
      if (this.rowsWritten !== rowsBefore) this.onChange?.(now);
      this.boundCache();
      return result;
    } catch (error) {
      // The cache and the packed row may hold values of the rolled-back transaction.
      this.cache.clear();
      this.packed = this.packs && new PackedRow(this.storage.sql, this.packs);
      throw error;
    }
  }

  /**
   * Forgets the values cached longest once there are more than {@link MAX_CACHED_VALUES}:
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

  private send(commands: ProviderCommand[], tx: Tx): void {
    if ("executeInTransaction" in this.executor) {
      this.executor.executeInTransaction(commands, tx);
      return;
    }
    this.outboxEmpty = false;
    // SEC-7: an executor's callback may report only on a command sent and not answered.
    for (const command of commands) {
      this.write("INSERT OR IGNORE INTO awaited (command, at) VALUES (?, ?)", command.id, tx.wall);
    }
    // One row per chunk: a whole blue-green pool's creates would pass the 2 MB row limit.
    for (const chunk of chunkCommands(commands)) {
      this.outboxSeq++;
      this.write(
        "INSERT INTO outbox (id, seq, commands) VALUES (?, ?, ?)",
        batchId(chunk),
        this.outboxSeq,
        JSON.stringify(chunk),
      );
    }
  }
}

function toTimer(row: { id: string; due: number; kind: string; payload: string | null }): Timer {
  const timer: Timer = { id: row.id, due: row.due, kind: row.kind };
  if (row.payload !== null) timer.payload = row.payload;
  return timer;
}
