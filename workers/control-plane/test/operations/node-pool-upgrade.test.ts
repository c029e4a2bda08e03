import { env, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { sign } from "../../src/providers/signature.ts";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";
import { advanceUntil, nodesOf } from "./helpers.ts";

const OLD = "1.21.11-gke.1100";
const NEW = "1.21.14-gke.4300";

beforeAll(async () => {
  await seedBasics();
  await freezeClock(Date.parse("2026-01-05T00:00:00Z"));
});

afterEach(async () => {
  await runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) =>
    state.storage.deleteAlarm(),
  );
});

/** Whether node listings ask the fleet object for the operation's pool (D1 index). */
async function isLive(id: string): Promise<boolean> {
  const row = await env.DB.prepare("SELECT live FROM operations WHERE id = ?").bind(id).first();
  return row?.live === 1;
}

async function clusterWithPool(
  cluster: string,
  pool: Record<string, unknown>,
  clusterOverrides: Record<string, unknown> = {},
) {
  expect(
    (
      await api("PUT", `/v1/clusters/${cluster}`, {
        body: clusterBody({ version: NEW, ...clusterOverrides }),
      })
    ).status,
  ).toBe(201);
  const res = await api("PUT", `/v1/clusters/${cluster}/node-pools/p`, {
    body: poolBody({ version: OLD, ...pool }),
  });
  expect(res.status).toBe(201);
}

