import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { nodesOf } from "../operations/helpers.ts";
import { clusterWithPools, decisions, useAutoscalerFixtures } from "./helpers.ts";

// A file of its own: an hour of 10 s scans while the drain is held wakes no other test's
// clusters.
useAutoscalerFixtures();

const ZONE = ["europe-west1-b"];

async function advance(seconds: number) {
  expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
}

async function putPods(cluster: string, list: Record<string, unknown>[]) {
  const res = await api("PUT", `/v1/clusters/${cluster}/workloads`, { body: { pods: list } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe("a drain held past its grace is forced (CA-8)", () => {
  it("CA-8 a drain held by a PodDisruptionBudget (STUCK_DRAIN) is forced when the grace runs out: 10 minutes before 1.32.7-gke.1079000, 1 hour from it", async () => {
    for (const [cluster, version, graceSeconds] of [
      ["stuck-old", "1.31.4-gke.1000", 600],
      ["stuck-new", "1.33.5-gke.1000", 3600],
    ] as const) {
      await clusterWithPools(
        cluster,
        {
          p: {
            version,
            zones: ZONE,
            nodeCount: 2,
            autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 },
          },
        },
        { version },
      );
      const fault = await api("PUT", `/v1/sim/faults/${cluster}`, {
        body: { match: { cluster, operation: "DRAIN_NODE" }, effect: "STUCK_DRAIN" },
      });
      expect(fault.status).toBeLessThan(300);
      await putPods(cluster, []);
      await advance(610);
      const down = (await decisions(cluster)).find((d) => d.action === "SCALE_DOWN");
      expect(down?.nodes, cluster).toHaveLength(1);
      const [gone] = down!.nodes!;
      // Held by the budget until the grace runs out…
      await advance(graceSeconds - 60);
      expect(
        (await nodesOf(cluster, "p")).map((n) => n.name),
        cluster,
      ).toContain(gone);
      // …then drained without it and deleted (the sim's forced drain ignores PDBs).
      await advance(60 + 90 + 60);
      expect(
        (await nodesOf(cluster, "p")).map((n) => n.name),
        cluster,
      ).not.toContain(gone);
      const forced = (await decisions(cluster)).find(
        (d) => /forced/.test(d.reason) && d.nodes?.includes(gone!),
      );
      expect(forced?.reason, cluster).toMatch(
        new RegExp(`still draining after ${graceSeconds / 60} min`),
      );
      expect(forced?.blockedBy, cluster).toBe("CA-8");
      await api("DELETE", `/v1/sim/faults/${cluster}`);
    }
  }, 120_000);
});
