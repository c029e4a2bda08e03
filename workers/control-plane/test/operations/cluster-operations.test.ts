import { env } from "cloudflare:test";
import { openInventory, putFleet } from "@regatta/inventory";
import { describe, expect, it } from "vitest";
import { poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { expectProblem, tokenFor } from "../inventory/problems.ts";
import { advanceUntil, clusterWithPool, OLD, useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

describe("a cluster's operations (GET /v1/clusters/{cluster}/operations)", () => {
  it("LIFE-4 a cluster's operations are listed newest first with their state, paged, and only to whoever may read the cluster", async () => {
    const surge = { nodeCount: 1, zones: ["europe-west1-b"], upgradeStrategy: { type: "SURGE" } };
    await clusterWithPool("ops-list", surge);
    const second = await api("PUT", "/v1/clusters/ops-list/node-pools/q", {
      body: poolBody({ version: OLD, ...surge }),
    });
    expect(second.status).toBe(201);
    const first = await api("POST", "/v1/clusters/ops-list/node-pools/p/upgrade", { body: {} });
    expect(first.status).toBe(202);
    await advanceUntil(first.body.id, (o) => o.state === "SUCCEEDED", { stepSeconds: 120 });
    await api("POST", "/v1/sim/advance", { body: { seconds: 60 } });
    const later = await api("POST", "/v1/clusters/ops-list/node-pools/q/upgrade", { body: {} });
    expect(later.status).toBe(202);

    const page1 = await api("GET", "/v1/clusters/ops-list/operations?limit=1");
    expect(page1.status).toBe(200);
    expect(page1.body.items).toHaveLength(1);
    expect(page1.body.items[0]).toMatchObject({
      id: later.body.id,
      kind: "NODE_POOL_UPGRADE",
      target: { cluster: "ops-list", pool: "q" },
      state: "RUNNING",
    });
    expect(page1.body.items[0].events).toBeUndefined();
    expect(typeof page1.body.nextCursor).toBe("string");
    const page2 = await api(
      "GET",
      `/v1/clusters/ops-list/operations?limit=1&cursor=${encodeURIComponent(page1.body.nextCursor)}`,
    );
    expect(page2.body.items.map((o: { id: string }) => o.id)).toEqual([first.body.id]);
    expect(page2.body.items[0].state).toBe("SUCCEEDED");
    expect(page2.body.nextCursor).toBeNull();

    // Another cluster's list is its own, whatever cursor it is handed.
    await clusterWithPool("ops-other", surge);
    const other = await api(
      "GET",
      `/v1/clusters/ops-other/operations?cursor=${encodeURIComponent(page1.body.nextCursor)}`,
    );
    expect(other.body).toEqual({ items: [], nextCursor: null });

    const outsider = await tokenFor("ops-outsider", "viewer", { fleets: ["elsewhere"] });
    expectProblem(await api("GET", "/v1/clusters/ops-list/operations", { token: outsider }), 403);
    const reader = await tokenFor("ops-reader", "viewer", { fleets: ["prod"] });
    const read = await api("GET", "/v1/clusters/ops-list/operations", { token: reader });
    expect(read.body.items).toHaveLength(2);
    expectProblem(await api("GET", "/v1/clusters/ops-none/operations"), 404);
    expectProblem(await api("GET", "/v1/clusters/ops-list/operations?cursor=nonsense"), 400);
    expectProblem(await api("GET", "/v1/clusters/ops-list/operations?limit=101"), 400);
  });

  it("LIFE-4 a cluster deleted and made again in another fleet lists none of the operations of the old one: they stay its old fleet's, and a reader of the new fleet only may not see them", async () => {
    const surge = { nodeCount: 1, zones: ["europe-west1-b"], upgradeStrategy: { type: "SURGE" } };
    await clusterWithPool("ops-moved", surge);
    const old = await api("POST", "/v1/clusters/ops-moved/node-pools/p/upgrade", { body: {} });
    expect(old.status).toBe(202);
    await advanceUntil(old.body.id, (o) => o.state === "SUCCEEDED", { stepSeconds: 120 });
    expect((await api("DELETE", "/v1/clusters/ops-moved/node-pools/p")).status).toBe(204);
    expect((await api("DELETE", "/v1/clusters/ops-moved")).status).toBe(204);

    await putFleet(openInventory(env.DB), "ops-new-home", Date.parse("2026-01-01T00:00:00Z"));
    await clusterWithPool("ops-moved", surge, { fleet: "ops-new-home" });
    const newcomer = await tokenFor("ops-new-reader", "viewer", { fleets: ["ops-new-home"] });
    const listed = await api("GET", "/v1/clusters/ops-moved/operations", { token: newcomer });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ items: [], nextCursor: null });
    // What the new fleet's reader may not list, it may not read by id either.
    expectProblem(await api("GET", `/v1/operations/${old.body.id}`, { token: newcomer }), 403);
  });
});
