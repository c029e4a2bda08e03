import type { Instant } from "@regatta/engine";
import type { Clock } from "../clock/clock.ts";
import { AlarmLoop, type AlarmOutcome, type FireTimer } from "./alarm-loop.ts";
import { inboxRetention, pruneInbox } from "./inbox.ts";
import { OUTBOX_DELIVERY, Outbox } from "./outbox.ts";
import { type RuntimeCounters, RuntimeStorage } from "./storage.ts";
import { TimerQueue } from "./timer-queue.ts";
import type { AlarmHost, CrashPoint, Executor, OutboxBatch, RuntimeOptions } from "./types.ts";
import { DELIVERY_TIMER, ObjectCrash, type SetAsideBatch, type Timer, type Tx } from "./types.ts";
import { WakeUps } from "./wake-ups.ts";

export { MAX_FIRINGS_AT_ONE_INSTANT } from "./alarm-loop.ts";

/**
 * The Durable Object skeleton shared by FleetObject and UpdateRunObject, a facade over
 * its parts: storage (storage.ts), the timer queue (timer-queue.ts), the alarm loop
 * (alarm-loop.ts), the outbox (outbox.ts, over the deliveries), wake-ups (wake-ups.ts)
 * and the inbox (inbox.ts). State and outbox commit together, commands are executed only
 * after the commit, timers share one alarm, and duplicate events are recognised. Hosts
 * call `commit` (with `tx.once` for events) and `runAlarm`; the engine decides.
 */
export class ObjectRuntime {
  /** Set by a test's crash: a dead object's calls still waiting to run do nothing. */
  private crashed: ObjectCrash | undefined;
  private readonly storage: RuntimeStorage;
  private readonly queue: TimerQueue;
  private readonly outbox: Outbox;
  private readonly loop: AlarmLoop;
  private readonly wakeUps: WakeUps;

  constructor(
    storage: DurableObjectStorage,
    public clock: Clock,
    private readonly executor: Executor,
    private readonly options: RuntimeOptions = {},
  ) {
    const wall = () => this.clock.wall();
    const send = (...args: Parameters<Outbox["send"]>) => this.outbox.send(...args);
    this.storage = new RuntimeStorage(storage, { ...options, wall, send });
    this.queue = new TimerQueue(this.storage, executor);
    const now = () => this.now();
    const crashPoint = (point: CrashPoint) => this.crashPoint(point);
    const read = <R>(look: (tx: Tx) => R) => this.read(look);
    const commit = <R>(change: (tx: Tx) => R) => this.commit(change);
    this.outbox = new Outbox(this.storage, executor, { now, wall, crashPoint, read, commit });
    const retentionMs = inboxRetention(options.inboxRetentionMs, options.replayWindowMs);
    this.loop = new AlarmLoop(this.storage, this.queue, this.outbox, {
      clockNow: () => this.clock.now(),
      now,
      wall,
      crashPoint,
      alive: () => this.alive(),
      rearm: (at) => this.rearm(at),
      housekeeping: () => pruneInbox(this.storage, wall(), retentionMs),
    });
    this.wakeUps = new WakeUps(this.storage, this.queue, () => this.clock, now, options.onNextWake);
  }

  /** Storage rows this runtime has written (the platform bills rows written). */
  get rowsWritten(): number {
    return this.storage.rowsWritten;
  }

  /** Work done since the instance started, for benchmarks. */
  get counters(): RuntimeCounters {
    return this.storage.counters;
  }

  /** The instant firing while due timers fire, else the clock; never before a commit's. */
  now(): Instant {
    return Math.max(this.loop.instant() ?? this.clock.now(), this.storage.latest());
  }

  /** Test and operator visibility: the object's clock and pending work. */
  inspect() {
    return {
      now: this.now(),
      timers: this.timers(),
      wallTimers: this.wallTimers(),
      outbox: this.pendingOutbox().length,
      rowsWritten: this.rowsWritten,
      rowsKept: this.storage.rowsKept(),
      counters: { ...this.counters } as Record<string, number>,
    };
  }

  /** How this object fires a due timer; commits from outside a run first fire what is due. */
  handleTimers(fire: FireTimer, host: AlarmHost = {}): void {
    this.loop.handle(fire, host);
  }

  /** Lets the executor read what it needs (I/O) before synchronous transactions run. */
  async prepare(): Promise<void> {
    this.counters.readies++;
    await this.executor.prepare?.();
  }

  /**
   * Runs `change` in one storage transaction and re-arms the alarm, which delivers the
   * commands it sent: a request never waits for a provider. A throw rolls it all back.
   */
  async commit<R>(change: (tx: Tx) => R): Promise<R> {
    this.alive();
    await this.loop.catchUp();
    const result = this.storage.inTransaction(this.now(), change);
    this.crashPoint("after-commit");
    // A run re-arms once at its end, after everything it fired, not per commit.
    if (!this.loop.busy()) await this.rearm();
    return result;
  }

  /** Reads state as a commit would see it (due timers fired first); a change throws. */
  async read<R>(look: (tx: Tx) => R): Promise<R> {
    this.alive();
    await this.loop.catchUp();
    return look(this.storage.transaction(this.now(), true));
  }

  /** The alarm handler: every due timer, the outbox's deliveries among them. */
  runAlarm(fire?: FireTimer, host?: AlarmHost): Promise<AlarmOutcome> {
    this.wakeUps.forgetArmed();
    return this.loop.run(fire, host);
  }

  /** Attempts each outbox delivery due now, once (the alarm does it through its timers). */
  async drainOutbox(host: AlarmHost = {}): Promise<void> {
    for (const timer of this.queue.dueTimers(DELIVERY_TIMER, 1_000, this.now())) {
      const id = timer.payload ?? "";
      if (id.startsWith(OUTBOX_DELIVERY)) await this.outbox.attempt(id, host);
    }
  }

  /** Batches set aside after their delivery failed for good, newest first. */
  setAside(): SetAsideBatch[] {
    return this.outbox.setAside();
  }

  pendingOutbox(): OutboxBatch[] {
    return this.outbox.pending();
  }

  timers(): Timer[] {
    return this.queue.timers(this.now());
  }

  /** The timers due on the wall clock (bookkeeping), in due order. */
  wallTimers(): Timer[] {
    return this.queue.wallTimers();
  }

  /** The stored timers of `kind` due by now, in due order (a handler takes them together). */
  dueTimers(kind: string, limit: number): Timer[] {
    return this.queue.dueTimers(kind, limit, this.now());
  }

  /** Sets the single alarm to the earliest due work (`now`: at once, a run went on). */
  rearm(now = false): Promise<void> {
    return this.wakeUps.rearm(now);
  }

  /** A test's crash point: throws {@link ObjectCrash} when the test asks for one here. */
  crashPoint(point: CrashPoint): void {
    if (this.options.hooks?.crash?.(point) !== true) return;
    this.crashed = new ObjectCrash(point);
    throw this.crashed;
  }

  private alive(): void {
    if (this.crashed) throw this.crashed;
  }
}
