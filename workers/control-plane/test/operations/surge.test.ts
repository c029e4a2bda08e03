import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import {
  advanceUntil,
  clusterWithPool,
  isLive,
  NEW,
  nodesOf,
  OLD,
  type OperationBody,
  storedValues,
  useNodePoolFixtures,
} from "./helpers.ts";

useNodePoolFixtures();

/**
 * A one-node surge pool `p` of `cluster` whose upgrade ran to SUCCEEDED while the
 * inventory refused the pool's new version (as a D1 outage would); the upgrade's id and
 * what lets the inventory take writes again.
 */
async function upgradeRefused(
  cluster: string,
): Promise<{ id: string; accept: () => Promise<void> }> {
  await clusterWithPool(cluster, {
    nodeCount: 1,
    upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
  });
  const trigger = `refuse_${cluster.replaceAll("-", "_")}`;
  await env.DB.exec(
    `CREATE TRIGGER ${trigger} BEFORE UPDATE OF version ON node_pools WHEN NEW.cluster = '${cluster}' BEGIN SELECT RAISE(ABORT, 'inventory unavailable'); END`,
  );
  const accept = async () => {
    await env.DB.exec(`DROP TRIGGER ${trigger}`);
  };
  const started = await api("POST", `/v1/clusters/${cluster}/node-pools/p/upgrade`, { body: {} });
  expect(started.status).toBe(202);
  const id = started.body.id as string;
  await advanceUntil(id, (op) => op.state === "SUCCEEDED", { stepSeconds: 30 });
  return { id, accept };
}

describe("node-pool upgrades through the API: surge (NUP-2..7, MW-4)", () => {
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

  it("NUP-7 after a cancelled surge upgrade a new upgrade is accepted and upgrades only the nodes left", async () => {
    await clusterWithPool("u-recancel", {
      nodeCount: 3,
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const first = await api("POST", "/v1/clusters/u-recancel/node-pools/p/upgrade", { body: {} });
    await advanceUntil(first.body.id, (o) => o.progress.done >= 2, { stepSeconds: 30 });
    expect((await api("POST", "/v1/clusters/u-recancel/node-pools/p/cancel")).status).toBe(200);
    // Started nodes finish; then the cancelled operation rests and is written back.
    const rested = await advanceUntil(
      first.body.id,
      (o) => o.state === "CANCELLED" && /with 0 nodes/.test(o.reason ?? ""),
      { stepSeconds: 30 },
    );
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    expect(await isLive(first.body.id)).toBe(false);
    const upgraded = rested.progress.done;
    const mixed = await nodesOf("u-recancel", "p");
    expect(mixed.filter((n) => n.version === NEW)).toHaveLength(upgraded);

    const second = await api("POST", "/v1/clusters/u-recancel/node-pools/p/upgrade", {
      body: {},
    });
    expect(second.status).toBe(202);
    expect(second.body.progress).toEqual({ done: 0, total: 6 - upgraded });
    const done = await advanceUntil(second.body.id, (o) => o.state === "SUCCEEDED", {
      stepSeconds: 30,
    });
    expect(done.progress).toEqual({ done: 6 - upgraded, total: 6 - upgraded });
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    const nodes = await nodesOf("u-recancel", "p");
    expect(nodes).toHaveLength(6);
    expect(nodes.every((n) => n.version === NEW && n.state === "READY")).toBe(true);
    expect((await api("GET", "/v1/clusters/u-recancel/node-pools/p")).body.version).toBe(NEW);
    // The superseded operation stays CANCELLED; controls now act on the new one.
    expect((await api("GET", `/v1/operations/${first.body.id}`)).body.state).toBe("CANCELLED");
    expect((await api("POST", "/v1/clusters/u-recancel/node-pools/p/resume")).status).toBe(409);
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

  it("NUP-7 a completed upgrade cannot be rolled back (409)", async () => {
    await clusterWithPool("u-done", { nodeCount: 1, zones: ["europe-west1-b"] });
    const started = await api("POST", "/v1/clusters/u-done/node-pools/p/upgrade", { body: {} });
    await advanceUntil(started.body.id, (o) => o.state === "SUCCEEDED", { stepSeconds: 60 });
    const res = await api("POST", "/v1/clusters/u-done/node-pools/p/rollback");
    expect(res.status).toBe(409);
    expect(res.headers.get("content-type")).toBe("application/problem+json");
    expect(res.body.rule).toBe("NUP-7");
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

  it("NUP-5 VER-8 a pool's write-back the inventory refuses is retried with backoff by the fleet's deliveries: the operation stays readable with its nodes, and the inventory gets them once it takes the write", async () => {
    const { id, accept } = await upgradeRefused("u-refused");
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    const pending = await storedValues(`delivery:op-write-back/${id}`);
    expect(pending).toHaveLength(1);
    const [[, stored] = []] = pending;
    expect((stored as { attempts?: number } | undefined)?.attempts).toBeGreaterThanOrEqual(1);
    expect((await api("GET", "/v1/clusters/u-refused/node-pools/p")).body.version).toBe(OLD);
    // Still readable, nodes from the operation while the inventory lacks them.
    expect((await api("GET", `/v1/operations/${id}`)).body.state).toBe("SUCCEEDED");
    expect((await nodesOf("u-refused", "p")).every((n) => n.version === NEW)).toBe(true);

    await accept();
    for (let step = 0; (await storedValues(`delivery:op-write-back/${id}`)).length > 0; step++) {
      expect(step, "the write-back was never retried").toBeLessThan(20);
      await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    }
    expect((await api("GET", "/v1/clusters/u-refused/node-pools/p")).body.version).toBe(NEW);
    expect((await nodesOf("u-refused", "p")).every((n) => n.version === NEW)).toBe(true);
  });

  it("NUP-5 VER-8 a pool's write-back the inventory refuses for a week is given up: the operation says so in its events and settles, and nothing retries it any more", async () => {
    const { id, accept } = await upgradeRefused("u-given-up");
    try {
      // 1,000 attempts, the last ones 10 minutes apart: about a week.
      for (let day = 0; day < 9; day++) {
        await api("POST", "/v1/sim/advance", { body: { seconds: 86_400 } });
      }
      expect(await storedValues(`delivery:op-write-back/${id}`)).toEqual([]);
      const op = (await api("GET", `/v1/operations/${id}`)).body as OperationBody;
      expect(op.state).toBe("SUCCEEDED");
      expect(op.events.map((e) => e.message)).toContainEqual(
        expect.stringMatching(/^VER-8: the inventory refused this operation's write-back/),
      );
      expect((await api("GET", "/v1/clusters/u-given-up/node-pools/p")).body.version).toBe(OLD);
    } finally {
      await accept();
    }
  });
});
