import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advanceUntil, clusterWithPool, NEW, nodesOf, OLD } from "../operations/helpers.ts";
import { decisions, evaluate, pods, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

async function putPods(cluster: string, list: Record<string, unknown>[]) {
  const res = await api("PUT", `/v1/clusters/${cluster}/workloads`, { body: { pods: list } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function advance(seconds: number) {
  expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
}

describe("the autoscaler and upgrades (NUP-12) through the API", () => {
  it("NUP-12 during blue-green, blue never scales and green only grows before the soak phase", async () => {
    await clusterWithPool("nup12-bg", {
      nodeCount: 2,
      zones: ["europe-west1-b"],
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 6 },
      upgradeStrategy: {
        type: "BLUE_GREEN",
        batchNodeCount: 1,
        batchSoakSeconds: 7200,
        nodePoolSoakSeconds: 86_400,
      },
    });
    const blue = (await nodesOf("nup12-bg", "p")).map((n) => n.name);
    await putPods("nup12-bg", []);
    const started = await api("POST", "/v1/clusters/nup12-bg/node-pools/p/upgrade", { body: {} });
    expect(started.status).toBe(202);
    await advanceUntil(started.body.id, (o) => o.phase === "DRAINING_BLUE", { stepSeconds: 60 });
    // Every node is empty, and 10 minutes pass: still nothing is removed.
    await advance(660);
    await evaluate("nup12-bg");
    const log = await decisions("nup12-bg", "p");
    expect(log.some((d) => d.action === "SCALE_DOWN")).toBe(false);
    const held = log.filter((d) => d.blockedBy === "NUP-12");
    expect(held.some((d) => /green may only grow before the soak phase/.test(d.reason))).toBe(true);

    // Pods that do not fit: green grows, at the upgrade's target; blue does not.
    const greenBefore = (await nodesOf("nup12-bg", "p")).filter((n) => n.color === "GREEN");
    await putPods("nup12-bg", pods("w", greenBefore.length + 2, 3000));
    await advance(180);
    await evaluate("nup12-bg");
    const after = await nodesOf("nup12-bg", "p");
    const added = after.filter(
      (n) => !blue.includes(n.name) && !greenBefore.some((g) => g.name === n.name),
    );
    expect(added.length).toBeGreaterThanOrEqual(2);
    expect(added.every((n) => n.version === NEW)).toBe(true);
    expect(after.filter((n) => blue.includes(n.name))).toHaveLength(2);
    const ups = (await decisions("nup12-bg", "p")).filter((d) => d.action === "SCALE_UP");
    expect(ups.length).toBeGreaterThan(0);
    const down = (await decisions("nup12-bg", "p")).filter((d) => d.action === "SCALE_DOWN");
    expect(down.flatMap((d) => d.nodes ?? []).filter((n) => blue.includes(n))).toEqual([]);
  });

  it("NUP-12 during a surge upgrade, the nodes the autoscaler adds run the upgrade's target", async () => {
    await clusterWithPool("nup12-surge", {
      nodeCount: 3,
      zones: ["europe-west1-b"],
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 8 },
      upgradeStrategy: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 },
    });
    const nodes = (await nodesOf("nup12-surge", "p")).map((n) => n.name).sort();
    const started = await api("POST", "/v1/clusters/nup12-surge/node-pools/p/upgrade", {
      body: {},
    });
    expect(started.status).toBe(202);
    // Each node runs one 3-CPU pod; two more are pending.
    await putPods("nup12-surge", [
      ...nodes.map((node, i) => ({
        name: `run-${i}`,
        node,
        controller: "ReplicaSet",
        containers: [{ cpuMillis: 3000, memoryMiB: 256 }],
      })),
      ...pods("more", 2, 3000),
    ]);
    await advance(180);
    await evaluate("nup12-surge");
    const listed = await nodesOf("nup12-surge", "p");
    const autoscaled = listed.filter((n) => n.name.includes("-as-"));
    expect(autoscaled.length).toBeGreaterThan(0);
    expect(autoscaled.every((n) => n.version === NEW)).toBe(true);
    expect(listed.filter((n) => n.version === OLD).length).toBeGreaterThan(0);
  });
});
