import type { Instant } from "@regatta/engine";
import type { Clock } from "../clock/clock.ts";
import type { RuntimeStorage } from "./storage.ts";
import type { TimerQueue } from "./timer-queue.ts";

/**
 * When the clock is frozen (sim speed 0) keep an alarm set so tests can run it by hand,
 * a day ahead on the hour: the same alarm for every commit within the hour, not a new one.
 */
const FROZEN_ALARM_MS = 24 * 3_600_000;
const HOUR_MS = 3_600_000;

/** Where the object's next wake-up goes besides its alarm. */
export type WakeReport = (due: Instant | undefined) => Promise<void>;

/**
 * The object's one platform alarm, set to the earliest of its virtual timers (in the
 * clock's wall terms) and its wall timers, and its next wake-up reported where the sim's
 * clock and sweeps look (`onNextWake`): nothing is woken that has nothing due.
 */
export class WakeUps {
  /** The wake-up last reported (null: none; "unknown": not yet told, or a report failed). */
  private reported: Instant | null | "unknown" = "unknown";
  /** Reports in order, one at a time. */
  private reports: Promise<void> = Promise.resolve();
  /**
   * The platform alarm as this instance last set it: a wall instant, null (none), or
   * undefined (not known: not set since the instance started or an alarm run began,
   * after which the platform keeps only what the run sets).
   */
  private armed: number | null | undefined;

  constructor(
    private readonly storage: RuntimeStorage,
    private readonly queue: TimerQueue,
    private readonly clock: () => Clock,
    private readonly now: () => Instant,
    private readonly report: WakeReport | undefined,
  ) {}

  /**
   * Sets the alarm to the earliest due work; `now`: a run stopped at its bound goes on at
   * once. The alarm is written before any I/O, in the same turn as the commit that changed
   * the timers: both go to storage in one write, not two.
   */
  async rearm(now = false): Promise<void> {
    const alarm = this.arm(now ? Date.now() : this.alarmAt());
    await Promise.all([alarm, this.reportWake()]);
  }

  /** An alarm run begins: the platform drops the alarm that started it unless re-set. */
  forgetArmed(): void {
    this.armed = undefined;
  }

  /** Where the alarm belongs, in Date.now()'s terms (null: nothing is due ever). */
  private alarmAt(): number | null {
    const next = this.queue.earliest(this.now());
    const bookkeeping = this.queue.earliestWall();
    if (next === undefined && bookkeeping === undefined) return null;
    const wallNow = Date.now();
    const clock = this.clock();
    const world = next === undefined ? undefined : clock.wallFor(next);
    const frozen = Math.ceil((wallNow + FROZEN_ALARM_MS) / HOUR_MS) * HOUR_MS;
    const at = Math.min(
      next === undefined ? Number.POSITIVE_INFINITY : (world ?? frozen),
      // The wall clock may run apart from Date.now() (a test's): alarms are set in
      // Date.now()'s terms.
      bookkeeping === undefined ? Number.POSITIVE_INFINITY : bookkeeping - clock.wall() + wallNow,
    );
    return Math.max(at, wallNow);
  }

  /** Sets or deletes the platform alarm unless it already stands as asked. */
  private async arm(at: number | null): Promise<void> {
    const armed = this.armed;
    if (armed !== undefined) {
      if (at === armed) return;
      // An alarm already due goes off at once, as a new one for now would.
      const wallNow = Date.now();
      if (at !== null && armed !== null && at <= wallNow && armed <= wallNow) return;
    }
    this.armed = at;
    try {
      if (at === null) await this.storage.platform.deleteAlarm();
      else {
        this.storage.counters.alarmsSet++;
        await this.storage.platform.setAlarm(at);
      }
    } catch (error) {
      this.armed = undefined;
      throw error;
    }
  }

  /**
   * Tells the deployment the next wake-up when it changed. One report at a time, each
   * reading the instant afresh, so two commits racing cannot leave the older one last.
   */
  private reportWake(): Promise<void> {
    const report = this.report;
    if (report === undefined) return Promise.resolve();
    this.reports = this.reports.then(async () => {
      const next = this.queue.earliest(this.now()) ?? null;
      if (next === this.reported) return;
      try {
        await report(next ?? undefined);
        this.reported = next;
      } catch (error) {
        // The object's own alarm still holds the truth; the next change reports again.
        this.reported = "unknown";
        console.error("runtime: the next wake-up was not recorded", error);
      }
    });
    return this.reports;
  }
}
