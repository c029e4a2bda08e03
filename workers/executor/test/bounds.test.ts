import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  acknowledged,
  enqueueCallback,
  failedForNow,
  GIVE_UP_AFTER_MS,
  MAX_PENDING_CALLBACKS,
  oldestCallbacks,
  pendingCallbacks,
  REJECTED_KEPT,
  rejected,
  rejectedCallbacks,
} from "../src/callbacks/outbox.ts";
import { EXECUTOR_DURATIONS } from "../src/config.ts";
import { takeBatch } from "../src/fleet/intake.ts";
import { LEDGER_RETENTION_MS, pruneLedger, takeCommand } from "../src/fleet/ledger.ts";
import { SCHEMA } from "../src/schema.ts";
import { bindings } from "./bindings.ts";

const T0 = Date.parse("2026-01-05T00:00:00Z");
const HOUR = 3_600_000;

/**
 * The executor's storage modules over a scratch SQLite database: the storage of an
 * object of the worker under test, given the executor's tables. (The executor's own
 * object runs in another worker, which tests reach only through its bindings.)
 */
function withExecutorTables<T>(name: string, use: (sql: SqlStorage) => T): Promise<T> {
  const stub = bindings.FLEET.get(bindings.FLEET.idFromName(`scratch-${name}`));
  return runInDurableObject(stub, (_object, state) => {
    for (const statement of SCHEMA) state.storage.sql.exec(statement);
    return use(state.storage.sql);
  });
}

const ids = (sql: SqlStorage) =>
  sql
    .exec<{ id: string }>("SELECT id FROM commands ORDER BY rowid")
    .toArray()
    .map((r) => r.id);

describe("everything the executor keeps is bounded", () => {
  it("the command ledger forgets ids after 24 hours, and the oldest beyond its cap", async () => {
    await withExecutorTables("ledger", (sql) => {
      const take = (id: string, at: number) =>
        takeCommand(sql, { id, type: "HEALTH_CHECK" }, "b", at);
      expect(take("op-1:a", T0)).toBe(true);
      expect(take("op-1:a", T0 + HOUR)).toBe(false);
      for (let i = 0; i < 5; i++) take(`op-1:n${i}`, T0 + HOUR + i);
      pruneLedger(sql, T0 + LEDGER_RETENTION_MS + 1);
      expect(ids(sql)).toEqual(["op-1:n0", "op-1:n1", "op-1:n2", "op-1:n3", "op-1:n4"]);
      pruneLedger(sql, T0 + HOUR, { retentionMs: LEDGER_RETENTION_MS, maxIds: 3 });
      expect(ids(sql)).toEqual(["op-1:n2", "op-1:n3", "op-1:n4"]);
      // A forgotten id is new again: the ledger outlives any redelivery, not forever.
      expect(take("op-1:a", T0 + 2 * LEDGER_RETENTION_MS)).toBe(true);
    });
  });

  it("a callback not acknowledged within a day is given up and kept as rejected", async () => {
    await withExecutorTables("give-up", (sql) => {
      enqueueCallback(sql, { type: "COMMAND_SUCCEEDED", commandId: "op-1:x:CREATE:1" }, T0, T0);
      let [callback] = oldestCallbacks(sql, 10);
      failedForNow(sql, callback!, "HTTP 503", T0 + HOUR, T0 + HOUR);
      [callback] = oldestCallbacks(sql, 10);
      expect(callback).toMatchObject({ attempts: 1, nextAttempt: T0 + HOUR + 1_000 });
      failedForNow(sql, callback!, "HTTP 503", T0 + GIVE_UP_AFTER_MS, T0 + GIVE_UP_AFTER_MS);
      expect(pendingCallbacks(sql)).toBe(0);
      expect(rejectedCallbacks(sql)).toEqual([
        {
          operation: "op-1",
          command: "op-1:x:CREATE:1",
          attempts: 2,
          status: null,
          reason: "gave up after 2 attempts over a day: HTTP 503",
          at: new Date(T0 + GIVE_UP_AFTER_MS).toISOString(),
        },
      ]);
    });
  });

  it("a report whose command id names no operation cannot be sent: it is kept as rejected", async () => {
    await withExecutorTables("no-operation", (sql) => {
      enqueueCallback(sql, { type: "COMMAND_SUCCEEDED", commandId: "no-colon" }, T0, T0);
      expect(pendingCallbacks(sql)).toBe(0);
      expect(rejectedCallbacks(sql)[0]).toMatchObject({ command: "no-colon", status: null });
    });
  });

  it(`only the newest ${REJECTED_KEPT} rejected callbacks are kept`, async () => {
    await withExecutorTables("rejected", (sql) => {
      for (let i = 0; i < REJECTED_KEPT + 5; i++) {
        enqueueCallback(sql, { type: "COMMAND_SUCCEEDED", commandId: `op-${i}:x` }, T0, T0);
        rejected(sql, oldestCallbacks(sql, 1)[0]!, 404, "HTTP 404", T0 + i);
      }
      const kept = rejectedCallbacks(sql, 1_000);
      expect(kept).toHaveLength(REJECTED_KEPT);
      expect(kept[0]!.operation).toBe(`op-${REJECTED_KEPT + 4}`);
      expect(kept.at(-1)!.operation).toBe("op-5");
    });
  });

  it(`with ${MAX_PENDING_CALLBACKS} reports waiting, a new batch is turned away (the control plane sends it again later)`, async () => {
    await withExecutorTables("backlog", (sql) => {
      sql.exec(
        `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
         INSERT INTO callbacks (operation, command, body, created, next_attempt)
         SELECT 'op-1', 'op-1:' || i, '{}', ?, ? FROM n`,
        MAX_PENDING_CALLBACKS,
        T0,
        T0,
      );
      const batch = {
        batch: "b",
        commands: [{ id: "op-2:HEALTH:1", type: "HEALTH_CHECK", cluster: "c" }],
      };
      expect(takeBatch(sql, EXECUTOR_DURATIONS, batch, T0, T0)).toEqual({
        busy: true,
        pending: MAX_PENDING_CALLBACKS,
      });
      expect(ids(sql)).toEqual([]);
      acknowledged(sql, oldestCallbacks(sql, 1)[0]!.seq);
      expect(takeBatch(sql, EXECUTOR_DURATIONS, batch, T0, T0)).toMatchObject({
        busy: false,
        accepted: 1,
      });
    });
  });
});
