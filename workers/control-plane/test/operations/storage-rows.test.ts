import { env, runInDurableObject } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterBody, poolBody, seedBasics } from "../fixtures.ts";
import { api, freezeClock } from "../helpers.ts";
import { NEW, OLD } from "./helpers.ts";

// A fleet of its own: its object's row counter holds this upgrade only.
const FLEET = "rows";
const ZONES = ["europe-west1-b", "europe-west1-c", "europe-west1-d"];
const fleet = () => env.FLEET.get(env.FLEET.idFromName(FLEET));

beforeAll(async () => {
  await seedBasics(FLEET);
  await freezeClock(Date.parse("2026-01-05T00:00:00Z"));
  await api("PUT", "/v1/zones/europe-west1-d", {
    body: { region: "europe-west1", quota: { nodes: 100 } },
  });
});

afterAll(async () => {
  await runInDurableObject(fleet(), (_i, state) => state.storage.deleteAlarm());
});

describe("node-pool upgrades through the API: storage rows the fleet object writes", () => {
  it("NUP-2 a surge upgrade of about 100 nodes over 3 zones writes at most 1.5 storage rows per upgraded node, write-back included", async () => {
    expect(
      (
        await api("PUT", "/v1/clusters/rows-c", {
          body: clusterBody({ fleet: FLEET, version: NEW }),
        })
      ).status,
    ).toBe(201);
    const pool = await api("PUT", "/v1/clusters/rows-c/node-pools/p", {
      body: poolBody({
        version: OLD,
        zones: ZONES,
        nodeCount: 33,
        upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
      }),
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    const before = await fleet().inspect();
    const started = await api("POST", "/v1/clusters/rows-c/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    const id = started.body.id as string;
    const nodes = started.body.progress.total as number;
    expect(nodes).toBe(99);

    // As scripts/bench/node-pool-upgrade.bench.ts does: virtual time moves to each next
    // due timer until the operation succeeded and its write-back ran.
    for (let step = 0; ; step++) {
      expect(step).toBeLessThan(1000);
      const op = (await api("GET", `/v1/operations/${id}`)).body;
      expect(op.state === "RUNNING" || op.state === "SUCCEEDED", JSON.stringify(op)).toBe(true);
      const inspected = await fleet().inspect();
      const pending = inspected.timers.filter(
        (t) => (t.payload === id || t.payload === `op-write-back/${id}`) && t.kind !== "op-retire",
      );
      if (op.state === "SUCCEEDED" && pending.length === 0) break;
      const next = Math.min(...inspected.timers.map((t) => t.due));
      const seconds = Math.max(0, Math.ceil((next - inspected.now) / 1000));
      expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
    }
    const rows = (await fleet().inspect()).rowsWritten - before.rowsWritten;
    // The bound is per node; the operation's end notification is a fixed cost of its own
    // (recorded in the end's transaction, then handed to the queue: docs/notifications.md).
    const perOperation = 2;
    expect((rows - perOperation) / nodes, `${rows} rows for ${nodes} nodes`).toBeLessThanOrEqual(
      1.5,
    );
  });
});
