import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advanceUntil, nodesOf } from "../operations/helpers.ts";
import { clusterWithPools, decisions, podsOf, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const BLUE = "1.34.0-gke.2201000";
const GREEN = "1.34.1-gke.2201000";

/** A release that knows both versions (VER-6). */
async function release134(): Promise<void> {
  const res = await api("PUT", "/v1/releases/2026-R1", {
    body: {
      channel: "REGULAR",
      targets: { "1.34": GREEN },
      versions: [BLUE, GREEN],
      nodeImages: [],
      regions: {},
    },
  });
  expect(res.status).toBeLessThan(300);
}

describe("autoscaled blue-green through the API with workloads (NUP-10, NUP-12, CA-3)", () => {
  it("NUP-10 a pool with running workloads ends with its pods on green nodes, not empty", async () => {
    await release134();
    await clusterWithPools(
      "abg",
      {
        p: {
          version: BLUE,
          zones: ["europe-west1-b"],
          nodeCount: 2,
          autoscaling: { enabled: true, minNodes: 0, maxNodes: 4 },
          upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 600 },
        },
      },
      { version: GREEN },
    );
    // Draining waits for evicted pods a while, as a real drain does.
    await api("PUT", "/v1/sim/settings", { body: { durations: { DRAIN_NODE: 600 } } });
    const blue = await nodesOf("abg", "p");
    expect(blue).toHaveLength(2);
    const pods = blue.flatMap((node, n) =>
      [0, 1].map((i) => ({
        name: `web-${n}-${i}`,
        node: node.name,
        controller: "ReplicaSet",
        containers: [{ cpuMillis: 1500, memoryMiB: 1024 }],
        labels: { app: "web" },
      })),
    );
    const put = await api("PUT", "/v1/clusters/abg/workloads", { body: { pods } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.pending).toBe(0);

    const started = await api("POST", "/v1/clusters/abg/node-pools/p/upgrade", { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    expect(started.body.strategy).toBe("AUTOSCALED_BLUE_GREEN");
    const done = await advanceUntil(started.body.id, (o) => o.state !== "RUNNING", {
      stepSeconds: 60,
      maxSteps: 120,
    });
    expect(done.state).toBe("SUCCEEDED");
    // Green nodes still being registered reach the inventory on the next wake-ups.
    await api("POST", "/v1/sim/advance", { body: { seconds: 300 } });
    await api("POST", "/v1/clusters/abg/autoscaler/evaluate");

    const after = await nodesOf("abg", "p");
    expect(after.length).toBeGreaterThanOrEqual(2);
    expect(after.every((n) => n.version === GREEN)).toBe(true);
    const green = new Set(after.map((n) => n.name));
    const placed = await podsOf("abg");
    expect(placed).toHaveLength(4);
    for (const pod of placed) expect(green.has(pod.node ?? ""), pod.name).toBe(true);

    // Green grew while blue drained (before the operation ended), for the evicted pods.
    const ups = (await decisions("abg", "p")).filter((d) => d.action === "SCALE_UP");
    expect(ups).toHaveLength(1);
    expect(ups[0]!.delta).toBe(2);
    expect(ups[0]!.reason).toMatch(/4 pods of 1.5 CPU pending/);
    const ended = done.events.at(-1)?.at ?? "";
    expect(Date.parse(ups[0]!.at)).toBeLessThanOrEqual(Date.parse(ended));
  });

  it("NUP-10 a blue node running a pod marked not safe to evict is held past waitSeconds until 7 days after blue was cordoned (or until no such pod is left); the others drain after the wait", async () => {
    await release134();
    await clusterWithPools(
      "abg-pin",
      {
        p: {
          version: BLUE,
          zones: ["europe-west1-b"],
          nodeCount: 2,
          autoscaling: { enabled: true, minNodes: 0, maxNodes: 4 },
          upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 3600 },
        },
      },
      { version: GREEN },
    );
    const [pinned, free] = await nodesOf("abg-pin", "p");
    const pods = [
      {
        name: "batch-0",
        node: pinned!.name,
        controller: "Job",
        annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "false" },
        containers: [{ cpuMillis: 500, memoryMiB: 256 }],
      },
      {
        name: "web-0",
        node: free!.name,
        controller: "ReplicaSet",
        containers: [{ cpuMillis: 500, memoryMiB: 256 }],
      },
    ];
    const put = await api("PUT", "/v1/clusters/abg-pin/workloads", { body: { pods } });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const started = await api("POST", "/v1/clusters/abg-pin/node-pools/p/upgrade", { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    const startedAt = Date.parse(started.body.events[0].at);
    // Past the hour's wait: the free node is drained and gone, the pinned one stays.
    const held = await advanceUntil(
      started.body.id,
      (o) => o.reason?.includes("not safe to evict") === true,
      { stepSeconds: 600, maxSteps: 50 },
    );
    expect(held.state).toBe("RUNNING");
    expect(held.phase).toBe("DRAINING_BLUE");
    expect(held.reason).toMatch(
      new RegExp(
        `^NUP-10: ${pinned!.name} holds pods marked not safe to evict; drained from \\S+, 7 days after blue was cordoned$`,
      ),
    );
    const drainsFrom = Date.parse(held.reason!.split("drained from ")[1]!.split(",")[0]!);
    expect(drainsFrom - startedAt).toBeGreaterThanOrEqual(7 * 86_400_000);
    expect(drainsFrom - startedAt).toBeLessThan(7 * 86_400_000 + 3_600_000);
    // The free node was drained (its pod went to green); the pinned one keeps its pod.
    await api("POST", "/v1/clusters/abg-pin/autoscaler/evaluate");
    const where = new Map((await podsOf("abg-pin")).map((pod) => [pod.name, pod.node]));
    expect(where.get("batch-0")).toBe(pinned!.name);
    expect([pinned!.name, free!.name]).not.toContain(where.get("web-0"));
    // An hour later still held; then the job ends (the agent's next snapshot no longer
    // has the marked pod): the node drains at once and the upgrade completes.
    await api("POST", "/v1/sim/advance", { body: { seconds: 3600 } });
    const still = (await api("GET", `/v1/operations/${started.body.id}`)).body;
    expect(still).toMatchObject({ state: "RUNNING", phase: "DRAINING_BLUE" });
    expect(still.reason).toContain("not safe to evict");
    const ended = await api("PUT", "/v1/clusters/abg-pin/workloads", {
      body: { pods: [{ ...pods[1]!, node: where.get("web-0") }] },
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    const done = await advanceUntil(started.body.id, (o) => o.state !== "RUNNING", {
      stepSeconds: 300,
      maxSteps: 40,
    });
    expect(done.state).toBe("SUCCEEDED");
    expect(Date.parse(done.events.at(-1)!.at) - startedAt).toBeLessThan(7 * 86_400_000);
  });
});
