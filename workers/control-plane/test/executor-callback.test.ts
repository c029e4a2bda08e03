import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { FleetObject } from "../src/objects/fleet/fleet-object.ts";
import type { ObjectWiring } from "../src/objects/wiring.ts";
import { WebhookExecutor } from "../src/providers/webhook-executor.ts";
import { clusterBody, poolBody, seedBasics } from "./fixtures.ts";
import { api, freezeClock, signedCallback, WEBHOOK_ENV, webhookCallback } from "./helpers.ts";

const SECRET = "test-webhook-secret";
const id = "op-00000000-0000-4000-8000-000000000000";
const path = `/v1/operations/${id}/events`;
const body = JSON.stringify({ type: "COMMAND_SUCCEEDED", commandId: `${id}:n:CREATE:1` });

const signed = signedCallback;

const fleetStub = (fleet: string) => env.FLEET.get(env.FLEET.idFromName(fleet));

/**
 * Makes the fleet's object send its commands to an executor (a stub that takes every
 * batch), as a webhook deployment does, so its commands await reports.
 */
async function useExecutor(fleet = "prod"): Promise<void> {
  await runInDurableObject(fleetStub(fleet), (instance: FleetObject) => {
    const wiring = (instance as unknown as { wiring: ObjectWiring }).wiring;
    const fetch: typeof globalThis.fetch = async () => new Response(null, { status: 202 });
    wiring.hooks.executor = () => new WebhookExecutor(WEBHOOK_ENV, { fetch });
    wiring.restart();
  });
}

/** The commands of operation `op` the fleet sent and awaits a report on. */
async function awaited(op: string, fleet = "prod"): Promise<string[]> {
  return runInDurableObject(fleetStub(fleet), (_instance, state) =>
    state.storage.sql
      .exec<{ command: string }>(
        "SELECT command FROM awaited WHERE command LIKE ? ORDER BY at, command",
        `${op}:%`,
      )
      .toArray()
      .map((row) => row.command),
  );
}

afterEach(async () => {
  await runInDurableObject(fleetStub("prod"), (instance: FleetObject, state) => {
    (instance as unknown as { wiring: ObjectWiring }).wiring.hooks = {};
    return state.storage.deleteAlarm();
  });
});

/** A surge upgrade of a one-node pool in a fleet whose commands go to an executor. */
async function poolUpgrade(cluster: string): Promise<string> {
  await seedBasics();
  await freezeClock();
  await useExecutor();
  expect(
    (
      await api("PUT", `/v1/clusters/${cluster}`, {
        body: clusterBody({ version: "1.21.14-gke.4300" }),
      })
    ).status,
  ).toBe(201);
  expect(
    (await api("PUT", `/v1/clusters/${cluster}/node-pools/p`, { body: poolBody({ nodeCount: 1 }) }))
      .status,
  ).toBe(201);
  const started = await api("POST", `/v1/clusters/${cluster}/node-pools/p/upgrade`, { body: {} });
  expect(started.status).toBe(202);
  return started.body.id as string;
}

