import type { Instant } from "@regatta/engine";
import { OUTBOX_DELIVERY, type Outbox } from "./outbox.ts";
import type { RuntimeStorage } from "./storage.ts";
import type { TimerQueue } from "./timer-queue.ts";
import {
  type AlarmHost,
  type CrashPoint,
  DELIVERY_TIMER,
  ObjectCrash,
  type Timer,
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
 * Wall timers (bookkeeping) fired per run: the rest are due too, so the alarm is set for
 * now and the next run takes them.
 */
const WALL_FIRINGS = 100;
/** A wall timer whose handler threw runs again after this long (wall time). */
const WALL_TIMER_RETRY_MS = 60_000;

export type AlarmOutcome = { fired: number; failed: number };
export type FireTimer = (timer: Timer) => Promise<void>;

/** What the alarm loop needs of the rest of the runtime. */
export interface AlarmLoopHost {
  /** The clock's now (virtual time): a run fires what fell due by it. */
  clockNow(): Instant;
  /** The object's now (the instant firing, else the clock; never before a commit's). */
  now(): Instant;
  wall(): number;
  crashPoint(point: CrashPoint): void;
  /** Throws when the object died (a test's crash): nothing more runs. */
  alive(): void;
  rearm(now: boolean): Promise<void>;
  /** Bookkeeping each run ends with (the inbox's retention). */
  housekeeping(): void;
}

/**
 * The alarm loop (discrete-event time): a run fires every timer due by the instant it
 * began, one at a time in order of its due instant, each seeing that instant, each in its
 * own try/catch so one failing timer neither blocks the others nor burns the platform's
 * limited alarm retries, and re-arms in `finally`. One run at a time: the platform's
 * alarm, the cron's tick and a clock change can all ask at once, and a second run would
 * fire the same due timers again. A call while a run is under way waits for it and then
 * runs once more (what became due meanwhile); calls during that wait share it.
 */
export class AlarmLoop {
  /** The run under way, and the one waiting to start after it (at most one each). */
  private running: Promise<AlarmOutcome> | undefined;
  private queued: Promise<AlarmOutcome> | undefined;
  /** Set from the first synchronous step of a run to its end (`running` is set later). */
  private inRun = false;
  /** The instant of the timer firing now: each commit while it runs sees it. */
  private firingAt: Instant | undefined;
  /** How the object fires its timers, for the catch-up that precedes every request. */
  private handler: { fire: FireTimer; host: AlarmHost } | undefined;

  constructor(
    private readonly storage: RuntimeStorage,
    private readonly queue: TimerQueue,
    private readonly outbox: Outbox,
    private readonly host: AlarmLoopHost,
  ) {}

  /** The instant being lived through while due timers fire, if a run is firing one. */
  instant(): Instant | undefined {
    return this.firingAt;
  }

  /** Whether a run is under way (its commits re-arm once, at its end). */
  busy(): boolean {
    return this.inRun;
  }

  handle(fire: FireTimer, host: AlarmHost): void {
    this.handler = { fire, host };
  }

  /** Runs every due timer, the outbox's deliveries among them (the alarm). */
  run(fire = this.handler?.fire, host = this.handler?.host ?? {}): Promise<AlarmOutcome> {
    const handler = fire ?? (async () => {});
    if (this.queued) return this.queued;
    if (this.running) {
      const queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.start(handler, host, { outbox: true });
        });
      this.queued = queued;
      return queued;
    }
    return this.start(handler, host, { outbox: true });
  }

  /**
   * Before a request's commit: when timers fell due and no run is under way, fire them
   * first, without the outbox (the alarm delivers it; a request never waits on a
   * provider). A commit made while a run is under way (a timer's own, or a call that
   * came in while the timers' I/O was awaited) belongs to that run's instant and does not
   * wait for it, which would deadlock a timer whose RPC calls back here.
   */
  async catchUp(): Promise<void> {
    const handler = this.handler;
    if (handler === undefined || this.inRun || this.running || this.queued) return;
    const due = this.queue.nextDue(this.host.clockNow(), this.host.now(), { outbox: false });
    if (due === undefined) return;
    await this.start(handler.fire, handler.host, { outbox: false });
  }

  private start(fire: FireTimer, host: AlarmHost, options: { outbox: boolean }) {
    const run = this.loop(fire, host, options).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  private async loop(
    fire: FireTimer,
    host: AlarmHost,
    options: { outbox: boolean },
  ): Promise<AlarmOutcome> {
    const outcome = { fired: 0, failed: 0 };
    this.host.alive();
    this.storage.counters.runs++;
    this.inRun = true;
    let crashed = false;
    // What a timer schedules inside the span fires in the same run, in its place.
    const until = this.host.clockNow();
    let rearmNow = false;
    const fireAny: FireTimer = (timer) =>
      timer.kind === DELIVERY_TIMER && timer.payload?.startsWith(OUTBOX_DELIVERY)
        ? this.outbox.attempt(timer.payload, host)
        : fire(timer);
    try {
      // Firings of each timer at the current instant, and the timers that spun there.
      const atInstant = new Map<string, number>();
      const runaway = new Set<string>();
      for (let firings = 0; ; firings++) {
        const timer = this.queue.nextDue(until, this.host.now(), { skip: runaway, ...options });
        if (timer === undefined) break;
        if (firings >= MAX_FIRINGS) {
          rearmNow = true;
          break;
        }
        const at = Math.max(timer.due, this.storage.latest());
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
        this.storage.counters.firings++;
        await this.fireOne(timer, fireAny, outcome, until);
        this.host.crashPoint("between-timers");
      }
      this.firingAt = undefined;
      await this.fireWallTimers(fire, outcome);
      this.host.housekeeping();
    } catch (error) {
      crashed = error instanceof ObjectCrash;
      throw error;
    } finally {
      this.firingAt = undefined;
      this.inRun = false;
      // A dead object re-arms nothing: the cron's tick finds the work again.
      if (!crashed) await this.host.rearm(rearmNow);
    }
    return outcome;
  }

  private async fireOne(
    timer: Timer,
    fire: FireTimer,
    outcome: AlarmOutcome,
    until: Instant,
  ): Promise<void> {
    try {
      await fire(timer);
      outcome.fired++;
      this.queue.fired(timer);
    } catch (error) {
      if (error instanceof ObjectCrash) throw error;
      outcome.failed++;
      console.error(`timer ${timer.id} (${timer.kind}) failed; retrying later`, error);
      // A failure is a fault of the world (I/O, a peer), not of the model: it is retried
      // after the run's span, never again inside it.
      this.queue.failed(timer, Math.max(until, this.host.now()) + TIMER_RETRY_MS);
    }
  }

  /**
   * Bookkeeping due on the wall clock, a bounded number per run, each at the object's
   * "now": what it does (forgetting what retention let go) is not on the world's timeline.
   */
  private async fireWallTimers(fire: FireTimer, outcome: AlarmOutcome): Promise<void> {
    const due = this.queue.wallTimers({ by: this.host.wall(), limit: WALL_FIRINGS });
    for (const timer of due) {
      try {
        this.storage.counters.firings++;
        await fire(timer);
        outcome.fired++;
        this.queue.fired(timer);
      } catch (error) {
        if (error instanceof ObjectCrash) throw error;
        outcome.failed++;
        console.error(`wall timer ${timer.id} (${timer.kind}) failed; retrying later`, error);
        this.queue.failed(timer, this.host.wall() + WALL_TIMER_RETRY_MS);
      }
      this.host.crashPoint("between-timers");
    }
  }
}
