import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { clusterWithPools, decisions, pods, podsOf, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

describe("workload intake: PUT /v1/clusters/{cluster}/workloads", () => {
  it("stores a snapshot, runs a pass and lists the pods", async () => {
    await clusterWithPools("wl-a", { p: { nodeCount: 1 } });
    const res = await api("PUT", "/v1/clusters/wl-a/workloads", {
      body: {
        pods: [
          ...pods("web", 2, 500, { node: "wl-a-p-europe-west1-b-0000" }),
          ...pods("batch", 1, 500),
        ],
        pdbs: [{ selector: { app: "web" }, maxUnavailable: 1 }],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ cluster: "wl-a", complete: true, pods: 3, pdbs: 1 });
    expect(res.body.decisions.length).toBeGreaterThan(0);
    const listed = await podsOf("wl-a");
    expect(listed.map((p) => p.name).sort()).toEqual(["batch-0", "web-0", "web-1"]);
    expect((await decisions("wl-a")).length).toBeGreaterThan(0);
  });

  it("a snapshot in parts takes effect when its last part arrives", async () => {
    await clusterWithPools("wl-b", { p: { nodeCount: 1 } });
    const part = (index: number) => ({
      pods: pods(`part${index}`, 3, 100),
      part: { snapshot: "s1", index, count: 3 },
    });
    for (const index of [2, 0]) {
      const res = await api("PUT", "/v1/clusters/wl-b/workloads", { body: part(index) });
      expect(res.status).toBe(200);
      expect(res.body.complete).toBe(false);
      expect(res.body.pods).toBe(0);
    }
    const last = await api("PUT", "/v1/clusters/wl-b/workloads", { body: part(1) });
    expect(last.body).toMatchObject({ complete: true, pods: 9 });
    expect((await podsOf("wl-b")).length).toBe(9);
    // A pod in two parts is refused when the snapshot comes together; nothing changes.
    const twice = (index: number) => ({
      pods: pods("same", 1, 100),
      part: { snapshot: "s2", index, count: 2 },
    });
    expect((await api("PUT", "/v1/clusters/wl-b/workloads", { body: twice(0) })).status).toBe(200);
    const refused = await api("PUT", "/v1/clusters/wl-b/workloads", { body: twice(1) });
    expect(refused.status).toBe(400);
    expect(refused.body.detail).toMatch(/default\/same-0 is in more than one part/);
    expect((await podsOf("wl-b")).length).toBe(9);
  });

  it("refuses malformed snapshots with problem+json, and unknown clusters with 404", async () => {
    await clusterWithPools("wl-c", { p: { nodeCount: 1 } });
    const bad = [
      { pods: [{ name: "x", containers: [] }] },
      { pods: [{ name: "Bad_Name", containers: [{ cpuMillis: 1, memoryMiB: 1 }] }] },
      { pods: [...pods("dup", 1, 1), ...pods("dup", 1, 1)] },
      { pods: [], pdbs: [{ selector: {}, maxUnavailable: 1, minAvailable: 1 }] },
      { pods: [], part: { snapshot: "s", index: 3, count: 3 } },
      { pods: pods("many", 5001, 1) },
    ];
    for (const body of bad) {
      const res = await api("PUT", "/v1/clusters/wl-c/workloads", { body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.headers.get("content-type")).toContain("application/problem+json");
    }
    const missing = await api("PUT", "/v1/clusters/nope/workloads", { body: { pods: [] } });
    expect(missing.status).toBe(404);
  });
});
