import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ObjectWiring } from "../../src/objects/wiring.ts";
import { api, moveWallClock } from "../helpers.ts";
import {
  advanceUntil,
  clusterWithPool,
  isLive,
  NEW,
  nodesOf,
  storedValues,
  upgradeFromOld,
  useNodePoolFixtures,
} from "./helpers.ts";

useNodePoolFixtures();

const DAY = 86_400;

/** The fleet object's state rows of one operation, and whether the packed row holds it. */
function storedRows(id: string) {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
    const own = state.storage.sql
      .exec<{ key: string }>("SELECT key FROM state WHERE key LIKE ?", `op:${id}%`)
      .toArray()
      .map((row) => row.key);
    const [packed] = state.storage.sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = '~packed'")
      .toArray();
    const inPacked = packed
      ? Object.keys(JSON.parse(packed.value)).filter((key) => key.startsWith(`op:${id}`))
      : [];
    return { own, inPacked };
  });
}

async function indexRow(id: string) {
  return env.DB.prepare("SELECT id FROM operations WHERE id = ?").bind(id).first();
}

/**
 * Retention is bookkeeping on the wall clock: the operation outlives 31 virtual days in
 * which little wall time passes, is still there a minute before 30 wall days (counted
 * from when it settled, a few wall seconds ago) and gone a minute after.
 */
async function retainedForThirtyWallDays(id: string, state: string): Promise<void> {
  await api("POST", "/v1/sim/advance", { body: { seconds: 31 * DAY } });
  expect((await api("GET", `/v1/operations/${id}`)).body.state).toBe(state);
  await moveWallClock((30 * DAY - 60) * 1000);
  expect((await api("GET", `/v1/operations/${id}`)).body.state).toBe(state);
  await moveWallClock(120 * 1000);
  expect((await api("GET", `/v1/operations/${id}`)).status).toBe(404);
}

describe("node-pool upgrades through the API: retention of finished operations", () => {
  it("a finished operation leaves the packed row and is removed 30 wall-clock days after it settled, whatever the sim's speed", async () => {
    await clusterWithPool("u-retain", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-retain/node-pools/p/upgrade", {
      body: {},
    });
    const id = started.body.id as string;
    expect((await storedRows(id)).inPacked).toEqual([`op:${id}`]);
    const done = await advanceUntil(id, (o) => o.state === "SUCCEEDED", { stepSeconds: 60 });
    expect(await isLive(id)).toBe(false);
    // Finished: provider answers for other operations no longer rewrite it.
    expect((await storedRows(id)).inPacked).toEqual([]);

    expect(done.state).toBe("SUCCEEDED");
    await retainedForThirtyWallDays(id, "SUCCEEDED");
    expect(await indexRow(id)).toBeNull();
    expect(await storedRows(id)).toEqual({ own: [], inPacked: [] });
    // The pool takes a new upgrade after its old operation is gone.
    expect((await api("GET", "/v1/clusters/u-retain/node-pools/p")).status).toBe(200);
  });
});

