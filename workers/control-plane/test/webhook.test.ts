import { env, runInDurableObject } from "cloudflare:test";
import type { ProviderCommand } from "@regatta/engine";
import { sign, verify } from "@regatta/protocol";
import { afterEach, describe, expect, it } from "vitest";
import { simClock } from "../src/clock/clock.ts";
import type { Env } from "../src/env.ts";
import type { FleetObject } from "../src/objects/fleet/fleet-object.ts";
import type { ObjectWiring } from "../src/objects/wiring.ts";
import { WebhookExecutor } from "../src/providers/webhook-executor.ts";
import { ObjectRuntime } from "../src/runtime/runtime.ts";
import { clusterBody, poolBody, seedBasics } from "./fixtures.ts";
import { advanceClock, api, freezeClock } from "./helpers.ts";

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

type Fetch = typeof globalThis.fetch;

/** Makes a fleet's object carry commands to a webhook endpoint stub (the worker runs the sim). */
async function useWebhook(fleet: string, fetch: Fetch): Promise<void> {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(fleet)), (instance: FleetObject) => {
    const wiring = (instance as unknown as { wiring: ObjectWiring }).wiring;
    wiring.hooks.executor = () => new WebhookExecutor(webhookEnv, { fetch });
    wiring.restart();
  });
}

const hanging: Fetch = (_input, init) =>
  new Promise((_resolve, reject) => {
    init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
  });

afterEach(async () => {
  for (const name of ["webhook", "wh-reason", "wh-read"]) {
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName(name)), (i: FleetObject, state) => {
      (i as unknown as { wiring: ObjectWiring }).wiring.hooks = {};
      return state.storage.deleteAlarm();
    });
  }
});

describe("webhook provider", () => {
  it("POSTs each batch keyed by its id, signed over timestamp, method, path and body", async () => {
    const seen: Request[] = [];
    const fetch: Fetch = async (input, init) => {
      seen.push(new Request(input as RequestInfo, init));
      return new Response(null, { status: 202 });
    };
    await new WebhookExecutor(webhookEnv, { fetch }).execute(
      { id: "b1", commands: [drain] },
      { now: 0, transact: (f) => f({} as never) },
    );
    expect(seen).toHaveLength(1);
    const request = seen[0]!;
    const body = await request.text();
    expect(JSON.parse(body).commands).toEqual([drain]);
    expect(request.headers.get("idempotency-key")).toBe("b1");
    const timestamp = Number(request.headers.get("x-regatta-timestamp"));
    expect(Math.abs(timestamp - Date.now() / 1000)).toBeLessThan(5);
    const header = request.headers.get("x-regatta-signature") ?? undefined;
    const message = { timestamp, method: "POST", path: "/commands", body };
    expect(await verify("s3cret", message, header)).toBe(true);
    expect(await verify("other", message, header)).toBe(false);
    expect(await verify("s3cret", { ...message, path: "/other" }, header)).toBe(false);
    expect(await verify("s3cret", { ...message, timestamp: timestamp + 1 }, header)).toBe(false);
  });

  it("a refused delivery stays in the outbox and is retried with the same command ids", async () => {
    const statuses = [503, 200];
    const bodies: string[] = [];
    const fetch: Fetch = async (_input, init) => {
      bodies.push(String(init?.body));
      return new Response(null, { status: statuses.shift() ?? 200 });
    };
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName("webhook")), async (_i, state) => {
      const at = (ms: number) => simClock({ anchorWallMs: 0, anchorVirtualMs: ms, speed: 0 });
      const runtime = new ObjectRuntime(
        state.storage,
        at(1_000_000),
        new WebhookExecutor(webhookEnv, { fetch }),
      );
      await runtime.commit((tx) => tx.send([drain]));
      await runtime.drainOutbox();
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

  it("signatures are sha256=<hex> over the exact message", async () => {
    const message = { timestamp: 1_700_000_000, method: "POST", path: "/x", body: "{}" };
    const signature = await sign("k", message);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(await verify("k", { ...message, body: "{} " }, signature)).toBe(false);
  });

  it("a batch the endpoint answers 400 is set aside and the operation says why, led by the rule and the failed step", async () => {
    await seedBasics("wh-reason");
    await freezeClock();
    const statuses: number[] = [];
    await useWebhook("wh-reason", async () => {
      statuses.push(400);
      return new Response("no such pool", { status: 400 });
    });
    await api("PUT", "/v1/clusters/wh1", {
      body: clusterBody({ fleet: "wh-reason", version: "1.21.14-gke.4300" }),
    });
    await api("PUT", "/v1/clusters/wh1/node-pools/p", {
      body: poolBody({ nodeCount: 1, zones: ["europe-west1-b"] }),
    });
    const started = await api("POST", "/v1/clusters/wh1/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    const stub = env.FLEET.get(env.FLEET.idFromName("wh-reason"));
    let op = started.body;
    for (let step = 0; step < 20 && op.state === "RUNNING"; step++) {
      await stub.tick();
      await advanceClock(60);
      op = (await api("GET", `/v1/operations/${op.id}`)).body;
    }
    // A permanent refusal is not retried blindly: one POST per batch, the engine's own
    // retries of the step (NUP-7) send new batches.
    expect(statuses.length).toBeGreaterThan(0);
    expect(op.state).toBe("FAILED");
    expect(op.error).toMatch(
      /^NUP-3: CREATE of \S+ failed 3 times: FAILED webhook delivery failed after 1 attempt \(HTTP 400\): batch \S+ set aside$/,
    );
    expect(op.events.map((e: { message: string }) => e.message)).toContainEqual(
      expect.stringMatching(
        /^CREATE of \S+ failed 3 times: FAILED webhook delivery failed after 1 attempt/,
      ),
    );
    const inspected = await runInDurableObject(stub, async (instance: FleetObject) => {
      const wiring = (instance as unknown as { wiring: ObjectWiring }).wiring;
      return (await wiring.ready()).setAside();
    });
    expect(inspected).toHaveLength(statuses.length);
  });

  it("starting an upgrade and reading it answer while the webhook endpoint hangs", async () => {
    await seedBasics("wh-read");
    await freezeClock();
    await useWebhook("wh-read", hanging);
    await api("PUT", "/v1/clusters/wh2", {
      body: clusterBody({ fleet: "wh-read", version: "1.21.14-gke.4300" }),
    });
    await api("PUT", "/v1/clusters/wh2/node-pools/p", { body: poolBody({ nodeCount: 1 }) });
    const answered = await Promise.race([
      (async () => {
        const started = await api("POST", "/v1/clusters/wh2/node-pools/p/upgrade", { body: {} });
        return (await api("GET", `/v1/operations/${started.body.id}`)).status;
      })(),
      new Promise((resolve) => setTimeout(() => resolve("still waiting"), 3_000)),
    ]);
    expect(answered).toBe(200);
  });
});
