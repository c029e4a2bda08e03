import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { nodesOf } from "../operations/helpers.ts";
import {
  clusterWithPools,
  decisions,
  evaluate,
  pods,
  podsOf,
  useAutoscalerFixtures,
} from "./helpers.ts";

useAutoscalerFixtures();

async function putPods(cluster: string, list: Record<string, unknown>[]) {
  const res = await api("PUT", `/v1/clusters/${cluster}/workloads`, { body: { pods: list } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function advance(seconds: number) {
  expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
}

/** Where each pod runs now, as the agent would report it next. */
async function running(cluster: string, keep: number) {
  const placed = await podsOf(cluster);
  return placed
    .filter((p) => p.node !== undefined)
    .sort((a, b) => (a.name < b.name ? -1 : 1))
    .slice(0, keep)
    .map((p) => ({
      name: p.name,
      node: p.node,
      controller: "ReplicaSet",
      containers: [{ cpuMillis: 3000, memoryMiB: 512 }],
    }));
}

describe("seed 001's examples through the API", () => {
  it("CA-1 3 zones with 1..4 nodes each hold 3..12 nodes in total", async () => {
    await api("PUT", "/v1/zones/europe-west1-d", {
      body: { region: "europe-west1", quota: { nodes: 100 } },
    });
    await clusterWithPools("seed-zones", {
      p: {
        zones: ["europe-west1-b", "europe-west1-c", "europe-west1-d"],
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 },
      },
    });
    await putPods("seed-zones", pods("w", 30, 3000));
    await advance(180);
    await evaluate("seed-zones");
    const nodes = await nodesOf("seed-zones", "p");
    expect(nodes).toHaveLength(12);
    for (const zone of ["europe-west1-b", "europe-west1-c", "europe-west1-d"]) {
      expect(nodes.filter((n) => n.zone === zone)).toHaveLength(4);
    }
    // Empty again: down to one per zone, never below.
    await putPods("seed-zones", []);
    for (const seconds of [660, 120, 120, 660, 120, 120]) await advance(seconds);
    await evaluate("seed-zones");
    await advance(120);
    expect(await nodesOf("seed-zones", "p")).toHaveLength(3);
  });

  it("CA-9 the ten-pod story: on-demand while spot is unavailable, shrink to 8, then spot for the 2 that come back", async () => {
    await clusterWithPools("seed-ten", {
      ondemand: {
        zones: ["europe-west1-b"],
        nodeCount: 0,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
      },
      spot: {
        zones: ["europe-west1-b"],
        nodeCount: 0,
        spot: true,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
      },
    });
    // 10 pods on on-demand VMs, because spot VMs were not available.
    await api("PUT", "/v1/sim/faults/no-spot", {
      body: { match: { cluster: "seed-ten", pool: "spot" }, effect: "QUOTA_EXCEEDED" },
    });
    await putPods(
      "seed-ten",
      pods("app", 10, 3000, { containers: [{ cpuMillis: 3000, memoryMiB: 512 }] }),
    );
    await advance(30);
    await evaluate("seed-ten");
    await advance(180);
    await evaluate("seed-ten");
    expect(await nodesOf("seed-ten", "ondemand")).toHaveLength(10);
    expect(await nodesOf("seed-ten", "spot")).toHaveLength(0);

    // Not all 10 are needed: two go, and the extra on-demand VMs are shut down.
    await api("DELETE", "/v1/sim/faults/no-spot");
    await putPods("seed-ten", await running("seed-ten", 8));
    for (const seconds of [660, 120, 120]) await advance(seconds);
    await evaluate("seed-ten");
    expect(await nodesOf("seed-ten", "ondemand")).toHaveLength(8);

    // 10 again: spot VMs are added (cheaper) for two pods; the other eight stay on on-demand.
    const eight = await running("seed-ten", 8);
    await putPods("seed-ten", [
      ...eight,
      ...pods("again", 2, 3000, { containers: [{ cpuMillis: 3000, memoryMiB: 512 }] }),
    ]);
    await advance(180);
    await evaluate("seed-ten");
    const spotNodes = new Set((await nodesOf("seed-ten", "spot")).map((n) => n.name));
    expect(spotNodes.size).toBe(2);
    const placed = await podsOf("seed-ten");
    expect(placed.filter((p) => spotNodes.has(p.node ?? ""))).toHaveLength(2);
    expect(placed.filter((p) => p.node?.startsWith("ondemand"))).toHaveLength(8);
    const up = (await decisions("seed-ten", "spot")).find((d) => d.action === "SCALE_UP");
    expect(up?.reason).toMatch(/spot/);
  });
});