describe("the executor callback authenticates by signature, not by bearer token", () => {
  it("a bad signature is a 401 problem even with an admin bearer token", async () => {
    const res = await api("POST", path, {
      body,
      headers: {
        "x-regatta-timestamp": String(Math.floor(Date.now() / 1000)),
        "x-regatta-signature": `sha256=${"0".repeat(64)}`,
      },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body).toMatchObject({ status: 401, detail: "missing or bad X-Regatta-Signature" });
  });

  it("a signed callback needs no bearer token; an unknown operation is a 404", async () => {
    const res = await webhookCallback(path, body, await signed(path, body));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ detail: `operation ${id} does not exist` });
  });

  it("other methods on the callback's path still need a bearer token", async () => {
    const res = await api("GET", path, { token: null });
    expect(res.status).toBe(401);
  });

  it("a callback signed the old way (body only, no timestamp) is a 401", async () => {
    const { hex } = await import("../src/auth/secrets.ts");
    const key = await crypto.subtle.importKey(
      "raw",
      new TextEncoder().encode(SECRET),
      { name: "HMAC", hash: "SHA-256" },
      false,
      ["sign"],
    );
    const mac = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(body));
    const res = await api("POST", path, {
      token: null,
      body,
      headers: { "x-regatta-signature": `sha256=${hex(new Uint8Array(mac))}` },
    });
    expect(res.status).toBe(401);
  });

  it("the signature covers the path: one signed for another operation is a 401", async () => {
    const other = "/v1/operations/op-other/events";
    const res = await api("POST", path, { token: null, body, headers: await signed(other, body) });
    expect(res.status).toBe(401);
  });

  it("a timestamp more than 5 minutes from the receiver's wall clock is a 401, past or future", async () => {
    for (const skew of [-301_000, 301_000]) {
      const res = await api("POST", path, {
        token: null,
        body,
        headers: await signed(path, body, { at: Date.now() + skew }),
      });
      expect(res.status).toBe(401);
      expect(res.body.detail).toMatch(/X-Regatta-Timestamp .* more than 5 minutes/);
    }
  });

  it("a replay within the 5-minute window is acknowledged and ignored; after it, a 401", async () => {
    const op = await poolUpgrade("cb");
    const [command] = await awaited(op);
    expect(command).toMatch(new RegExp(`^${op}:`));
    const opPath = `/v1/operations/${op}/events`;
    const event = JSON.stringify({
      type: "COMMAND_FAILED",
      commandId: command,
      reason: "FAILED",
      message: "reported by the executor",
    });
    const headers = await signed(opPath, event, { at: Date.now() - 200_000 });
    const first = await webhookCallback(opPath, event, headers);
    expect(first).toMatchObject({ status: 202, body: { applied: true } });
    const replay = await webhookCallback(opPath, event, headers);
    expect(replay).toMatchObject({ status: 202, body: { applied: false } });
    const late = await webhookCallback(
      opPath,
      event,
      await signed(opPath, event, { at: Date.now() - 400_000 }),
    );
    expect(late.status).toBe(401);
  });

  it("SEC-7 a report on a command the fleet never sent, or one already answered, is a 409 and changes nothing; a repeat of a taken report stays a 202", async () => {
    const op = await poolUpgrade("cb-forged");
    const [command] = await awaited(op);
    const opPath = `/v1/operations/${op}/events`;
    const before = await api("GET", `/v1/operations/${op}`);
    // A forged soak-check failure: the fleet sent no such HEALTH_CHECK.
    const forged = JSON.stringify({
      type: "COMMAND_FAILED",
      commandId: `${op}:soak:HEALTH_CHECK`,
      reason: "HEALTH_CHECK_FAIL",
      message: "forged",
    });
    const refused = await webhookCallback(opPath, forged, await signed(opPath, forged));
    expect(refused.status).toBe(409);
    expect(refused.body.rule).toBe("SEC-7");
    expect(refused.body.detail).toMatch(/^SEC-7: command .* is not awaiting a report/);
    const after = await api("GET", `/v1/operations/${op}`);
    expect(after.body.state).toBe(before.body.state);
    expect(after.body.events).toEqual(before.body.events);
    expect(after.body.state).not.toMatch(/ROLL/);

    const done = JSON.stringify({ type: "COMMAND_SUCCEEDED", commandId: command });
    expect(await webhookCallback(opPath, done, await signed(opPath, done))).toMatchObject({
      status: 202,
      body: { applied: true },
    });
    expect(await awaited(op)).not.toContain(command);
    expect(await webhookCallback(opPath, done, await signed(opPath, done))).toMatchObject({
      status: 202,
      body: { applied: false },
    });
    // Answered once: a contradicting report afterwards is refused, not applied.
    const late = JSON.stringify({
      type: "COMMAND_FAILED",
      commandId: command,
      reason: "FAILED",
      message: "too late",
    });
    const lateAnswer = await webhookCallback(opPath, late, await signed(opPath, late));
    expect(lateAnswer.status).toBe(409);
  });

  it("SEC-7 in sim mode the callback is a 409: the simulator reports its own commands", async () => {
    const op = await poolUpgrade("cb-sim");
    const [command] = await awaited(op);
    const opPath = `/v1/operations/${op}/events`;
    const event = JSON.stringify({ type: "COMMAND_SUCCEEDED", commandId: command });
    const res = await api("POST", opPath, {
      token: null,
      body: event,
      headers: await signed(opPath, event),
    });
    expect(res.status).toBe(409);
    expect(res.body.detail).toMatch(/^SEC-7: the provider is the simulator/);
    expect(await awaited(op)).toContain(command);
  });

  it("SEC-7 a fleet's own executor key signs callbacks on that fleet's operations only; revoked, it signs nothing", async () => {
    const op = await poolUpgrade("cb-keyed");
    await seedBasics("elsewhere");
    const [command] = await awaited(op);
    const opPath = `/v1/operations/${op}/events`;
    const own = await api("POST", "/v1/fleets/prod/executor-key");
    expect(own.status).toBe(201);
    expect(own.headers.get("cache-control")).toBe("no-store");
    expect(own.body).toMatchObject({ fleet: "prod", key: expect.stringMatching(/^rgx_/) });
    const other = await api("POST", "/v1/fleets/elsewhere/executor-key");
    expect(other.status).toBe(201);
    const viewer = await api("POST", "/v1/tokens", {
      body: { name: "key-viewer", role: "viewer" },
    });
    expect(
      (await api("POST", "/v1/fleets/prod/executor-key", { token: viewer.body.token })).status,
    ).toBe(403);

    const report = JSON.stringify({ type: "COMMAND_SUCCEEDED", commandId: command });
    const foreign = await webhookCallback(
      opPath,
      report,
      await signed(opPath, report, { secret: other.body.key }),
    );
    expect(foreign.status).toBe(401);
    expect(await awaited(op)).toContain(command);
    const taken = await webhookCallback(
      opPath,
      report,
      await signed(opPath, report, { secret: own.body.key }),
    );
    expect(taken).toMatchObject({ status: 202, body: { applied: true } });

    expect((await api("DELETE", "/v1/fleets/prod/executor-key")).status).toBe(204);
    const again = await webhookCallback(
      opPath,
      report,
      await signed(opPath, report, { secret: own.body.key }),
    );
    expect(again.status).toBe(401);
    // The deployment-wide key still signs every fleet's callbacks.
    expect(await webhookCallback(opPath, report, await signed(opPath, report))).toMatchObject({
      status: 202,
      body: { applied: false },
    });
  });

  it("LIFE-6 an executor reports a node it passed after a 20-minute best-effort drain; the cluster upgrade records the stuck pods, once", async () => {
    await seedBasics();
    await freezeClock();
    await useExecutor();
    const cluster = await api("PUT", "/v1/clusters/cb-drain", {
      body: clusterBody({ role: "standalone", version: "1.21.11-gke.1100" }),
    });
    expect(cluster.status).toBe(201);
    const started = await api("POST", "/v1/clusters/cb-drain/upgrade", {
      body: { version: "1.21.14-gke.4300" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const op = started.body.id as string;
    const opPath = `/v1/operations/${op}/events`;
    const drained = `${op}:control-plane-node-pool:1`;
    // The executor carries out the preflight and the components before the control plane.
    for (let step = 0; step < 10 && !(await awaited(op)).includes(drained); step++) {
      for (const command of await awaited(op)) {
        const done = JSON.stringify({ type: "COMMAND_SUCCEEDED", commandId: command });
        expect((await webhookCallback(opPath, done, await signed(opPath, done))).status).toBe(202);
      }
      await fleetStub("prod").tick();
    }
    expect(await awaited(op)).toContain(drained);
    const event = JSON.stringify({
      type: "DRAIN_PASSED",
      commandId: `${op}:control-plane-node-pool:1`,
      node: "cb-drain-cp-2",
      stuckPods: ["payments/ledger-0", "payments/ledger-1"],
    });
    const first = await webhookCallback(opPath, event, await signed(opPath, event));
    expect(first).toMatchObject({ status: 202, body: { applied: true } });
    const again = await webhookCallback(opPath, event, await signed(opPath, event));
    expect(again).toMatchObject({ status: 202, body: { applied: false } });
    const view = await api("GET", `/v1/operations/${op}`);
    const passed = (view.body.events as { message: string }[]).filter((e) =>
      e.message.startsWith("LIFE-6: node cb-drain-cp-2"),
    );
    expect(passed.map((e) => e.message)).toEqual([
      "LIFE-6: node cb-drain-cp-2 of control-plane-node-pool drained over 20 minutes; passed with stuck pods: payments/ledger-0, payments/ledger-1",
    ]);
  });
});
