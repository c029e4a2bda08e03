import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advanceUntil, clusterWithPool, NEW, nodesOf, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

describe("node-pool upgrades through the API: how the fleet object stores an operation", () => {
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
});