describe("node-pool upgrades through the API", () => {
  it("NUP-3 NUP-5 a surge upgrade replaces every node within n..n+s per zone and writes the pool back", async () => {
    await clusterWithPool("u-surge", {
      nodeCount: 3,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-surge/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({
      kind: "NODE_POOL_UPGRADE",
      strategy: "SURGE",
      state: "RUNNING",
      progress: { done: 0, total: 6 },
    });

    const states = new Set<string>();
    const op = await advanceUntil(started.body.id, (current) => current.state === "SUCCEEDED", {
      stepSeconds: 30,
      // Between steps: every zone holds n..n+s nodes that are not being deleted.
      inspect: async () => {
        const nodes = await nodesOf("u-surge", "p");
        for (const zone of ["europe-west1-b", "europe-west1-c"]) {
          const live = nodes.filter((n) => n.zone === zone && n.state !== "DELETING");
          expect(live.length).toBeGreaterThanOrEqual(3);
          expect(live.length).toBeLessThanOrEqual(4);
        }
        for (const node of nodes) states.add(node.state);
      },
    });
    expect(op.progress).toEqual({ done: 6, total: 6 });
    // NUP-3: new nodes were provisioned, old ones cordoned and drained on the way.
    expect([...states]).toEqual(expect.arrayContaining(["READY", "PROVISIONING"]));
    const nodes = await nodesOf("u-surge", "p");
    expect(nodes).toHaveLength(6);
    expect(nodes.every((n) => n.version === NEW && n.state === "READY")).toBe(true);
    // The inventory follows once the write-back ran.
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    expect((await api("GET", "/v1/clusters/u-surge/node-pools/p")).body.version).toBe(NEW);
  });

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

  it("NUP-4 a reserved pool recreates its nodes into its reservation while a rival pool waits for quota (NUP-6)", async () => {
    const zone = "europe-west1-e";
    const ok = (res: { status: number }) => expect(res.status).toBeLessThan(300);
    ok(
      await api("PUT", "/v1/machine-types/n2-reserved", {
        body: { cpuMillis: 2000, memoryMiB: 8192, pricePerHour: 0.1 },
      }),
    );
    ok(
      await api("PUT", `/v1/zones/${zone}`, {
        body: { region: "europe-west1", quota: { nodes: 2 } },
      }),
    );
    ok(
      await api("PUT", "/v1/reservations/res-e", {
        body: { zone, machineType: "n2-reserved", count: 2 },
      }),
    );
    ok(await api("PUT", "/v1/clusters/u-res", { body: clusterBody({ version: NEW }) }));
    const pool = (machineType: string, maxSurge: number, maxUnavailable: number) =>
      poolBody({
        version: OLD,
        machineType,
        zones: [zone],
        nodeCount: 2,
        upgradeStrategy: { type: "SURGE", maxSurge, maxUnavailable },
      });
    // 2 reserved nodes and 2 on quota: the zone (2 quota + 2 reserved) is full.
    ok(
      await api("PUT", "/v1/clusters/u-res/node-pools/reserved", {
        body: pool("n2-reserved", 0, 1),
      }),
    );
    ok(
      await api("PUT", "/v1/clusters/u-res/node-pools/rival", {
        body: pool("e2-standard-4", 1, 0),
      }),
    );

    // The reserved pool's first recreate fails for good: one node is deleted, and its
    // reserved capacity must survive until the upgrade is resumed.
    ok(
      await api("PUT", "/v1/sim/faults/create-u-res", {
        body: {
          match: { cluster: "u-res", pool: "reserved", operation: "CREATE_NODE" },
          effect: "FAIL",
          times: 3,
        },
      }),
    );
    const reserved = await api("POST", "/v1/clusters/u-res/node-pools/reserved/upgrade", {
      body: {},
    });
    await advanceUntil(reserved.body.id, (o) => o.state === "FAILED", { stepSeconds: 30 });

    const rival = await api("POST", "/v1/clusters/u-res/node-pools/rival/upgrade", { body: {} });
    const waiting = await advanceUntil(rival.body.id, (o) => (o.reason ?? "").startsWith("NUP-6"), {
      stepSeconds: 10,
    });
    expect(waiting.progress.done).toBe(0);

    ok(await api("POST", "/v1/clusters/u-res/node-pools/reserved/resume"));
    const done = await advanceUntil(reserved.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 30,
    });
    expect(done.events.some((e) => e.message.startsWith("NUP-6"))).toBe(false);
    const stillWaiting = (await api("GET", `/v1/operations/${rival.body.id}`)).body;
    expect(stillWaiting.progress.done).toBe(0);
    expect(stillWaiting.reason).toMatch(/^NUP-6: no capacity/);

    // More quota: the sim takes the new limit and the rival carries on.
    ok(
      await api("PUT", `/v1/zones/${zone}`, {
        body: { region: "europe-west1", quota: { nodes: 3 } },
      }),
    );
    const after = await advanceUntil(rival.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 60,
    });
    expect(after.progress).toEqual({ done: 2, total: 2 });
    await api("DELETE", "/v1/sim/faults/create-u-res");
  });

  it("NUP-7 cancel pauses a surge upgrade, rollback reverts upgraded nodes, a finished one cannot roll back", async () => {
    await clusterWithPool("u-rb", {
      nodeCount: 3,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1 },
    });
    const started = await api("POST", "/v1/clusters/u-rb/node-pools/p/upgrade", { body: {} });
    await advanceUntil(started.body.id, (o) => o.progress.done >= 1, { stepSeconds: 30 });
    const cancelled = await api("POST", "/v1/clusters/u-rb/node-pools/p/cancel");
    expect(cancelled.status).toBe(200);
    const paused = await advanceUntil(started.body.id, (o) => o.state === "CANCELLED", {
      stepSeconds: 30,
    });
    const mixed = await nodesOf("u-rb", "p");
    expect(new Set(mixed.map((n) => n.version)).size).toBe(2);
    expect(paused.state).toBe("CANCELLED");

    const rolled = await api("POST", "/v1/clusters/u-rb/node-pools/p/rollback");
    expect(rolled.status).toBe(200);
    await advanceUntil(started.body.id, (o) => o.state === "ROLLED_BACK", { stepSeconds: 30 });
    expect((await nodesOf("u-rb", "p")).every((n) => n.version === OLD)).toBe(true);
  });

  it("NUP-7 a failed surge upgrade resumes: the failed node is retried, the pool finishes and is written back", async () => {
    await clusterWithPool("u-fail-resume", { nodeCount: 2, zones: ["europe-west1-b"] });
    await api("PUT", "/v1/sim/faults/create-u-fail-resume", {
      body: {
        match: { cluster: "u-fail-resume", operation: "CREATE_NODE" },
        effect: "FAIL",
        times: 3,
      },
    });
    const started = await api("POST", "/v1/clusters/u-fail-resume/node-pools/p/upgrade", {
      body: {},
    });
    const failed = await advanceUntil(started.body.id, (o) => o.state === "FAILED", {
      stepSeconds: 30,
    });
    expect(failed.progress.done).toBe(0);
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    // Written back: node listings read the pool from the inventory again.
    expect(await isLive(started.body.id)).toBe(false);
    const resumed = await api("POST", "/v1/clusters/u-fail-resume/node-pools/p/resume");
    expect(resumed.status).toBe(200);
    expect(resumed.body.state).toBe("RUNNING");
    expect(await isLive(started.body.id)).toBe(true);
    const done = await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 60,
    });
    expect(done.progress).toEqual({ done: 2, total: 2 });
    expect(done.events.map((e) => e.message)).toContainEqual(
      expect.stringMatching(/^NUP-7: resumed after failure; retrying 1 failed nodes/),
    );
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    expect((await api("GET", "/v1/clusters/u-fail-resume/node-pools/p")).body.version).toBe(NEW);
    const nodes = await nodesOf("u-fail-resume", "p");
    expect(nodes.map((n) => [n.version, n.state])).toEqual([
      [NEW, "READY"],
      [NEW, "READY"],
    ]);
    await api("DELETE", "/v1/sim/faults/create-u-fail-resume");
  });

  it("NUP-4 NUP-7 a failed upgrade that deleted a node rolls back: the node is recreated on the old version and the inventory follows", async () => {
    await clusterWithPool("u-fail-rb", {
      nodeCount: 2,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 0, maxUnavailable: 1 },
    });
    await api("PUT", "/v1/sim/faults/create-u-fail-rb", {
      body: {
        match: { cluster: "u-fail-rb", operation: "CREATE_NODE" },
        effect: "FAIL",
        times: 3,
      },
    });
    const started = await api("POST", "/v1/clusters/u-fail-rb/node-pools/p/upgrade", {
      body: {},
    });
    const failed = await advanceUntil(started.body.id, (o) => o.state === "FAILED", {
      stepSeconds: 30,
    });
    expect(failed.reason).toBeUndefined();
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    // NUP-4: the unavailable node was deleted before its replacement failed.
    expect(await nodesOf("u-fail-rb", "p")).toHaveLength(1);

    const rolled = await api("POST", "/v1/clusters/u-fail-rb/node-pools/p/rollback");
    expect(rolled.status).toBe(200);
    expect(rolled.body.state).toBe("RUNNING");
    await advanceUntil(started.body.id, (o) => o.state === "ROLLED_BACK", { stepSeconds: 30 });
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    const nodes = await nodesOf("u-fail-rb", "p");
    expect(nodes.map((n) => [n.version, n.state])).toEqual([
      [OLD, "READY"],
      [OLD, "READY"],
    ]);
    expect((await api("GET", "/v1/clusters/u-fail-rb/node-pools/p")).body.version).toBe(OLD);
    const again = await api("POST", "/v1/clusters/u-fail-rb/node-pools/p/rollback");
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ rule: "NUP-7" });
    await api("DELETE", "/v1/sim/faults/create-u-fail-rb");
  });

  it("NUP-7 a new upgrade waits until a failed upgrade's started nodes have finished", async () => {
    await clusterWithPool("u-fail-busy", { nodeCount: 1 });
    const [inB, inC] = ["europe-west1-b", "europe-west1-c"].map(
      async (zone) => (await nodesOf("u-fail-busy", "p")).find((n) => n.zone === zone)!.name,
    );
    // Zone b's old node cannot be cordoned; zone c's drain hangs until it is forced.
    await api("PUT", "/v1/sim/faults/cordon-u-fail-busy", {
      body: { match: { node: await inB, operation: "CORDON_NODE" }, effect: "FAIL", times: 3 },
    });
    await api("PUT", "/v1/sim/faults/drain-u-fail-busy", {
      body: {
        match: { node: await inC, operation: "DRAIN_NODE" },
        effect: "STUCK_DRAIN",
        times: 1,
      },
    });
    const started = await api("POST", "/v1/clusters/u-fail-busy/node-pools/p/upgrade", {
      body: {},
    });
    await advanceUntil(started.body.id, (o) => o.state === "FAILED", { stepSeconds: 30 });
    const refused = await api("POST", "/v1/clusters/u-fail-busy/node-pools/p/upgrade", {
      body: {},
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toMatch(/1 started nodes are still finishing/);
    // NUP-3: after an hour the drain is forced and zone c's node is replaced after all.
    for (let i = 0; i < 8; i++) await api("POST", "/v1/sim/advance", { body: { seconds: 600 } });
    // Zone b holds its old node beside the surge node whose replacement failed.
    const nodes = await nodesOf("u-fail-busy", "p");
    expect(nodes.map((n) => [n.zone, n.version]).sort()).toEqual([
      ["europe-west1-b", OLD],
      ["europe-west1-b", NEW],
      ["europe-west1-c", NEW],
    ]);
    const halfDone = await api("POST", "/v1/clusters/u-fail-busy/node-pools/p/upgrade", {
      body: {},
    });
    expect(halfDone.status).toBe(409);
    expect(halfDone.body.detail).toMatch(/1 nodes are half-replaced .*resume or roll back/);
    expect((await api("POST", "/v1/clusters/u-fail-busy/node-pools/p/rollback")).status).toBe(200);
    await advanceUntil(started.body.id, (o) => o.state === "ROLLED_BACK", { stepSeconds: 60 });
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    expect((await nodesOf("u-fail-busy", "p")).map((n) => n.version)).toEqual([OLD, OLD]);
    const retried = await api("POST", "/v1/clusters/u-fail-busy/node-pools/p/upgrade", {
      body: {},
    });
    expect(retried.status).toBe(202);
    expect(retried.body.progress).toEqual({ done: 0, total: 2 });
    await api("DELETE", "/v1/sim/faults/cordon-u-fail-busy");
    await api("DELETE", "/v1/sim/faults/drain-u-fail-busy");
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

  it("NUP-7 a completed upgrade cannot be rolled back (409)", async () => {
    await clusterWithPool("u-done", { nodeCount: 1, zones: ["europe-west1-b"] });
    const started = await api("POST", "/v1/clusters/u-done/node-pools/p/upgrade", { body: {} });
    await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", { stepSeconds: 60 });
    const res = await api("POST", "/v1/clusters/u-done/node-pools/p/rollback");
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.rule).toBe("NUP-7");
  });

  it("NUP-10 autoscaled blue-green refuses rollback and needs control plane ≥ 1.34.0-gke.2201000", async () => {
    const abg = {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 },
      upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN" },
    };
    await clusterWithPool("u-abg-old", abg);
    const refused = await api("POST", "/v1/clusters/u-abg-old/node-pools/p/upgrade", { body: {} });
    expect(refused.status).toBe(422);
    expect(refused.body.rule).toBe("NUP-10");
  });

  it("NUP-6 a surge node without quota waits and the pool carries on once capacity returns", async () => {
    await clusterWithPool("u-quota", { nodeCount: 1, zones: ["europe-west1-b"] });
    await api("PUT", "/v1/sim/faults/quota-u", {
      body: {
        match: { cluster: "u-quota", operation: "CREATE_NODE" },
        effect: "QUOTA_EXCEEDED",
        times: 2,
      },
    });
    const started = await api("POST", "/v1/clusters/u-quota/node-pools/p/upgrade", { body: {} });
    const waiting = await advanceUntil(
      started.body.id,
      (o) => (o.reason ?? "").startsWith("NUP-6"),
      { stepSeconds: 10 },
    );
    expect(waiting.state).not.toBe("FAILED");
    const done = await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 60,
    });
    expect(done.progress.done).toBe(1);
    await api("DELETE", "/v1/sim/faults/quota-u");
  });

  it("NUP-7 a second upgrade of a pool under upgrade is a 409", async () => {
    await clusterWithPool("u-twice", { nodeCount: 1, zones: ["europe-west1-b"] });
    expect(
      (await api("POST", "/v1/clusters/u-twice/node-pools/p/upgrade", { body: {} })).status,
    ).toBe(202);
    expect(
      (await api("POST", "/v1/clusters/u-twice/node-pools/p/upgrade", { body: {} })).status,
    ).toBe(409);
  });

  it("VER-7 a node target above the control plane is a 422; bad input is 400; unknown op is 404", async () => {
    await clusterWithPool("u-bad", { nodeCount: 1, zones: ["europe-west1-b"] });
    const above = await api("POST", "/v1/clusters/u-bad/node-pools/p/upgrade", {
      body: { version: "1.22.3-gke.100" },
    });
    expect(above.status).toBe(422);
    expect(above.body.rule).toBe("VER-7");
    expect(
      (
        await api("POST", "/v1/clusters/u-bad/node-pools/p/upgrade", {
          body: { version: "latest" },
        })
      ).status,
    ).toBe(400);
    expect(
      (await api("POST", "/v1/clusters/u-bad/node-pools/p/upgrade", { body: { surge: 3 } })).status,
    ).toBe(400);
    expect(
      (await api("GET", "/v1/operations/op-00000000-0000-0000-0000-000000000000")).status,
    ).toBe(404);
    expect((await api("GET", "/v1/operations/nope")).status).toBe(400);
  });

  it("MW-4 a surge upgrade outside the cluster's window waits for it", async () => {
    // Monday 00:00 UTC; the window opens Saturday 02:00 UTC for 4 h.
    const maintenance = {
      windows: [{ start: "02:00", durationSeconds: 14_400, days: ["SAT"] }],
      exclusions: [],
    };
    await clusterWithPool("u-window", { nodeCount: 1, zones: ["europe-west1-b"] }, { maintenance });
    const started = await api("POST", "/v1/clusters/u-window/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    const op = (await api("GET", `/v1/operations/${started.body.id}`)).body;
    expect(op.state).toBe("PAUSED");
    expect(op.reason).toMatch(/^MW-4/);
  });

  it("executor callbacks must be signed; a signed one is applied once", async () => {
    await clusterWithPool("u-hook", { nodeCount: 1, zones: ["europe-west1-b"] });
    const started = await api("POST", "/v1/clusters/u-hook/node-pools/p/upgrade", { body: {} });
    const id = started.body.id;
    const body = JSON.stringify({
      type: "COMMAND_FAILED",
      commandId: `${id}:nope:CREATE:1`,
      reason: "FAILED",
      message: "x",
    });
    const unsigned = await api("POST", `/v1/operations/${id}/events`, { token: null, body });
    expect(unsigned.status).toBe(401);
    const signature = await sign("test-webhook-secret", body);
    const signed = await api("POST", `/v1/operations/${id}/events`, {
      token: null,
      body,
      headers: { "x-regatta-signature": signature },
    });
    expect(signed.status).toBe(202);
    expect(signed.body).toEqual({ applied: true });
    const again = await api("POST", `/v1/operations/${id}/events`, {
      token: null,
      body,
      headers: { "x-regatta-signature": signature },
    });
    expect(again.body).toEqual({ applied: false });
  });

  it("NUP-1 flex-start pools upgrade short-lived and autopilot-managed pools surge, whatever is configured", async () => {
    await clusterWithPool("u-flex", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      flexStart: true,
      upgradeStrategy: { type: "BLUE_GREEN" },
    });
    const flex = await api("POST", "/v1/clusters/u-flex/node-pools/p/upgrade", { body: {} });
    expect(flex.status).toBe(202);
    expect(flex.body.strategy).toBe("SHORT_LIVED");
    await clusterWithPool("u-ap", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      autopilotManaged: true,
      upgradeStrategy: { type: "BLUE_GREEN" },
    });
    const autopilot = await api("POST", "/v1/clusters/u-ap/node-pools/p/upgrade", { body: {} });
    expect(autopilot.body.strategy).toBe("SURGE");
  });

  it("NUP-11 a short-lived pool has every node on the new config within 7 days and takes no controls", async () => {
    await clusterWithPool("u-short", { nodeCount: 2, zones: ["europe-west1-b"], flexStart: true });
    const started = await api("POST", "/v1/clusters/u-short/node-pools/p/upgrade", { body: {} });
    expect(started.body.strategy).toBe("SHORT_LIVED");
    const refused = await api("POST", "/v1/clusters/u-short/node-pools/p/cancel");
    expect(refused.status).toBe(422);
    expect(refused.body.rule).toBe("NUP-11");
    // Nothing is preempted in this sim run: the 7-day deadline replaces what is left.
    const done = await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 86_400,
      maxSteps: 20,
    });
    expect(done.progress).toEqual({ done: 2, total: 2 });
    expect((await nodesOf("u-short", "p")).every((n) => n.version === NEW)).toBe(true);
  });

  it("NUP-4 with maxSurge=0 a zone never holds more nodes than before, at most maxUnavailable fewer", async () => {
    await clusterWithPool("u-unavail", {
      nodeCount: 4,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 0, maxUnavailable: 2 },
    });
    const started = await api("POST", "/v1/clusters/u-unavail/node-pools/p/upgrade", { body: {} });
    await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 20,
      inspect: async () => {
        const nodes = await nodesOf("u-unavail", "p");
        expect(nodes.length).toBeLessThanOrEqual(4);
        expect(nodes.filter((n) => n.state === "READY").length).toBeGreaterThanOrEqual(2);
      },
    });
    expect((await nodesOf("u-unavail", "p")).every((n) => n.version === NEW)).toBe(true);
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

  it("a large pool's operation is stored in bucket rows, each far below the 2 MB row limit", async () => {
    for (const zone of ["europe-west1-d", "europe-west1-e"]) {
      await api("PUT", `/v1/zones/${zone}`, {
        body: { region: "europe-west1", quota: { nodes: 5000 } },
      });
    }
    await clusterWithPool("u-large", {
      nodeCount: 800,
      zones: ["europe-west1-d", "europe-west1-e"],
      upgradeStrategy: { type: "BLUE_GREEN", batchPercent: 0.5 },
    });
    const started = await api("POST", "/v1/clusters/u-large/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    const sizes = await runInDurableObject(
      env.FLEET.get(env.FLEET.idFromName("prod")),
      (_i, state) =>
        state.storage.sql
          .exec<{ key: string; size: number }>(
            "SELECT key, length(value) AS size FROM state WHERE key LIKE ?",
            `op:${started.body.id}%`,
          )
          .toArray(),
    );
    expect(sizes.length).toBeGreaterThan(10);
    expect(Math.max(...sizes.map((row) => row.size))).toBeLessThan(200_000);
    const nodes = await nodesOf("u-large", "p");
    expect(nodes.length).toBeGreaterThan(0);
    expect((await api("GET", `/v1/operations/${started.body.id}`)).body.progress.total).toBe(1600);
  });

  it("NUP-2 a bucketed operation journals its node changes and writes buckets in batches, and ends exact", async () => {
    const zones = ["europe-west1-f", "europe-west1-g"];
    for (const zone of zones) {
      await api("PUT", `/v1/zones/${zone}`, { body: { region: "europe-west1", quota: {} } });
    }
    await clusterWithPool("u-journal", {
      nodeCount: 150,
      zones,
      upgradeStrategy: { type: "SURGE", maxSurge: 0, maxUnavailable: 20 },
    });
    const started = await api("POST", "/v1/clusters/u-journal/node-pools/p/upgrade", {
      body: {},
    });
    const rows = () =>
      runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) =>
        state.storage.sql
          .exec<{ key: string; value: string }>(
            "SELECT key, value FROM state WHERE key LIKE ?",
            `op:${started.body.id}%`,
          )
          .toArray(),
      );
    const packed = () =>
      runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
        const [row] = state.storage.sql
          .exec<{ value: string }>("SELECT value FROM state WHERE key = '~packed'")
          .toArray();
        return row ? JSON.parse(row.value) : {};
      });
    let journalled = 0;
    let bucketWrites = 0;
    const done = await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 60,
      inspect: async () => {
        const stored = await rows();
        // The main row is packed with the sim's state (one row per answer) or on its own.
        const own = stored.find((r) => r.key === `op:${started.body.id}`);
        const main = own ? JSON.parse(own.value) : (await packed())[`op:${started.body.id}`];
        const buckets = main.collections.nodes as number;
        const pending = (main.journal?.nodes ?? []).length as number;
        expect(pending).toBeLessThan(16 * buckets);
        journalled = Math.max(journalled, pending);
        bucketWrites = stored.filter((r) => r.key !== `op:${started.body.id}`).length;
      },
    });
    expect(done.progress).toEqual({ done: 300, total: 300 });
    expect(journalled).toBeGreaterThan(0);
    expect(bucketWrites).toBeGreaterThan(1);
    // What the API shows is the stored rows put back together: every node, upgraded.
    const nodes = await nodesOf("u-journal", "p");
    expect(nodes).toHaveLength(300);
    expect(new Set(nodes.map((n) => n.name)).size).toBe(300);
    expect(nodes.every((n) => n.version === NEW && n.state === "READY")).toBe(true);
  });

  it("NUP-11 a preempted short-lived node comes back on the new config", async () => {
    await clusterWithPool("u-preempt", {
      nodeCount: 2,
      zones: ["europe-west1-b"],
      flexStart: true,
    });
    const started = await api("POST", "/v1/clusters/u-preempt/node-pools/p/upgrade", { body: {} });
    const [victim] = await nodesOf("u-preempt", "p");
    const res = await api("POST", "/v1/sim/preempt", {
      body: { cluster: "u-preempt", pool: "p", node: victim!.name },
    });
    expect(res.status).toBe(202);
    const op = await advanceUntil(started.body.id, (o) => o.progress.done >= 1, {
      stepSeconds: 60,
      maxSteps: 20,
    });
    expect(op.state).toBe("RUNNING");
    const nodes = await nodesOf("u-preempt", "p");
    expect(nodes.some((n) => n.name === victim!.name)).toBe(false);
    expect(nodes.filter((n) => n.version === NEW)).toHaveLength(1);
    expect(nodes.filter((n) => n.version === OLD)).toHaveLength(1);
  });
});
