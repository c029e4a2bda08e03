import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { inFleetRuntime } from "../objects/helpers.ts";
import { clusterWithPools, pods, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const ZONE = ["europe-west1-b"];
const DAY_S = 86_400;

/** The newest decision id of the cluster's log (0 when empty): ids count every decision stored. */
async function newestDecisionId(cluster: string): Promise<number> {
  const res = await api("GET", `/v1/clusters/${cluster}/autoscaler/decisions?limit=1`);
  expect(res.status).toBe(200);
  return res.body.items[0]?.id ?? 0;
}

/** Timers the fleet object fired so far (each autoscaler pass on its own is one). */
function firings(): Promise<number> {
  return inFleetRuntime("prod", async (runtime) => runtime.counters.firings);
}

describe("an idle cluster-day (CA-17, CA-5, CA-12)", () => {
  it("CA-17 a cluster with a pod that fits nowhere and nodes unneeded at their minimum stores at most 10 decisions a virtual day, and passes at most 10 times", async () => {
    // Two empty 4-CPU nodes at the pool's minimum (unneeded, kept by CA-5) and one pod of
    // 64 CPU that no pool's machine can hold (CA-3: it fits nowhere).
    await clusterWithPools("day-stuck", {
      p: { zones: ZONE, nodeCount: 2, autoscaling: { enabled: true, minNodes: 2, maxNodes: 4 } },
    });
    // Low-priority pods left pending on purpose (CA-12) keep a cluster busy the same way.
    await clusterWithPools("day-low", {
      p: { zones: ZONE, nodeCount: 1, autoscaling: { enabled: true, minNodes: 1, maxNodes: 1 } },
    });
    const stuck = await api("PUT", "/v1/clusters/day-stuck/workloads", {
      body: { pods: pods("huge", 1, 64_000) },
    });
    expect(stuck.status, JSON.stringify(stuck.body)).toBe(200);
    const low = await api("PUT", "/v1/clusters/day-low/workloads", {
      body: { pods: pods("batch", 3, 3000, { priority: -20 }) },
    });
    expect(low.status, JSON.stringify(low.body)).toBe(200);
    const before = {
      stuck: await newestDecisionId("day-stuck"),
      low: await newestDecisionId("day-low"),
      firings: await firings(),
    };

    expect((await api("POST", "/v1/sim/advance", { body: { seconds: DAY_S } })).status).toBe(200);

    const stored = {
      stuck: (await newestDecisionId("day-stuck")) - before.stuck,
      low: (await newestDecisionId("day-low")) - before.low,
    };
    expect(stored.stuck, "decisions stored for day-stuck in a day").toBeLessThanOrEqual(10);
    expect(stored.low, "decisions stored for day-low in a day").toBeLessThanOrEqual(10);
    expect((await firings()) - before.firings, "timers fired in the day").toBeLessThanOrEqual(20);
    // Nothing happened that a person would not want to read: the pod is still pending.
    const still = await api("GET", "/v1/clusters/day-stuck/autoscaler/decisions?limit=50");
    expect(still.body.items.some((d: { pool: string | null }) => d.pool === null)).toBe(true);
  });
});
