import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { nodesOf } from "../operations/helpers.ts";
import { clusterWithPools, decisions, pods, podsOf, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

async function advance(seconds: number) {
  expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
}

describe("spot preemption (seed 001: Spot VMs may be preempted with 15 s notice)", () => {
  it("CA-3 CA-9 a preempted spot node of a pool put by the API goes away after its 15 s notice, its pod is pending, and the autoscaler replaces the capacity", async () => {
    await clusterWithPools("pre-a", {
      spot: {
        zones: ["europe-west1-b"],
        nodeCount: 2,
        spot: true,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 },
      },
    });
    const [victim, other] = (await nodesOf("pre-a", "spot")).map((n) => n.name).sort();
    const put = await api("PUT", "/v1/clusters/pre-a/workloads", {
      body: {
        pods: [...pods("a", 1, 3000, { node: victim }), ...pods("b", 1, 3000, { node: other })],
      },
    });
    expect(put.status).toBe(200);
    // No command has reached the sim yet: it still knows the inventory's nodes.
    const res = await api("POST", "/v1/sim/preempt", {
      body: { cluster: "pre-a", pool: "spot", node: victim },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(202);
    // The notice: the node runs 15 s more.
    await advance(10);
    expect((await nodesOf("pre-a", "spot")).map((n) => n.name)).toContain(victim);
    await advance(10);
    expect((await nodesOf("pre-a", "spot")).map((n) => n.name)).not.toContain(victim);
    expect((await podsOf("pre-a")).find((p) => p.name === "a-0")?.node).toBeUndefined();
    const up = (await decisions("pre-a", "spot")).find((d) => d.action === "SCALE_UP");
    expect(up?.delta).toBe(1);
    expect(up?.reason).toMatch(/1 pod of 3 CPU pending/);
    // The replacement registers and takes the pod.
    await advance(180);
    const nodes = await nodesOf("pre-a", "spot");
    expect(nodes).toHaveLength(2);
    expect(nodes.every((n) => n.state === "READY")).toBe(true);
    const placed = await podsOf("pre-a");
    expect(placed.every((p) => p.node !== undefined && p.node !== victim)).toBe(true);
  });
});
