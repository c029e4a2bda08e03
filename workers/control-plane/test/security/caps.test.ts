import { env } from "cloudflare:test";
import { insertDeliveries, markDeliveryDead, openInventory } from "@regatta/inventory";
import { beforeAll, describe, expect, it } from "vitest";
import { seedBasics } from "../fixtures.ts";
import { api, inOneRateWindow } from "../helpers.ts";

beforeAll(async () => {
  await seedBasics("prod");
  const sub = await api("PUT", "/v1/notifications/capped", {
    body: {
      url: "https://hooks.example.com/capped",
      secret: "a-subscriber-secret-0123",
      events: ["*"],
      fleets: ["prod"],
    },
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(201);
  const db = openInventory(env.DB);
  await insertDeliveries(
    db,
    [
      {
        subscription: "capped",
        eventId: "evt-capped-1",
        fleet: "prod",
        type: "dev.regatta.operation.failed",
        subject: "operations/op-1",
        event: JSON.stringify({ id: "evt-capped-1", time: "2026-01-05T00:00:00.000Z" }),
      },
    ],
    Date.now(),
  );
  await markDeliveryDead(db, "capped", "evt-capped-1", "dead for the test", Date.now());
});

describe("SEC-4 what one caller can cost everyone", () => {
  it("SEC-4 one token may ask for 30 redeliveries a minute: the 31st is a 429 with Retry-After, and another token still may", async () => {
    const path = "/v1/notifications/capped/deliveries/evt-capped-1/redeliver";
    const bursts = await inOneRateWindow(60, async (attempt) => {
      const operator = await api("POST", "/v1/tokens", {
        body: { name: `redeliverer-${attempt}`, role: "operator", fleets: ["prod"] },
      });
      expect(operator.status).toBe(201);
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        statuses.push((await api("POST", path, { token: operator.body.token })).status);
      }
      return { statuses, refused: await api("POST", path, { token: operator.body.token }) };
    });
    // The first sends it again; the rest (and a second burst's) find it still being tried.
    const statuses = bursts.flatMap((b) => b.statuses);
    expect(statuses[0]).toBe(202);
    expect(new Set(statuses.slice(1))).toEqual(new Set([409]));
    const { refused } = bursts.at(-1)!;
    expect(refused.status).toBe(429);
    expect(refused.body.rule).toBe("SEC-4");
    expect(refused.body.detail).toMatch(/^SEC-4: too many redeliveries for this token/);
    expect(refused.headers.get("retry-after")).toBe("60");
    expect((await api("POST", path)).status).toBe(409);
  });
  it("SEC-4 one token creates at most 25 subscriptions: the 26th is a 409 naming the cap; a replace still works, and another token still creates", async () => {
    const operator = await api("POST", "/v1/tokens", {
      body: { name: "subscriber", role: "operator", fleets: ["prod"] },
    });
    expect(operator.status).toBe(201);
    const body = {
      url: "https://hooks.example.com/x",
      secret: "a-subscriber-secret-0123",
      events: ["*"],
      fleets: ["prod"],
    };
    const put = (name: string, token: string) =>
      api("PUT", `/v1/notifications/${name}`, { body, token });
    for (let i = 0; i < 25; i++) {
      expect((await put(`mine-${i}`, operator.body.token)).status).toBe(201);
    }
    const over = await put("mine-25", operator.body.token);
    expect(over.status).toBe(409);
    expect(over.body.rule).toBe("SEC-4");
    expect(over.body.detail).toMatch(/^SEC-4: this token created 25 notification subscriptions/);
    expect((await put("mine-0", operator.body.token)).status).toBe(200);
    const other = await api("POST", "/v1/tokens", {
      body: { name: "subscriber-2", role: "operator", fleets: ["prod"] },
    });
    expect((await put("theirs-0", other.body.token)).status).toBe(201);
  });
});
