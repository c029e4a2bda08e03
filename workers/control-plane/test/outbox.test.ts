import { env, runInDurableObject } from "cloudflare:test";
import type { ProviderCommand } from "@regatta/engine";
import { afterEach, describe, expect, it, vi } from "vitest";
import { simClock } from "../src/clock/clock.ts";
import type { Env } from "../src/env.ts";
import type { FleetObject } from "../src/objects/fleet/fleet-object.ts";
import { WebhookExecutor } from "../src/providers/webhook-executor.ts";
import { DELIVERY_TIMER, PROVIDER_BATCH_ATTEMPTS } from "../src/runtime/deliveries.ts";
import { ObjectRuntime } from "../src/runtime/runtime.ts";
import type { OutboxBatch } from "../src/runtime/types.ts";

/**
 * The outbox as a webhook deployment uses it: bounded rows, delivery from the alarm
 * only, a request timeout, and a poison batch set aside instead of stalling the fleet.
 */

const create = (operation: string, n: number): ProviderCommand => ({
  id: `${operation}:node-${n}:CREATE:1`,
  type: "CREATE_NODE",
  cluster: "c1",
  pool: "p1",
  zone: "zone-a",
  node: `node-${n}`,
  version: "1.21.14-gke.4300",
  nodeImage: "cos",
});

const webhookEnv = {
  ...env,
  REGATTA_PROVIDER: "webhook",
  WEBHOOK_URL: "https://executor.example/commands",
  WEBHOOK_SECRET: "s3cret",
} as Env;

