import { describe, expect, it } from "vitest";
import { clusterBody, poolBody, seedBasics } from "./fixtures.ts";
import { api, freezeClock, signedCallback } from "./helpers.ts";

const SECRET = "test-webhook-secret";
const id = "op-00000000-0000-4000-8000-000000000000";
const path = `/v1/operations/${id}/events`;
const body = JSON.stringify({ type: "COMMAND_SUCCEEDED", commandId: `${id}:n:CREATE:1` });

const signed = signedCallback;

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
    const res = await api("POST", path, { token: null, body, headers: await signed(path, body) });
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
    await seedBasics();
    await freezeClock();
    expect(
      (await api("PUT", "/v1/clusters/cb", { body: clusterBody({ version: "1.21.14-gke.4300" }) }))
        .status,
    ).toBe(201);
    expect(
      (await api("PUT", "/v1/clusters/cb/node-pools/p", { body: poolBody({ nodeCount: 1 }) }))
        .status,
    ).toBe(201);
    const started = await api("POST", "/v1/clusters/cb/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    const op = started.body.id as string;
    const opPath = `/v1/operations/${op}/events`;
    const event = JSON.stringify({
      type: "COMMAND_FAILED",
      commandId: `${op}:external:CREATE:1`,
      reason: "FAILED",
      message: "reported by the executor",
    });
    const headers = await signed(opPath, event, { at: Date.now() - 200_000 });
    const first = await api("POST", opPath, { token: null, body: event, headers });
    expect(first).toMatchObject({ status: 202, body: { applied: true } });
    const replay = await api("POST", opPath, { token: null, body: event, headers });
    expect(replay).toMatchObject({ status: 202, body: { applied: false } });
    const late = await api("POST", opPath, {
      token: null,
      body: event,
      headers: await signed(opPath, event, { at: Date.now() - 400_000 }),
    });
    expect(late.status).toBe(401);
  });

  it("LIFE-6 an executor reports a node it passed after a 20-minute best-effort drain; the cluster upgrade records the stuck pods, once", async () => {
    await seedBasics();
    await freezeClock();
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
    const event = JSON.stringify({
      type: "DRAIN_PASSED",
      commandId: `${op}:control-plane-node-pool:1`,
      node: "cb-drain-cp-2",
      stuckPods: ["payments/ledger-0", "payments/ledger-1"],
    });
    const first = await api("POST", opPath, {
      token: null,
      body: event,
      headers: await signed(opPath, event),
    });
    expect(first).toMatchObject({ status: 202, body: { applied: true } });
    const again = await api("POST", opPath, {
      token: null,
      body: event,
      headers: await signed(opPath, event),
    });
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
