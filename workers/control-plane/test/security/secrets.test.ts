import { createExecutionContext, createMessageBatch, env } from "cloudflare:test";
import { getNotificationSubscription, insertDeliveries, openInventory } from "@regatta/inventory";
import { beforeAll, describe, expect, it } from "vitest";
import type { Env } from "../../src/env.ts";
import worker from "../../src/index.ts";
import type { NotificationQueueMessage } from "../../src/objects/notifications/queue-message.ts";
import { openSecret, sealSecret } from "../../src/services/notifications/secret-box.ts";
import { seedBasics } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { installReceiver, RECEIVER, receivedAt } from "../notifications/receiver.ts";
import { checkResponse } from "../openapi-check.ts";

// 32 random bytes each, as `openssl rand -base64 32` makes them.
const STRONG_ADMIN = "rgt_admin_q3Vb1XkP0zR8sT2wYc6NfLmA4dJ9hEo7uGiK5lW1xZs";
const OLD_KEY = "Yk2v9Qx7Lr4Tn1Wc8Zp3Hs6Jd0Mf5Bg2Ra7Ue4Io1Ny9Kt";
const NEW_KEY = "Fh3Jq8Wn1Xv6Ct4Lz9Rp2Ks7Mb0Gd5Ye3Ua8Ti1Oc6Nw4Q";

/** The worker as deployed: its default policy for weak secrets, with `vars` over the test's. */
async function deployed(vars: Partial<Env>) {
  const response = await worker.fetch(
    new Request("https://regatta.test/v1/fleets", {
      headers: { authorization: `Bearer ${vars.REGATTA_ADMIN_TOKEN ?? STRONG_ADMIN}` },
    }),
    {
      ...env,
      REGATTA_WEAK_SECRETS: "refuse",
      REGATTA_ADMIN_TOKEN: STRONG_ADMIN,
      WEBHOOK_SECRET: `webhook-${STRONG_ADMIN}`,
      NOTIFICATIONS_KEY: NEW_KEY,
      ...vars,
    } as Env,
    createExecutionContext(),
  );
  await checkResponse("GET", "/v1/fleets", response);
  return { status: response.status, body: await response.json<{ detail?: string }>() };
}

describe("SEC-9 a deployment's own secrets are at least 32 random bytes", () => {
  it("SEC-9 strong secrets run", async () => {
    expect((await deployed({})).status).toBe(200);
  });

  it.each([
    ["REGATTA_ADMIN_TOKEN", { REGATTA_ADMIN_TOKEN: "test-admin-token" }],
    ["WEBHOOK_SECRET", { WEBHOOK_SECRET: "hunter2hunter2" }],
    ["NOTIFICATIONS_KEY", { NOTIFICATIONS_KEY: "notifications-key" }],
    ["NOTIFICATIONS_KEY (key 2)", { NOTIFICATIONS_KEY: `${NEW_KEY} old-short-key` }],
    ["REGATTA_ADMIN_TOKEN", { REGATTA_ADMIN_TOKEN: "a".repeat(64) }],
  ] as const)(
    "SEC-9 a weak %s stops every route with a 503 naming it, never its value",
    async (name, vars) => {
      const res = await deployed(vars);
      expect(res.status).toBe(503);
      expect(res.body.detail).toMatch(new RegExp(`^SEC-9: ${name.replace(/[()]/g, "\\$&")} `));
      for (const value of Object.values(vars)) expect(res.body.detail).not.toContain(value);
    },
  );

  it("SEC-9 local development may allow weak secrets, and only with the word for it", async () => {
    expect(
      (await deployed({ REGATTA_WEAK_SECRETS: "allow", REGATTA_ADMIN_TOKEN: "short" })).status,
    ).toBe(200);
    const typo = await deployed({ REGATTA_WEAK_SECRETS: "yes" });
    expect(typo.status).toBe(503);
    expect(typo.body.detail).toBe("REGATTA_WEAK_SECRETS must be refuse or allow, got yes");
  });
});

describe("SEC-9 the sealing key rotates: seal with the newest, open with any", () => {
  beforeAll(async () => {
    installReceiver();
    await seedBasics("prod");
  });

  it("SEC-9 a secret sealed under a key that is now the older one still opens, and its next delivery re-seals it under the newest", async () => {
    const db = openInventory(env.DB);
    const put = await api("PUT", "/v1/notifications/rotating", {
      body: {
        url: `${RECEIVER}/rotating`,
        secret: "a-subscriber-secret-0123",
        events: ["*"],
        fleets: ["prod"],
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(201);
    // As if sealed before the rotation: under the key that is now second in the ring.
    const before = await sealSecret(OLD_KEY, "rotating", "a-subscriber-secret-0123");
    await env.DB.prepare("UPDATE notification_subscriptions SET secret_box = ? WHERE name = ?")
      .bind(before, "rotating")
      .run();
    await insertDeliveries(
      db,
      [
        {
          subscription: "rotating",
          eventId: "evt-rotate-1",
          fleet: "prod",
          type: "dev.regatta.operation.failed",
          subject: "operations/op-1",
          event: JSON.stringify({ id: "evt-rotate-1", time: "2026-01-05T00:00:00.000Z" }),
        },
      ],
      Date.now(),
    );
    const batch = createMessageBatch<NotificationQueueMessage>("regatta-notifications", [
      {
        id: "m-rotate",
        timestamp: Date.now(),
        attempts: 1,
        body: { kind: "delivery", subscription: "rotating", eventId: "evt-rotate-1" },
      },
    ]);
    await worker.queue(batch, { ...env, NOTIFICATIONS_KEY: `${NEW_KEY} ${OLD_KEY}` } as Env);
    expect(receivedAt("/rotating")).toHaveLength(1);
    const after = (await getNotificationSubscription(db, "rotating"))!.secretBox;
    expect(after).not.toBe(before);
    // The newest key alone opens it now: the old one may leave the ring.
    expect((await openSecret(NEW_KEY, "rotating", after)).secret).toBe("a-subscriber-secret-0123");
    await expect(openSecret(OLD_KEY, "rotating", after)).rejects.toThrow();
  });
});
