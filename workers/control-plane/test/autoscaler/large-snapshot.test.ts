import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { clusterWithPools, podsOf, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

describe("a 50,000-pod snapshot within the Workers limits", () => {
  it("CA-3 50,000 pods arrive in 10 parts of 5,000 (each body under 1 MB), take effect together and get nodes", async () => {
    for (const zone of ["europe-west1-b", "europe-west1-c"]) {
      const res = await api("PUT", `/v1/zones/${zone}`, {
        body: { region: "europe-west1", quota: { nodes: 2000 } },
      });
      expect(res.status).toBeLessThan(300);
    }
    await clusterWithPools("big", {
      p: {
        zones: ["europe-west1-b", "europe-west1-c"],
        nodeCount: 50,
        maxPodsPerNode: 110,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 1000 },
      },
    });
    const parts = 10;
    let last: { status: number; body: any } | undefined;
    for (let index = 0; index < parts; index++) {
      const pods = Array.from({ length: 5000 }, (_, i) => ({
        name: `w-${index}-${i}`,
        containers: [{ cpuMillis: 50, memoryMiB: 64 }],
      }));
      const body = { pods, part: { snapshot: "big-1", index, count: parts } };
      expect(JSON.stringify(body).length).toBeLessThan(1024 * 1024);
      last = await api("PUT", "/v1/clusters/big/workloads", { body });
      expect(last.status, JSON.stringify(last.body).slice(0, 300)).toBe(200);
    }
    expect(last?.body.complete).toBe(true);
    expect(last?.body.pods).toBe(50_000);
    // A 4-CPU node takes 80 pods of 50m (CPU binds before the 110-pod limit): the 100
    // nodes there are take 8,000, the other 42,000 need 525 new nodes.
    const made = (last?.body.decisions ?? []) as { action: string; delta: number }[];
    const up = made.filter((d) => d.action === "SCALE_UP");
    expect(up.reduce((sum, d) => sum + d.delta, 0)).toBe(525);
    expect((await podsOf("big")).length).toBe(50_000);
  });
});
