import { createExecutionContext, createMessageBatch, env, getQueueResult } from "cloudflare:test";
import { insertDeliveries, openInventory } from "@regatta/inventory";
import { beforeAll, describe, expect, it, vi } from "vitest";
import worker from "../../src/index.ts";
import type { NotificationQueueMessage } from "../../src/objects/notifications/queue-message.ts";
import { DEAD_LETTER_QUEUE } from "../../src/queue.ts";
import { seedBasics } from "../fixtures.ts";
import { api } from "../helpers.ts";

beforeAll(async () => {
  await seedBasics("prod");
  const sub = await api("PUT", "/v1/notifications/dlq", {
    body: {
      url: "https://hooks.example.com/dlq",
      secret: "a-subscriber-secret-0123",
      events: ["*"],
      fleets: ["prod"],
    },
  });
  expect(sub.status, JSON.stringify(sub.body)).toBe(201);
});

async function pendingDelivery(eventId: string): Promise<void> {
  await insertDeliveries(
    openInventory(env.DB),
    [
      {
        subscription: "dlq",
        eventId,
        fleet: "prod",
        type: "dev.regatta.operation.failed",
        subject: "operations/op-1",
        event: JSON.stringify({ id: eventId, time: "2026-01-05T00:00:00.000Z" }),
      },
    ],
    Date.now(),
  );
}

describe("notifications: the queue's dead-letter queue", () => {
  it("notifications: a delivery the consumer kept failing on reaches the dead-letter queue and shows dead, with why, ready to redeliver", async () => {
    await pendingDelivery("evt-dlq-1");
    const batch = createMessageBatch<NotificationQueueMessage>(DEAD_LETTER_QUEUE, [
      {
        id: "m1",
        timestamp: Date.now(),
        attempts: 1,
        body: { kind: "delivery", subscription: "dlq", eventId: "evt-dlq-1" },
      },
    ]);
    const ctx = createExecutionContext();
    await worker.queue(batch, env);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual(["m1"]);
    const dead = await api("GET", "/v1/notifications/dlq/deliveries?state=dead");
    expect(dead.body.items).toMatchObject([
      { id: "evt-dlq-1", state: "dead", lastError: expect.stringContaining("dead-lettered") },
    ]);
  });

  it("notifications: a consumer that cannot handle a message retries it with the backoff rather than losing it", async () => {
    const batch = createMessageBatch<NotificationQueueMessage>("regatta-notifications", [
      {
        id: "m2",
        timestamp: Date.now(),
        attempts: 2,
        // An event whose fan-out fails: the queue producer is not given one to send to.
        body: {
          kind: "event",
          fleet: "prod",
          event: {
            specversion: "1.0",
            id: "evt-fail",
            source: "/v1/fleets/prod",
            type: "dev.regatta.operation.failed",
            subject: "operations/op-2",
            time: "2026-01-05T00:00:00.000Z",
            datacontenttype: "application/json",
            data: {},
          },
        },
      },
    ]);
    const ctx = createExecutionContext();
    const broken = {
      ...env,
      NOTIFICATION_RETRY_SECONDS: "5",
      NOTIFICATIONS: {
        send: () => Promise.reject(new Error("down")),
        sendBatch: () => Promise.reject(new Error("down")),
      },
    } as unknown as typeof env;
    // The plugin's batch records that a message was retried, not the delay asked for.
    const retry = vi.spyOn(batch.messages[0]!, "retry");
    await worker.queue(batch, broken);
    const result = await getQueueResult(batch, ctx);
    expect(result.explicitAcks).toEqual([]);
    expect(result.retryMessages).toEqual([{ msgId: "m2" }]);
    // The second attempt failed: the third waits 5 s doubled once.
    expect(retry).toHaveBeenCalledWith({ delaySeconds: 10 });
  });
});