/** A webhook endpoint answering by the batch's operation; records every delivery. */
function endpoint(answer: (operation: string) => number | "hang") {
  const delivered: { batch: string; commands: string[] }[] = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const body = JSON.parse(String(init?.body)) as {
      batch: string;
      commands: ProviderCommand[];
    };
    const operation = body.commands[0]!.id.split(":")[0]!;
    const status = answer(operation);
    if (status === "hang") {
      // An endpoint that never answers: only the request's own signal ends the wait.
      return new Promise((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    }
    if (status < 300)
      delivered.push({ batch: body.batch, commands: body.commands.map((c) => c.id) });
    return new Response(null, { status });
  };
  return { delivered, fetch: fetch as typeof globalThis.fetch };
}

const at = (ms: number) => simClock({ anchorWallMs: 0, anchorVirtualMs: ms, speed: 0 });
const T0 = 1_000_000;

function fleet(name: string) {
  return env.FLEET.get(env.FLEET.idFromName(name));
}

afterEach(async () => {
  for (const name of ["chunks", "poison", "retry", "hang", "read", "bound", "bound-unrecorded"]) {
    await runInDurableObject(fleet(name), (_i: FleetObject, state) => state.storage.deleteAlarm());
  }
});

describe("outbox delivery (webhook provider)", () => {
  it("a batch of 16,000 commands is stored in bounded rows and delivered in order with its ids", async () => {
    const commands = Array.from({ length: 16_000 }, (_, i) => create("op-big", i));
    const { delivered, fetch } = endpoint(() => 202);
    await runInDurableObject(fleet("chunks"), async (_i: FleetObject, state) => {
      const runtime = new ObjectRuntime(
        state.storage,
        at(T0),
        new WebhookExecutor(webhookEnv, { fetch }),
      );
      await runtime.commit((tx) => tx.send(commands));
      const rows = state.storage.sql
        .exec<{ n: number; bytes: number }>(
          "SELECT json_array_length(commands) AS n, length(commands) AS bytes FROM outbox ORDER BY seq",
        )
        .toArray();
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows) {
        expect(row.n).toBeLessThanOrEqual(500);
        expect(row.bytes).toBeLessThanOrEqual(512 * 1024);
      }
      await runtime.runAlarm(async () => {});
      expect(runtime.pendingOutbox()).toHaveLength(0);
    });
    expect(delivered.flatMap((d) => d.commands)).toEqual(commands.map((c) => c.id));
    // Batch ids stay unique, so the executor's Idempotency-Key tells chunks apart.
    expect(new Set(delivered.map((d) => d.batch)).size).toBe(delivered.length);
  });

  it("a batch answered 400 is set aside at once with the reason, and does not block another operation's batch", async () => {
    const { delivered, fetch } = endpoint((operation) => (operation === "op-bad" ? 400 : 202));
    const setAside: { batch: OutboxBatch; why: string }[] = [];
    await runInDurableObject(fleet("poison"), async (_i: FleetObject, state) => {
      const runtime = new ObjectRuntime(
        state.storage,
        at(T0),
        new WebhookExecutor(webhookEnv, { fetch }),
      );
      await runtime.commit((tx) => tx.send([create("op-bad", 1)]));
      await runtime.commit((tx) => tx.send([create("op-good", 1)]));
      await runtime.runAlarm(async () => {}, {
        onBatchSetAside: (_tx, batch, why) => setAside.push({ batch, why }),
      });
      expect(runtime.pendingOutbox()).toHaveLength(0);
      expect(runtime.setAside()).toEqual([
        expect.objectContaining({ id: "op-bad:node-1:CREATE:1#1", attempts: 1 }),
      ]);
    });
    expect(delivered.map((d) => d.commands)).toEqual([["op-good:node-1:CREATE:1"]]);
    expect(setAside).toHaveLength(1);
    expect(setAside[0]!.why).toBe(
      "webhook delivery failed after 1 attempt (HTTP 400): batch op-bad:node-1:CREATE:1#1 set aside",
    );
  });

  it("a 503 is retried with exponential backoff, later batches of its operation wait, and after 8 attempts it is set aside", async () => {
    const { delivered, fetch } = endpoint((operation) => (operation === "op-down" ? 503 : 202));
    const reasons: string[] = [];
    await runInDurableObject(fleet("retry"), async (_i: FleetObject, state) => {
      const executor = new WebhookExecutor(webhookEnv, { fetch });
      const runtime = new ObjectRuntime(state.storage, at(T0), executor);
      await runtime.commit((tx) => tx.send([create("op-down", 1)]));
      await runtime.commit((tx) => tx.send([create("op-down", 2)]));
      await runtime.commit((tx) => tx.send([create("op-up", 1)]));
      const hooks = {
        onBatchSetAside: (_tx: unknown, _b: OutboxBatch, why: string) => reasons.push(why),
      };
      await runtime.runAlarm(async () => {}, hooks);
      // The other operation's batch went out; op-down's second batch waits behind its first.
      expect(delivered.map((d) => d.commands[0])).toEqual(["op-up:node-1:CREATE:1"]);
      expect(runtime.pendingOutbox().map((b) => b.id)).toEqual([
        "op-down:node-1:CREATE:1#1",
        "op-down:node-2:CREATE:1#1",
      ]);
      let now = T0;
      for (let attempt = 2; attempt <= 8; attempt++) {
        now += 3_600_000;
        runtime.clock = at(now);
        await runtime.runAlarm(async () => {}, hooks);
      }
      expect(reasons[0]).toBe(
        "webhook delivery failed after 8 attempts (HTTP 503): batch op-down:node-1:CREATE:1#1 set aside",
      );
      expect(runtime.setAside().map((b) => b.id)).toContain("op-down:node-1:CREATE:1#1");
    });
  });

  it("NUP-3 a provider batch that keeps failing stops at its bound (8 attempts, the deliveries' policy for provider batches): it is set aside, its operation told once, and never sent again", async () => {
    let posts = 0;
    const { fetch } = endpoint(() => {
      posts++;
      return 503;
    });
    const told: string[] = [];
    await runInDurableObject(fleet("bound"), async (_i: FleetObject, state) => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      const runtime = new ObjectRuntime(
        state.storage,
        at(T0),
        new WebhookExecutor(webhookEnv, { fetch }),
      );
      await runtime.commit((tx) => tx.send([create("op-stuck", 1)]));
      // Far more alarms than attempts, an hour apart: nothing is retried past the bound.
      for (let run = 0; run < 3 * PROVIDER_BATCH_ATTEMPTS; run++) {
        runtime.clock = at(T0 + run * 3_600_000);
        await runtime.runAlarm(async () => {}, {
          onBatchSetAside: (_tx, batch, why) => told.push(`${batch.id}: ${why}`),
        });
      }
      quiet.mockRestore();
      expect(runtime.pendingOutbox()).toEqual([]);
      expect(runtime.timers()).toEqual([]);
      expect(runtime.setAside()).toEqual([
        expect.objectContaining({ id: "op-stuck:node-1:CREATE:1#1", attempts: 8 }),
      ]);
    });
    expect(posts).toBe(PROVIDER_BATCH_ATTEMPTS);
    expect(told).toEqual([
      "op-stuck:node-1:CREATE:1#1: webhook delivery failed after 8 attempts (HTTP 503): batch op-stuck:node-1:CREATE:1#1 set aside",
    ]);
  });

  it("NUP-3 a batch at its bound is set aside even when its operation cannot record it (the host throws): never retried forever", async () => {
    let posts = 0;
    const { fetch } = endpoint(() => {
      posts++;
      return 503;
    });
    await runInDurableObject(fleet("bound-unrecorded"), async (_i: FleetObject, state) => {
      const quiet = vi.spyOn(console, "error").mockImplementation(() => {});
      const runtime = new ObjectRuntime(
        state.storage,
        at(T0),
        new WebhookExecutor(webhookEnv, { fetch }),
      );
      await runtime.commit((tx) => tx.send([create("op-lost", 1)]));
      for (let run = 0; run < 2 * PROVIDER_BATCH_ATTEMPTS; run++) {
        runtime.clock = at(T0 + run * 3_600_000);
        await runtime.runAlarm(async () => {}, {
          onBatchSetAside: () => {
            throw new Error("the operation is gone");
          },
        });
      }
      quiet.mockRestore();
      expect(runtime.pendingOutbox()).toEqual([]);
      expect(runtime.timers()).toEqual([]);
      expect(runtime.setAside().map((b) => b.id)).toEqual(["op-lost:node-1:CREATE:1#1"]);
    });
    expect(posts).toBe(PROVIDER_BATCH_ATTEMPTS);
  });

  it("a hanging endpoint times out and the batch is retried later", async () => {
    const { fetch } = endpoint(() => "hang");
    await runInDurableObject(fleet("hang"), async (_i: FleetObject, state) => {
      const runtime = new ObjectRuntime(
        state.storage,
        at(T0),
        new WebhookExecutor(webhookEnv, { fetch, timeoutMs: 50 }),
      );
      const errors = vi.spyOn(console, "error").mockImplementation(() => {});
      await runtime.commit((tx) => tx.send([create("op-slow", 1)]));
      await runtime.runAlarm(async () => {});
      const logged = errors.mock.calls.map((call) => String(call[1]));
      errors.mockRestore();
      // Still in the outbox, its operation's delivery due again after the first backoff.
      expect(runtime.pendingOutbox()).toHaveLength(1);
      expect(runtime.timers()).toEqual([
        expect.objectContaining({
          kind: DELIVERY_TIMER,
          payload: "outbox/op-slow",
          due: T0 + 5_000,
        }),
      ]);
      expect(logged).toContainEqual(expect.stringMatching(/timed out/));
    });
  });

  it("a commit (a read included) never waits for the webhook", async () => {
    const { fetch } = endpoint(() => "hang");
    await runInDurableObject(fleet("read"), async (_i: FleetObject, state) => {
      const runtime = new ObjectRuntime(
        state.storage,
        at(T0),
        new WebhookExecutor(webhookEnv, { fetch, timeoutMs: 60_000 }),
      );
      const answered = await Promise.race([
        (async () => {
          await runtime.commit((tx) => tx.send([create("op-r", 1)]));
          return runtime.commit((tx) => tx.getState("anything") ?? "read");
        })(),
        new Promise((resolve) => setTimeout(() => resolve("still waiting"), 1_000)),
      ]);
      expect(answered).toBe("read");
      expect(runtime.pendingOutbox()).toHaveLength(1);
    });
  });
});
