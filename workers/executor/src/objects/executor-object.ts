import { DurableObject } from "cloudflare:workers";
import { deliverDue } from "../callbacks/deliver.ts";
import {
  callbacksWakeAt,
  enqueueCallback,
  pendingCallbacks,
  type RejectedCallback,
  rejectedCallbacks,
} from "../callbacks/outbox.ts";
import { advanceManualClock, clockFor, type ExecutorClock } from "../clock.ts";
import { type Env, type ExecutorConfig, requireConfig } from "../config.ts";
import { type Intake, type ReceivedBatch, takeBatch } from "../fleet/intake.ts";
import { pruneLedger } from "../fleet/ledger.ts";
import { toCallback } from "../fleet/reports.ts";
import { advanceFleet, fleetWakeAt, runningCommands } from "../fleet/sim-store.ts";
import { type CounterName, counters, SCHEMA } from "../schema.ts";

/** What one run did: reports learnt from the fleet, and how their delivery went. */
export interface RunReport {
  reported: number;
  delivered: number;
  retried: number;
  rejected: number;
  more: boolean;
}

/** The executor's state in numbers, with the reports the control plane refused. */
export interface ExecutorStatus {
  now: string;
  counts: Record<CounterName, number>;
  running: number;
  pendingCallbacks: number;
  rejected: RejectedCallback[];
}

/** Runs one `advanceClock` may chain while reports stay due (a backlog past one run). */
const MAX_RUNS_PER_ADVANCE = 50;

/**
 * The simulated fleet of the reference executor: one object holds it all (the name
 * "fleet"). A shell: it records each batch and starts its commands on the engine's sim
 * in one transaction, and on its alarm moves the sim to now, persists what finished as
 * callbacks in the same transaction, then sends them; the alarm is re-armed to the next
 * finish or retry whatever happened.
 */
export class ExecutorObject extends DurableObject<Env> {
  private readonly sql = this.ctx.storage.sql;
  /** The run under way, and the one queued behind it (at most one each). */
  private running: Promise<RunReport> | undefined;
  private queued: Promise<RunReport> | undefined;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    for (const statement of SCHEMA) this.sql.exec(statement);
  }

  /** Takes a batch the worker has verified; see `takeBatch`. */
  async accept(batch: ReceivedBatch): Promise<Intake> {
    const config = requireConfig(this.env);
    const clock = clockFor(config.clock, this.sql);
    const intake = this.ctx.storage.transactionSync(() =>
      takeBatch(this.sql, config.durations, batch, clock.now(), clock.wall()),
    );
    await this.arm(config, clock, false);
    return intake;
  }

  override async alarm(): Promise<void> {
    await this.run();
  }

  /**
   * Test-only (EXECUTOR_CLOCK=manual; refused otherwise): moves the fleet's time forward
   * and runs what fell due, again while a backlog remains, so a test never sleeps.
   * Reachable only through the object's binding, never over HTTP.
   */
  async advanceClock(seconds: number): Promise<RunReport> {
    const config = requireConfig(this.env);
    if (config.clock !== "manual") {
      throw new Error("advanceClock needs EXECUTOR_CLOCK=manual: a wall clock moves by itself");
    }
    if (!(Number.isFinite(seconds) && seconds >= 0)) {
      throw new RangeError(`advanceClock takes seconds ≥ 0, got ${seconds}`);
    }
    advanceManualClock(this.sql, seconds);
    const total: RunReport = { reported: 0, delivered: 0, retried: 0, rejected: 0, more: false };
    for (let runs = 0; runs < MAX_RUNS_PER_ADVANCE; runs++) {
      const report = await this.run();
      total.reported += report.reported;
      total.delivered += report.delivered;
      total.retried += report.retried;
      total.rejected += report.rejected;
      total.more = report.more;
      if (!report.more) break;
    }
    return total;
  }

  async status(): Promise<ExecutorStatus> {
    const config = requireConfig(this.env);
    return {
      now: new Date(clockFor(config.clock, this.sql).now()).toISOString(),
      counts: counters(this.sql),
      running: runningCommands(this.sql),
      pendingCallbacks: pendingCallbacks(this.sql),
      rejected: rejectedCallbacks(this.sql),
    };
  }

  /**
   * One run at a time: the alarm and a test's `advanceClock` may ask at once, and two
   * runs would send the same reports twice. A call during a run waits for it and then
   * runs once more (what fell due meanwhile); calls during that wait share it.
   */
  private run(): Promise<RunReport> {
    if (this.queued) return this.queued;
    if (this.running) {
      this.queued = this.running
        .catch(() => undefined)
        .then(() => {
          this.queued = undefined;
          return this.start();
        });
      return this.queued;
    }
    return this.start();
  }

  private start(): Promise<RunReport> {
    const run = this.runOnce().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }

  /** Each step in its own try/catch; the alarm is re-armed in `finally` whatever failed. */
  private async runOnce(): Promise<RunReport> {
    const config = requireConfig(this.env);
    const clock = clockFor(config.clock, this.sql);
    const report: RunReport = { reported: 0, delivered: 0, retried: 0, rejected: 0, more: false };
    try {
      try {
        report.reported = this.learnFromFleet(clock);
      } catch (error) {
        console.error("executor: moving the simulated fleet failed; retrying next run", error);
      }
      try {
        Object.assign(report, await deliverDue(this.sql, config, clock));
      } catch (error) {
        console.error("executor: sending callbacks failed; retrying next run", error);
      }
      try {
        pruneLedger(this.sql, clock.wall());
      } catch (error) {
        console.error("executor: pruning the command ledger failed", error);
      }
    } finally {
      await this.arm(config, clock, report.more);
    }
    return report;
  }

  /** Moves the sim to now and persists what finished as callbacks, in one transaction. */
  private learnFromFleet(clock: ExecutorClock): number {
    return this.ctx.storage.transactionSync(() => {
      const now = clock.now();
      let reported = 0;
      for (const event of advanceFleet(this.sql, now)) {
        const callback = toCallback(event);
        if (callback === undefined) continue;
        enqueueCallback(this.sql, callback, now, clock.wall());
        reported++;
      }
      return reported;
    });
  }

  /** The alarm goes to the next finish or retry (now when a run stopped at its limit). */
  private async arm(config: ExecutorConfig, clock: ExecutorClock, dueNow: boolean): Promise<void> {
    const candidates = [
      fleetWakeAt(this.sql),
      callbacksWakeAt(this.sql),
      dueNow ? clock.now() : undefined,
    ].filter((at) => at !== undefined);
    const next = candidates.length > 0 ? Math.min(...candidates) : undefined;
    const wallAt = next === undefined ? undefined : clock.alarmAt(next);
    // A manual clock sets no alarm: only the test's advance moves it.
    if (wallAt === undefined || config.clock === "manual") {
      await this.ctx.storage.deleteAlarm();
      return;
    }
    await this.ctx.storage.setAlarm(Math.max(wallAt, Date.now()));
  }
}