describe("cluster upgrades through the API: retention of finished operations", () => {
  it("a finished cluster upgrade and the pool operations it started are removed 30 wall-clock days after they ended", async () => {
    await clusterWithPool("cu-retain", {
      nodeCount: 1,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    // The cluster runs NEW already; move its status back so it has something to upgrade.
    await env.DB.prepare(
      "UPDATE clusters SET status_version = '1.21.11-gke.1100', spec_version = '1.21.11-gke.1100' WHERE name = 'cu-retain'",
    ).run();
    const started = await api("POST", "/v1/clusters/cu-retain/upgrade", {
      body: { version: "1.21.14-gke.4300" },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const id = started.body.id as string;
    const op = await advanceUntil(id, (o) => o.state !== "RUNNING", { stepSeconds: 60 });
    expect(op.state).toBe("SUCCEEDED");
    const pool = /upgrades as (op-[0-9a-f-]+)/.exec(
      op.events.map((e) => e.message).join("\n"),
    )?.[1];
    expect(pool).toBeDefined();

    await retainedForThirtyWallDays(id, "SUCCEEDED");
    expect((await api("GET", `/v1/operations/${pool}`)).status).toBe(404);
    expect(await indexRow(id)).toBeNull();
    const rows = await runInDurableObject(
      env.FLEET.get(env.FLEET.idFromName("prod")),
      (_i, state) =>
        state.storage.sql
          .exec<{ key: string }>(
            "SELECT key FROM state WHERE key LIKE ? OR key LIKE ?",
            `cu%${id}`,
            "cluster-op:cu-retain",
          )
          .toArray(),
    );
    expect(rows).toEqual([]);
    // The cluster's status no longer names the retired upgrade.
    const cluster = (await api("GET", "/v1/clusters/cu-retain")).body;
    expect(JSON.stringify(cluster)).not.toContain(id);
  });
});

/** The fleet object's shared step plans, their reference counts, and one upgrade's row. */
function planRows(id: string) {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
    const sql = state.storage.sql;
    const plans = sql
      .exec<{ key: string }>("SELECT key FROM state WHERE key LIKE 'cu-plan:%'")
      .toArray()
      .map((row) => row.key);
    const [packed] = sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = '~packed'")
      .toArray();
    const refs = Object.entries(packed ? (JSON.parse(packed.value) as Record<string, unknown>) : {})
      .filter(([key]) => key.startsWith("cu-plan-refs:"))
      .map(([, count]) => count);
    const [row] = sql
      .exec<{ value: string }>("SELECT value FROM state WHERE key = ?", `cu:${id}`)
      .toArray();
    return { plans, refs, row: row?.value };
  });
}

describe("cluster upgrades planned alike: one stored step plan", () => {
  it("LIFE-3 VER-8 two upgrades planned alike store their steps' progress only and share one plan, counted; they are written back together in one delivery; the plan goes with the last of them to be retired", async () => {
    const a = await upgradeFromOld("cu-plan-a");
    const b = await upgradeFromOld("cu-plan-b");
    const running = await planRows(a);
    expect(running.plans).toHaveLength(1);
    expect(running.refs).toEqual([2]);
    // The row keeps progress: no step's action, order or phase, which the plan holds.
    expect(running.row).toBeDefined();
    expect(running.row).not.toContain('"action"');
    expect(running.row).toContain('"status":"RUNNING"');

    const [doneA, doneB] = [
      await advanceUntil(a, (o) => o.state !== "RUNNING", { stepSeconds: 60 }),
      await advanceUntil(b, (o) => o.state !== "RUNNING", { stepSeconds: 60 }),
    ];
    expect([doneA.state, doneB.state]).toEqual(["SUCCEEDED", "SUCCEEDED"]);
    // VER-8: both clusters run the target, written back by one delivery; no
    // write-back is left pending and no upgrade has a write-back timer of its own.
    await api("POST", "/v1/sim/advance", { body: { seconds: 1 } });
    for (const cluster of ["cu-plan-a", "cu-plan-b"]) {
      expect((await api("GET", `/v1/clusters/${cluster}`)).body.status.version).toBe(
        "1.21.14-gke.4300",
      );
    }
    const inspected = await env.FLEET.get(env.FLEET.idFromName("prod")).inspect();
    expect(inspected.timers.filter((t) => t.id.includes("cu-write-back"))).toEqual([]);
    expect(await storedValues("delivery:cu-write-back")).toEqual([]);
    // The steps read back whole, in plan order, each with its own progress.
    expect(doneA.progress.done).toBe(doneA.progress.total);
    expect(doneA.progress).toEqual(doneB.progress);
    // Read again from storage alone, as after an eviction: the same answer.
    const before = (await api("GET", `/v1/operations/${a}`)).body;
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (instance) =>
      (instance as unknown as { wiring: ObjectWiring }).wiring.restart(),
    );
    expect((await api("GET", `/v1/operations/${a}`)).body).toEqual(before);

    await retainedForThirtyWallDays(a, "SUCCEEDED");
    expect((await api("GET", `/v1/operations/${b}`)).status).toBe(404);
    expect(await planRows(a)).toEqual({ plans: [], refs: [], row: undefined });
  });
});

describe("node-pool upgrades through the API: retention of cancelled operations never resumed", () => {
  it("NUP-7 a cancelled surge upgrade never resumed is removed 30 wall-clock days after it came to rest, and the pool upgrades again", async () => {
    await clusterWithPool("u-cancel-retain", {
      nodeCount: 3,
      zones: ["europe-west1-b"],
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-cancel-retain/node-pools/p/upgrade", {
      body: {},
    });
    const id = started.body.id as string;
    await advanceUntil(id, (o) => o.progress.done >= 1, { stepSeconds: 30 });
    expect((await api("POST", "/v1/clusters/u-cancel-retain/node-pools/p/cancel")).status).toBe(
      200,
    );
    const rested = await advanceUntil(
      id,
      (o) => o.state === "CANCELLED" && /with 0 nodes/.test(o.reason ?? ""),
      { stepSeconds: 30 },
    );
    const upgraded = rested.progress.done;

    await retainedForThirtyWallDays(id, "CANCELLED");
    expect(await indexRow(id)).toBeNull();
    expect(await storedRows(id)).toEqual({ own: [], inPacked: [] });

    // The inventory keeps the nodes it left; a new upgrade does the rest.
    const nodes = await nodesOf("u-cancel-retain", "p");
    expect(nodes).toHaveLength(3);
    expect(nodes.filter((n) => n.version === NEW)).toHaveLength(upgraded);
    const next = await api("POST", "/v1/clusters/u-cancel-retain/node-pools/p/upgrade", {
      body: {},
    });
    expect(next.status, JSON.stringify(next.body)).toBe(202);
    expect(next.body.progress).toEqual({ done: 0, total: 3 - upgraded });
  });

  it("NUP-9 a cancelled blue-green upgrade never resumed is written back and removed 30 wall-clock days after it came to rest", async () => {
    await clusterWithPool("u-bg-cancel-retain", {
      nodeCount: 2,
      zones: ["europe-west1-b"],
      upgradeStrategy: {
        type: "BLUE_GREEN",
        batchNodeCount: 1,
        batchSoakSeconds: 0,
        nodePoolSoakSeconds: 86_400,
      },
    });
    const started = await api("POST", "/v1/clusters/u-bg-cancel-retain/node-pools/p/upgrade", {
      body: {},
    });
    const id = started.body.id as string;
    await advanceUntil(id, (o) => o.phase === "SOAKING_POOL", { stepSeconds: 60 });
    expect((await api("POST", "/v1/clusters/u-bg-cancel-retain/node-pools/p/cancel")).status).toBe(
      200,
    );
    const cancelled = (await api("GET", `/v1/operations/${id}`)).body;
    expect(cancelled.state).toBe("CANCELLED");
    const shown = await nodesOf("u-bg-cancel-retain", "p");
    expect(shown).toHaveLength(4);

    await retainedForThirtyWallDays(id, "CANCELLED");
    expect(await indexRow(id)).toBeNull();
    expect(await storedRows(id)).toEqual({ own: [], inPacked: [] });
    // Blue and green nodes stay listed: the inventory has what the operation left.
    const left = await nodesOf("u-bg-cancel-retain", "p");
    expect(left.map((n) => n.name).sort()).toEqual(shown.map((n) => n.name).sort());
  });
});
