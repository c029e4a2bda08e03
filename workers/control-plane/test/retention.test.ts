import { env } from "cloudflare:test";
import { insertDeliveries, openInventory, saveIdempotentResponse } from "@regatta/inventory";
import { describe, expect, it } from "vitest";
import type { Env } from "../src/env.ts";
import { runScheduled } from "../src/scheduled.ts";

const HOUR = 3_600_000;

async function remember(key: string, createdAt: number): Promise<void> {
  await saveIdempotentResponse(
    openInventory(env.DB),
    {
      key,
      principal: "token:ci",
      method: "POST",
      path: "/v1/fleets",
      bodyHash: "h",
      status: 201,
      body: "{}",
    },
    createdAt,
  );
}

async function keys(): Promise<string[]> {
  const { results } = await env.DB.prepare("SELECT key FROM idempotency_keys ORDER BY key").all<{
    key: string;
  }>();
  return results.map((row) => row.key);
}

describe("retention (the cron prunes what nothing needs any more)", () => {
  it("Idempotency-Keys older than 24 h are gone after the cron runs; younger ones are kept", async () => {
    const now = Date.parse("2026-03-01T12:00:00Z");
    await remember("old", now - 25 * HOUR);
    await remember("young", now - 23 * HOUR);
    await runScheduled(env, now);
    expect(await keys()).toEqual(["young"]);
  });

  it("the retention of Idempotency-Keys follows IDEMPOTENCY_RETENTION_HOURS", async () => {
    const now = Date.parse("2026-03-02T12:00:00Z");
    await remember("two-hours", now - 2 * HOUR);
    await remember("half-hour", now - HOUR / 2);
    await runScheduled({ ...env, IDEMPOTENCY_RETENTION_HOURS: "1" } as Env, now);
    expect(await keys()).toContain("half-hour");
    expect(await keys()).not.toContain("two-hours");
  });

  it("notifications: deliveries last touched over 7 days ago are gone after the cron runs; younger ones are kept", async () => {
    const now = Date.parse("2026-03-10T12:00:00Z");
    await env.DB.prepare(
      "INSERT INTO notification_subscriptions (name, url, secret_box, events, fleets, created_at, updated_at) VALUES ('keep-prune', 'https://example.com/h', 'box', '[\"*\"]', NULL, ?, ?)",
    )
      .bind(now, now)
      .run();
    const delivery = (eventId: string) => ({
      subscription: "keep-prune",
      eventId,
      fleet: "prod",
      type: "dev.regatta.operation.succeeded",
      subject: "operations/op-1",
      event: "{}",
    });
    const db = openInventory(env.DB);
    await insertDeliveries(db, [delivery("old")], now - 8 * 24 * HOUR);
    await insertDeliveries(db, [delivery("young")], now - 6 * 24 * HOUR);
    await runScheduled(env, now);
    const { results } = await env.DB.prepare(
      "SELECT event_id FROM notification_deliveries WHERE subscription = 'keep-prune'",
    ).all<{ event_id: string }>();
    expect(results.map((row) => row.event_id)).toEqual(["young"]);
  });
});
