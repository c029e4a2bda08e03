import { exponentialBackoff, type Instant, operationOfCommand } from "@regatta/engine";
import type { ExecutorCallback } from "@regatta/protocol";
import { count } from "../schema.ts";

/**
 * Callbacks waiting for the control plane's acknowledgement. A report is written here in
 * the transaction that learnt it (with the sim state that produced it), then sent: a
 * crash in between sends it late, never loses it. Everything here is bounded: the
 * pending count ({@link MAX_PENDING_CALLBACKS}: beyond it, new batches are turned away
 * until reports drain), the time a report is retried ({@link GIVE_UP_AFTER_MS}) and the
 * refused reports kept for inspection ({@link REJECTED_KEPT}).
 */

export const MAX_PENDING_CALLBACKS = 10_000;
/** A report the control plane has not taken in a day is given up (and kept as rejected). */
export const GIVE_UP_AFTER_MS = 24 * 3_600_000;
export const REJECTED_KEPT = 100;
/** Wait before retry n: 1 s doubling to a minute, so a control plane back up hears soon. */
export const callbackRetryDelay = exponentialBackoff({ first: 1_000, max: 60_000 });

/** One pending report, as stored. */
export interface PendingCallback {
  seq: number;
  operation: string;
  command: string;
  body: string;
  created: Instant;
  attempts: number;
  nextAttempt: Instant;
}

/** A refused report, newest first in {@link rejectedCallbacks}. */
export interface RejectedCallback {
  operation: string;
  command: string;
  attempts: number;
  /** The control plane's answer, or null when it never answered (given up). */
  status: number | null;
  reason: string;
  at: string;
}

/**
 * Queues a report, due at once. A command id that names no operation cannot be reported
 * (the callback path is the operation's): it is recorded as rejected instead.
 */
export function enqueueCallback(
  sql: SqlStorage,
  callback: ExecutorCallback,
  now: Instant,
  wallNow: number,
): void {
  const operation = operationOfCommand(callback.commandId);
  const body = JSON.stringify(callback);
  if (operation === undefined) {
    recordRejected(sql, {
      operation: "",
      command: callback.commandId,
      body,
      attempts: 0,
      status: null,
      reason: "the command id names no operation (expected <operation>:…)",
      wallNow,
    });
    return;
  }
  sql.exec(
    "INSERT INTO callbacks (operation, command, body, created, next_attempt) VALUES (?, ?, ?, ?, ?)",
    operation,
    callback.commandId,
    body,
    now,
    now,
  );
}

export function pendingCallbacks(sql: SqlStorage): number {
  return sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM callbacks").one().n;
}

/** The earliest retry or first attempt due; undefined when nothing waits. */
export function callbacksWakeAt(sql: SqlStorage): Instant | undefined {
  const { due } = sql
    .exec<{ due: number | null }>("SELECT MIN(next_attempt) AS due FROM callbacks")
    .one();
  return due ?? undefined;
}

/** The oldest pending reports, in the order they happened. */
export function oldestCallbacks(sql: SqlStorage, limit: number): PendingCallback[] {
  return sql
    .exec<{
      seq: number;
      operation: string;
      command: string;
      body: string;
      created: number;
      attempts: number;
      next_attempt: number;
    }>(
      "SELECT seq, operation, command, body, created, attempts, next_attempt FROM callbacks ORDER BY seq LIMIT ?",
      limit,
    )
    .toArray()
    .map((row) => ({
      seq: row.seq,
      operation: row.operation,
      command: row.command,
      body: row.body,
      created: row.created,
      attempts: row.attempts,
      nextAttempt: row.next_attempt,
    }));
}

export function acknowledged(sql: SqlStorage, seq: number): void {
  sql.exec("DELETE FROM callbacks WHERE seq = ?", seq);
  count(sql, "callbacksDelivered");
}

/** A failure that may pass: try again after the backoff, or give up after a day. */
export function failedForNow(
  sql: SqlStorage,
  callback: PendingCallback,
  error: string,
  now: Instant,
  wallNow: number,
): void {
  const attempts = callback.attempts + 1;
  if (now - callback.created >= GIVE_UP_AFTER_MS) {
    rejected(
      sql,
      callback,
      null,
      `gave up after ${attempts} attempts over a day: ${error}`,
      wallNow,
    );
    return;
  }
  sql.exec(
    "UPDATE callbacks SET attempts = ?, next_attempt = ?, last_error = ? WHERE seq = ?",
    attempts,
    now + callbackRetryDelay(attempts),
    error,
    callback.seq,
  );
  count(sql, "callbacksRetried");
}

/** The control plane refused the report for good: keep it to be looked at, never resend. */
export function rejected(
  sql: SqlStorage,
  callback: PendingCallback,
  status: number | null,
  reason: string,
  wallNow: number,
): void {
  console.error(
    `callback ${callback.body} for ${callback.operation} rejected (${status ?? "no answer"}): ${reason}`,
  );
  sql.exec("DELETE FROM callbacks WHERE seq = ?", callback.seq);
  recordRejected(sql, {
    operation: callback.operation,
    command: callback.command,
    body: callback.body,
    attempts: callback.attempts + 1,
    status,
    reason,
    wallNow,
  });
}

/** The newest refused reports. */
export function rejectedCallbacks(sql: SqlStorage, limit = REJECTED_KEPT): RejectedCallback[] {
  return sql
    .exec<{
      operation: string;
      command: string;
      attempts: number;
      status: number | null;
      reason: string;
      at_wall: number;
    }>(
      "SELECT operation, command, attempts, status, reason, at_wall FROM rejected_callbacks ORDER BY seq DESC LIMIT ?",
      limit,
    )
    .toArray()
    .map((row) => ({
      operation: row.operation,
      command: row.command,
      attempts: row.attempts,
      status: row.status,
      reason: row.reason,
      at: new Date(row.at_wall).toISOString(),
    }));
}

function recordRejected(
  sql: SqlStorage,
  entry: {
    operation: string;
    command: string;
    body: string;
    attempts: number;
    status: number | null;
    reason: string;
    wallNow: number;
  },
): void {
  const { next } = sql
    .exec<{ next: number }>("SELECT COALESCE(MAX(seq), 0) + 1 AS next FROM rejected_callbacks")
    .one();
  sql.exec(
    "INSERT INTO rejected_callbacks (seq, operation, command, body, attempts, status, reason, at_wall) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
    next,
    entry.operation,
    entry.command,
    entry.body,
    entry.attempts,
    entry.status,
    entry.reason.slice(0, 2000),
    entry.wallNow,
  );
  sql.exec("DELETE FROM rejected_callbacks WHERE seq <= ?", next - REJECTED_KEPT);
  count(sql, "callbacksRejected");
}
