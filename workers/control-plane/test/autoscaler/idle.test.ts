import { env, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { clusterWithPools, pods, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const ZONE = ["europe-west1-b"];

/** The fleet object's pending timers for `cluster`'s autoscaler passes. */
async function scanTimers(cluster: string): Promise<number> {
  return runInDurableObject(env.FLEET.get(env.FLEET.idFromName("prod")), (_i, state) => {
    const rows = state.storage.sql
      .exec<{ n: number }>("SELECT COUNT(*) AS n FROM timers WHERE id = ?", `as:${cluster}`)
      .one();
    return rows.n;
  });
}

async function advance(seconds: number) {
  expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
}

describe("an idle cluster costs nothing (CA-17)", () => {
  it("CA-17 an idle autoscaled cluster keeps no scan timer; a pool put and new workloads wake it", async () => {
    await clusterWithPools("idle-a", {
      p: { zones: ZONE, nodeCount: 2, autoscaling: { enabled: true, minNodes: 1, maxNodes: 5 } },
    });
    const fits = pods("fits", 2, 3000);
    const put = await api("PUT", "/v1/clusters/idle-a/workloads", { body: { pods: fits } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    // Nothing pending, nothing unneeded (each node runs a pod), nothing in flight.
    const evaluated = await api("POST", "/v1/clusters/idle-a/autoscaler/evaluate");
    expect(evaluated.body.nextScanAt).toBeUndefined();
    expect(await scanTimers("idle-a")).toBe(0);
    const decisionsBefore = (await api("GET", "/v1/clusters/idle-a/autoscaler/decisions?limit=500"))
      .body.items.length;
    await advance(6 * 3600);
    // No pass ran in six idle hours.
    expect(
      (await api("GET", "/v1/clusters/idle-a/autoscaler/decisions?limit=500")).body.items.length,
    ).toBe(decisionsBefore);

    // A pool put wakes it: a pass looks at the new pool without anyone asking.
    const pool = await api("PUT", "/v1/clusters/idle-a/node-pools/q", {
      body: poolBody({
        version: "1.33.5-gke.1000",
        zones: ZONE,
        nodeCount: 0,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 3 },
      }),
    });
    expect(pool.status, JSON.stringify(pool.body)).toBe(201);
    expect(await scanTimers("idle-a")).toBe(1);
    await advance(60);
    const seen = await api("GET", "/v1/clusters/idle-a/autoscaler/decisions?limit=500&pool=q");
    expect(seen.body.items.length).toBeGreaterThan(0);
    expect(await scanTimers("idle-a")).toBe(0);

    // New workloads that do not fit wake it too, and it scales up on its own.
    const more = await api("PUT", "/v1/clusters/idle-a/workloads", {
      body: { pods: [...fits, ...pods("big", 2, 3000)] },
    });
    expect(more.status).toBe(200);
    await advance(600);
    const after = await api("GET", "/v1/clusters/idle-a/autoscaler/decisions?limit=500");
    expect(after.body.items.some((d: { action: string }) => d.action === "SCALE_UP")).toBe(true);
  });
});
