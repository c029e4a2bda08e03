import { env, runInDurableObject } from "cloudflare:test";
import type { ProviderCommand } from "@regatta/engine";
import { afterEach, describe, expect, it, vi } from "vitest";
import { simClock } from "../src/clock/clock.ts";
import type { Env } from "../src/env.ts";
import { ObjectRuntime } from "../src/objects/runtime/runtime.ts";
import { sign, verify } from "../src/providers/signature.ts";
import { WebhookExecutor } from "../src/providers/webhook-executor.ts";

const drain: ProviderCommand = {
  id: "op-1:n1:DRAIN:1",
  type: "DRAIN_NODE",
  cluster: "c1",
  pool: "p1",
  node: "n1",
  respectPdb: true,
  graceSeconds: 3600,
};

const webhookEnv = {
  ...env,
  REGATTA_PROVIDER: "webhook",
  WEBHOOK_URL: "https://executor.example/commands",
  WEBHOOK_SECRET: "s3cret",
} as Env;

afterEach(() => {
  vi.restoreAllMocks();
});

describe("webhook provider", () => {
  it("POSTs each batch signed with HMAC-SHA256 and keyed by its id", async () => {
    const seen: Request[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      seen.push(new Request(input as RequestInfo, init));
      return new Response(null, { status: 202 });
    });
    await new WebhookExecutor(webhookEnv).execute(
      { id: "b1", commands: [drain] },
      { now: 0, transact: (f) => f({} as never) },
    );
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    const body = await request.text();
    expect(JSON.parse(body).commands).toEqual([drain]);
    expect(request.headers.get("idempotency-key")).toBe("b1");
    expect(
      await verify("s3cret", body, request.headers.get("x-regatta-signature") ?? undefined),
    ).toBe(true);
    expect(
      await verify("other", body, request.headers.get("x-regatta-signature") ?? undefined),
    ).toBe(false);
  });

  it("a refused delivery stays in the outbox and is retried with the same command ids", async () => {
    const statuses = [503, 200];
    const bodies: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (_input, init) => {
      bodies.push(String(init?.body));
      return new Response(null, { status: statuses.shift() ?? 200 });
    });
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName("webhook")), async (_i, state) => {
      const at = (ms: number) => simClock({ anchorWallMs: 0, anchorVirtualMs: ms, speed: 0 });
      const runtime = new ObjectRuntime(
        state.storage,
        at(1_000_000),
        new WebhookExecutor(webhookEnv),
      );
      await runtime.commit((tx) => tx.send([drain]));
      expect(runtime.pendingOutbox()).toHaveLength(1);
      runtime.clock = at(1_000_000 + 10_000);
      await runtime.drainOutbox();
      expect(runtime.pendingOutbox()).toHaveLength(0);
      await state.storage.deleteAlarm();
    });
    expect(bodies).toHaveLength(2);
    expect(JSON.parse(bodies[0]!).commands[0].id).toBe(drain.id);
    expect(JSON.parse(bodies[1]!).commands[0].id).toBe(drain.id);
  });

  it("signatures are sha256=<hex> over the exact body", async () => {
    const signature = await sign("k", "{}");
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verify("k", "{} ", signature)).toBe(false);
  });
});
