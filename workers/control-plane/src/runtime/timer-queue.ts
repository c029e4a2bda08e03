import type { Instant } from "@regatta/engine";
import { OUTBOX_DELIVERY } from "./outbox.ts";
import type { RuntimeStorage } from "./storage.ts";
import { DELIVERY_TIMER, type Executor, PROVIDER_TIMER, type Timer } from "./types.ts";

type TimerRow = { id: string; due: number; kind: string; payload: string | null };

/** Which due timers a run takes. */
export interface DueFilter {
  /** Timers left out (those that spun at one instant). */
  skip?: ReadonlySet<string>;
  /** Whether the outbox's deliveries go too (not before a request: it never waits on a provider). */
  outbox: boolean;
}

/**
 * The object's timers, multiplexed onto its one alarm: virtual timers (the world's
 * time), wall timers (bookkeeping), and the executor's next report, which is read from
 * the executor's own state rather than kept as a row rewritten with every command.
 */
export class TimerQueue {
  /** After the provider's wake-up failed, it is not retried before this instant. */
  private providerRetryAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly storage: RuntimeStorage,
    private readonly executor: Executor,
  ) {}

  /** Every virtual timer, the provider's wake-up among them, in due order. */
  timers(now: Instant): Timer[] {
    const stored = this.storage.sql
      .exec<TimerRow>("SELECT id, due, kind, payload FROM timers ORDER BY due, id")
      .toArray()
      .map(toTimer);
    return this.withProviderTimer(stored, Number.POSITIVE_INFINITY, now);
  }

  /** The timers on the wall clock (bookkeeping) in due order: all, or those `due`. */
  wallTimers(due?: { by: number; limit: number }): Timer[] {
    const rows = due
      ? this.storage.sql.exec<TimerRow>(
          "SELECT id, due, kind, payload FROM wall_timers WHERE due <= ? ORDER BY due, id LIMIT ?",
          due.by,
          due.limit,
        )
      : this.storage.sql.exec<TimerRow>(
          "SELECT id, due, kind, payload FROM wall_timers ORDER BY due, id",
        );
    return rows.toArray().map((row) => ({ ...toTimer(row), clock: "wall" as const }));
  }

  /** The stored timers of `kind` due by `now`, in due order, at most `limit`. */
  dueTimers(kind: string, limit: number, now: Instant): Timer[] {
    return this.storage.sql
      .exec<TimerRow>(
        "SELECT id, due, kind, payload FROM timers WHERE kind = ? AND due <= ? ORDER BY due, id LIMIT ?",
        kind,
        now,
        limit,
      )
      .toArray()
      .map(toTimer);
  }

  /** The earliest timer due by `until` that `filter` lets through, if any. */
  nextDue(until: Instant, now: Instant, filter: DueFilter): Timer | undefined {
    const skip = filter.skip ?? new Set<string>();
    const outbox = filter.outbox ? "" : " AND NOT (kind = ? AND payload LIKE ?)";
    const [row] = this.storage.sql
      .exec<TimerRow>(
        `SELECT id, due, kind, payload FROM timers WHERE due <= ?${" AND id <> ?".repeat(skip.size)}${outbox} ORDER BY due, kind = ?, id LIMIT 1`,
        until,
        ...skip,
        ...(filter.outbox ? [] : [DELIVERY_TIMER, `${OUTBOX_DELIVERY}%`]),
        DELIVERY_TIMER,
      )
      .toArray();
    const timers = this.withProviderTimer(row ? [toTimer(row)] : [], until, now);
    return timers.find((timer) => !skip.has(timer.id));
  }

  /** The earliest virtual wake-up (timers and the provider's), if any. */
  earliest(now: Instant): Instant | undefined {
    const due = this.storage.sql
      .exec<{ due: number | null }>("SELECT MIN(due) AS due FROM timers")
      .one().due;
    const provider = this.providerWake(now);
    if (due === null) return provider;
    return provider === undefined ? due : Math.min(due, provider);
  }

  /** The earliest wall timer's due instant (wall clock), if any. */
  earliestWall(): number | undefined {
    const due = this.storage.sql
      .exec<{ due: number | null }>("SELECT MIN(due) AS due FROM wall_timers")
      .one().due;
    return due ?? undefined;
  }

  /**
   * The timer fired: gone unless its handler re-scheduled it (then its due moved and
   * this deletes nothing): updating a row in place costs fewer rows than deleting and
   * re-inserting it.
   */
  fired(timer: Timer): void {
    const table = timer.clock === "wall" ? "wall_timers" : "timers";
    this.storage.write(`DELETE FROM ${table} WHERE id = ? AND due = ?`, timer.id, timer.due);
  }

  /** The timer's handler threw: it runs again at `retry` (on the timer's own clock). */
  failed(timer: Timer, retry: number): void {
    if (timer.kind === PROVIDER_TIMER) this.providerRetryAt = retry;
    const table = timer.clock === "wall" ? "wall_timers" : "timers";
    this.storage.write(
      `UPDATE ${table} SET due = ? WHERE id = ? AND due = ?`,
      retry,
      timer.id,
      timer.due,
    );
  }

  private providerWake(now: Instant): Instant | undefined {
    const due = this.executor.wakeAt?.(this.storage.transaction(now));
    return due === undefined ? undefined : Math.max(due, this.providerRetryAt);
  }

  /** Adds the executor's wake-up, when due by `until`, in due order. */
  private withProviderTimer(timers: Timer[], until: Instant, now: Instant): Timer[] {
    const due = this.providerWake(now);
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
}

function toTimer(row: TimerRow): Timer {
  const timer: Timer = { id: row.id, due: row.due, kind: row.kind };
  if (row.payload !== null) timer.payload = row.payload;
  return timer;
}
