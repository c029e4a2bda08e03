import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { clusterWithPool, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

/** The contract's largest pool: 16 zones × 1,000 nodes. */
const ZONES = Array.from({ length: 16 }, (_, i) => `europe-west1-big${i}`);
const PER_ZONE = 1000;

async function bigZones(): Promise<void> {
  for (const zone of ZONES) {
    const res = await api("PUT", `/v1/zones/${zone}`, {
      body: { region: "europe-west1", quota: {} },
    });
    expect(res.status).toBeLessThan(300);
  }
}

async function liveIndexRows(cluster: string): Promise<number> {
  const row = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM operations WHERE cluster = ? AND live = 1",
  )
    .bind(cluster)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/**
 * The largest state row of one operation in the fleet object (the sim's own state is
 * the sim's: it holds every pending report of the fleet).
 */
function largestOperationRow(id: string): Promise<number> {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
    const [row] = state.storage.sql
      .exec<{ size: number }>(
        "SELECT MAX(length(value)) AS size FROM state WHERE key LIKE ?",
        `op:${id}%`,
      )
      .toArray();
    return row?.size ?? 0;
  });
}

/** The largest row the fleet object stores, whatever it holds (the platform's limit is 2 MB). */
function largestRow(): Promise<{ key: string; size: number }> {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
    const [row] = state.storage.sql
      .exec<{ key: string; size: number }>(
        "SELECT key, length(value) AS size FROM state ORDER BY size DESC LIMIT 1",
      )
      .toArray();
    return row ?? { key: "", size: 0 };
  });
}

function simRunRows(): Promise<number> {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
    const [row] = state.storage.sql
      .exec<{ n: number }>("SELECT COUNT(*) AS n FROM state WHERE key LIKE 'sim:run:%'")
      .toArray();
    return row?.n ?? 0;
  });
}

describe("node-pool upgrades through the API: pools of the contract's maximum size", () => {
  it("NUP-2 a surge upgrade of a 16-zone × 1,000-node pool starts and is readable, its plan in rows far below the 2 MB limit", async () => {
    await bigZones();
    await clusterWithPool("u-max-surge", {
      nodeCount: PER_ZONE,
      zones: ZONES,
      upgradeStrategy: { type: "SURGE", maxSurge: 20, maxUnavailable: 0 },
    });
    const started = await api("POST", "/v1/clusters/u-max-surge/node-pools/p/upgrade", {
      body: {},
    });
    expect(started.status).toBe(202);
    const read = await api("GET", `/v1/operations/${started.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.progress.total).toBe(16_000);
    expect(await largestOperationRow(started.body.id)).toBeLessThan(1_000_000);
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    expect((await api("GET", `/v1/operations/${started.body.id}`)).body.state).toBe("RUNNING");
  });

  it("NUP-8 a blue-green upgrade of a 16-zone × 1,000-node pool starts and is readable, and no row of the fleet object (the sim's queue of 16,000 reports included) nears 2 MB", async () => {
    await bigZones();
    await clusterWithPool("u-max-bg", {
      nodeCount: PER_ZONE,
      zones: ZONES,
      upgradeStrategy: { type: "BLUE_GREEN", batchPercent: 0.1 },
    });
    const started = await api("POST", "/v1/clusters/u-max-bg/node-pools/p/upgrade", {
      body: {},
    });
    expect(started.status).toBe(202);
    const read = await api("GET", `/v1/operations/${started.body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.strategy).toBe("BLUE_GREEN");
    expect(read.body.progress.total).toBe(16_000);
    expect(await largestOperationRow(started.body.id)).toBeLessThan(1_000_000);
    // The sim queues a report for each of the 16,000 green nodes: still no row near 2 MB.
    expect((await largestRow()).size).toBeLessThan(1_000_000);
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    expect((await largestRow()).size).toBeLessThan(1_000_000);
    expect(await simRunRows()).toBeLessThanOrEqual(2 * (16_000 / 1000) + 4);
    expect((await api("GET", `/v1/operations/${started.body.id}`)).body.state).toBe("RUNNING");
  });

  it("a start that fails inside the fleet object answers problem+json and leaves no live operation row", async () => {
    await clusterWithPool("u-start-fails", { nodeCount: 1, zones: ["europe-west1-b"] });
    // A damaged record of the pool's previous operation makes the object throw on start.
    await runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
      state.storage.sql.exec(
        "INSERT INTO state (key, value) VALUES (?, ?), (?, ?)",
        "pool-op:u-start-fails/p",
        JSON.stringify("op-damaged"),
        "op:op-damaged",
        JSON.stringify({ synced: true, revision: 1 }),
      );
    });
    const res = await api("POST", "/v1/clusters/u-start-fails/node-pools/p/upgrade", {
      body: {},
    });
    expect(res.status).not.toBe(500);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get("content-type")).toMatch(/problem\+json/);
    expect(await liveIndexRows("u-start-fails")).toBe(0);
  });
});
