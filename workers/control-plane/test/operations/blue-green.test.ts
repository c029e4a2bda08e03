import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advanceUntil,
  clusterWithPool,
  NEW,
  nodesOf,
  OLD,
  useNodePoolFixtures,
} from "./helpers.ts";

useNodePoolFixtures();

describe("node-pool upgrades through the API: blue-green (NUP-8, NUP-9)", () => {
  it("NUP-8 a blue-green upgrade colours nodes BLUE and GREEN and `complete` skips the pool soak (NUP-9)", async () => {
    await clusterWithPool("u-bg", {
      nodeCount: 2,
      upgradeStrategy: {
        type: "BLUE_GREEN",
        batchNodeCount: 2,
        batchSoakSeconds: 0,
        nodePoolSoakSeconds: 86_400,
      },
    });
    const started = await api("POST", "/v1/clusters/u-bg/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    expect(started.body.strategy).toBe("BLUE_GREEN");
    const soaking = await advanceUntil(started.body.id, (o) => o.phase === "SOAKING_POOL", {
      stepSeconds: 60,
    });
    expect(soaking.state).toBe("RUNNING");
    const nodes = await nodesOf("u-bg", "p");
    expect(nodes.filter((n) => n.color === "BLUE")).toHaveLength(4);
    expect(nodes.filter((n) => n.color === "GREEN")).toHaveLength(4);
    expect(nodes.filter((n) => n.color === "BLUE").every((n) => n.state !== "READY")).toBe(true);

    const completed = await api("POST", "/v1/clusters/u-bg/node-pools/p/complete");
    expect(completed.status).toBe(200);
    const done = await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 60,
    });
    expect(done.phase).toBe("DONE");
    const after = await nodesOf("u-bg", "p");
    expect(after).toHaveLength(4);
    expect(after.every((n) => n.version === NEW)).toBe(true);
  });

  it("NUP-8 a soak above 7 days is accepted and capped: the total soak stops at 604,800 s and blue's deletion starts at once, the reason in the events", async () => {
    await clusterWithPool("u-bg-cap", {
      nodeCount: 1,
      upgradeStrategy: {
        type: "BLUE_GREEN",
        batchNodeCount: 1,
        batchSoakSeconds: 5 * 86_400,
        nodePoolSoakSeconds: 10 * 86_400,
      },
    });
    const pool = await api("GET", "/v1/clusters/u-bg-cap/node-pools/p");
    expect(pool.body.upgradeStrategy).toMatchObject({
      batchSoakSeconds: 432_000,
      nodePoolSoakSeconds: 864_000,
    });
    const started = await api("POST", "/v1/clusters/u-bg-cap/node-pools/p/upgrade", { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const done = await advanceUntil(started.body.id, (o) => o.state !== "RUNNING", {
      stepSeconds: 6 * 3600,
      maxSteps: 40,
    });
    expect(done.state).toBe("SUCCEEDED");
    const messages = done.events.map((e) => e.message);
    // Two batches of 5 days and 10 days of pool soak: 20 days asked, 7 waited.
    expect(messages.some((m) => /total soak 1728000 s \(reaches 7 days/.test(m))).toBe(true);
    expect(messages).toContain("NUP-8: total soak reached 7 days: deleting blue now");
    const took = Date.parse(done.events.at(-1)?.at ?? "") - Date.parse(done.events[0]?.at ?? "");
    expect(took).toBeLessThan(8 * 86_400_000);
  });

  it("NUP-8 the green pool must fit the zone's CPU and IP quotas, not only its node quota", async () => {
    const zone = "europe-west1-d";
    const putZone = (quota: Record<string, number>) =>
      api("PUT", `/v1/zones/${zone}`, { body: { region: "europe-west1", quota } });
    // 2 blue nodes of 4 vCPU use 8 of 12 vCPU: green (2 more) needs 16.
    expect((await putZone({ nodes: 100, cpuMillis: 12_000 })).status).toBeLessThan(300);
    await clusterWithPool("u-bg-cpu", {
      nodeCount: 2,
      zones: [zone],
      upgradeStrategy: { type: "BLUE_GREEN", batchNodeCount: 1 },
    });
    const cpu = await api("POST", "/v1/clusters/u-bg-cpu/node-pools/p/upgrade", { body: {} });
    expect(cpu.status).toBe(422);
    expect(cpu.headers.get("content-type")).toBe("application/problem+json");
    expect(cpu.body).toMatchObject({ rule: "NUP-8" });
    expect(cpu.body.detail).toMatch(
      /needs 2 nodes in europe-west1-d but only 1 fit the zone's CPU quota/,
    );

    await putZone({ nodes: 100, cpuMillis: 16_000, ips: 3 });
    const ips = await api("POST", "/v1/clusters/u-bg-cpu/node-pools/p/upgrade", { body: {} });
    expect(ips.status).toBe(422);
    expect(ips.body.detail).toMatch(/only 1 fit the zone's IP address quota/);

    await putZone({ nodes: 100, cpuMillis: 16_000, ips: 4 });
    const started = await api("POST", "/v1/clusters/u-bg-cpu/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    expect((await api("GET", `/v1/operations/${started.body.id}`)).body.state).toBe("RUNNING");
  });

  it("NUP-9 a blue-green upgrade that failed draining blue rolls back, and the inventory follows the rollback", async () => {
    await clusterWithPool("u-bg-fail", {
      nodeCount: 2,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "BLUE_GREEN", batchNodeCount: 1 },
    });
    await api("PUT", "/v1/sim/faults/drain-u-bg-fail", {
      body: { match: { cluster: "u-bg-fail", operation: "DRAIN_NODE" }, effect: "FAIL", times: 3 },
    });
    const started = await api("POST", "/v1/clusters/u-bg-fail/node-pools/p/upgrade", {
      body: {},
    });
    const failed = await advanceUntil(started.body.id, (o) => o.state === "FAILED", {
      stepSeconds: 30,
    });
    expect(failed.phase).toBe("DRAINING_BLUE");
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    // Written back as it failed: blue and green side by side.
    expect(await nodesOf("u-bg-fail", "p")).toHaveLength(4);

    expect((await api("POST", "/v1/clusters/u-bg-fail/node-pools/p/rollback")).status).toBe(200);
    await advanceUntil(started.body.id, (o) => o.state === "ROLLED_BACK", { stepSeconds: 30 });
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    const nodes = await nodesOf("u-bg-fail", "p");
    expect(nodes.map((n) => [n.version, n.state])).toEqual([
      [OLD, "READY"],
      [OLD, "READY"],
    ]);
    await api("DELETE", "/v1/sim/faults/drain-u-bg-fail");
  });

  it("NUP-9 a blue-green upgrade deleting blue (phase 5) cannot be cancelled", async () => {
    await clusterWithPool("u-bg5", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "BLUE_GREEN", nodePoolSoakSeconds: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-bg5/node-pools/p/upgrade", { body: {} });
    await advanceUntil(started.body.id, (o) => o.phase === "DELETING_BLUE", { stepSeconds: 20 });
    const res = await api("POST", "/v1/clusters/u-bg5/node-pools/p/cancel");
    expect(res.status).toBe(409);
    expect(res.body.rule).toBe("NUP-9");
  });
});
