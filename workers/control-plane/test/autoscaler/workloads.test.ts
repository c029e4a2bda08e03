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

  it("CA-3 a pod pinned to a node of another cluster, or to none that exists, is pending: the PUT counts it, the decision names the node, the listing shows no node", async () => {
    await clusterWithPools("wl-pin", {
      p: { nodeCount: 1, autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 } },
    });
    await clusterWithPools("wl-other", { p: { nodeCount: 1 } });
    const res = await api("PUT", "/v1/clusters/wl-pin/workloads", {
      body: {
        pods: [
          ...pods("full", 1, 3500, { node: "wl-pin-p-europe-west1-b-0000" }),
          ...pods("busy", 1, 3500, { node: "wl-pin-p-europe-west1-c-0000" }),
          ...pods("foreign", 1, 3000, { node: "wl-other-p-europe-west1-b-0000" }),
          ...pods("ghost", 1, 3000, { node: "gke-gone-node-1" }),
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ pods: 4, pending: 2 });
    const named = res.body.decisions.find(
      (d: { pool: string | null; reason: string }) =>
        d.pool === null && /names node/.test(d.reason),
    );
    expect(named?.action).toBe("NOOP");
    expect(named?.reason).toMatch(
      /foreign-0 names node wl-other-p-europe-west1-b-0000, ghost-0 names node gke-gone-node-1, which this cluster does not have/,
    );
    // Treated like any pending pod: they fit no node, so the pool grows for them.
    const up = res.body.decisions.find((d: { action: string }) => d.action === "SCALE_UP");
    expect(up?.reason).toMatch(/^2 pods of 3 CPU pending/);
    const listed = new Map((await podsOf("wl-pin")).map((p) => [p.name, p.node]));
    expect(listed.get("foreign-0")).toBeUndefined();
    expect(listed.get("ghost-0")).toBeUndefined();
    expect(listed.get("busy-0")).toBe("wl-pin-p-europe-west1-c-0000");
  });

  it("CA-7 annotations are capped at Kubernetes' 262,144 bytes in total, not per value; only those the autoscaler reads are stored", async () => {
    await clusterWithPools("wl-ann", { p: { nodeCount: 1 } });
    const annotated = (bytes: number) => ({
      pods: pods("a", 1, 100, {
        annotations: {
          "cluster-autoscaler.kubernetes.io/safe-to-evict": "false",
          "example.com/blob": "x".repeat(bytes),
        },
      }),
    });
    const ok = await api("PUT", "/v1/clusters/wl-ann/workloads", {
      body: annotated(200 * 1024),
    });
    expect(ok.status, JSON.stringify(ok.body).slice(0, 300)).toBe(200);
    const [stored] = (await podsOf("wl-ann")) as { annotations?: Record<string, string> }[];
    expect(stored?.annotations).toEqual({
      "cluster-autoscaler.kubernetes.io/safe-to-evict": "false",
    });
    const over = await api("PUT", "/v1/clusters/wl-ann/workloads", {
      body: annotated(262_144),
    });
    expect(over.status).toBe(422);
    expect(over.body.rule).toBe("CA-7");
    expect(over.body.detail).toMatch(/TotalAnnotationSizeLimitB/);
    expect(over.body.errors[0].path).toBe("json.pods.0.annotations");
  });

  it("CA-12 the short form takes what Kubernetes allows: system priorities over 1,000,000,000 and node names up to 253 characters", async () => {
    await clusterWithPools("wl-k8s", { p: { nodeCount: 1 } });
    const res = await api("PUT", "/v1/clusters/wl-k8s/workloads", {
      body: {
        pods: [
          ...pods("node-critical", 1, 100, { priority: 2_000_001_000, daemonSet: true }),
          ...pods("far", 1, 100, { node: `n-${"x".repeat(200)}.example.internal` }),
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  });
});
