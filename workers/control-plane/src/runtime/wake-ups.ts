import type { Instant } from "@regatta/engine";
import type { Clock } from "../clock/clock.ts";
import type { RuntimeStorage } from "./storage.ts";
import type { TimerQueue } from "./timer-queue.ts";

/** When the clock is frozen (sim speed 0) keep an alarm set so tests can run it by hand. */
const FROZEN_ALARM_MS = 24 * 3_600_000;

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

  constructor(
    private readonly storage: RuntimeStorage,
    private readonly queue: TimerQueue,
    private readonly clock: () => Clock,
    private readonly now: () => Instant,
    private readonly report: WakeReport | undefined,
  ) {}

  /** Sets the alarm to the earliest due work; `now`: a run stopped at its bound goes on at once. */
  async rearm(now = false): Promise<void> {
    const next = this.queue.earliest(this.now());
    await this.reportWake();
    if (now) {
      await this.storage.platform.setAlarm(Date.now());
      return;
    }
    const bookkeeping = this.queue.earliestWall();
    if (next === undefined && bookkeeping === undefined) {
      await this.storage.platform.deleteAlarm();
      return;
    }
    this.storage.counters.alarmsSet++;
    const wallNow = Date.now();
    const clock = this.clock();
    const world = next === undefined ? undefined : clock.wallFor(next);
    const at = Math.min(
      next === undefined ? Number.POSITIVE_INFINITY : (world ?? wallNow + FROZEN_ALARM_MS),
      // The wall clock may run apart from Date.now() (a test's): alarms are set in
      // Date.now()'s terms.
      bookkeeping === undefined ? Number.POSITIVE_INFINITY : bookkeeping - clock.wall() + wallNow,
    );
    await this.storage.platform.setAlarm(Math.max(at, wallNow));
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
