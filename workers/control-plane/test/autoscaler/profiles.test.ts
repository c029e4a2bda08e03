import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { clusterWithPools, decisions, evaluate, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const VERSION = "1.33.5-gke.1000";
const ZONE = ["europe-west1-b"];

async function advance(seconds: number) {
  expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
}

describe("autoscaling profiles are per cluster (CA-11)", () => {
  it("CA-11 the cluster carries its profile: optimize-utilization removes an unneeded node of a pool without its own sooner; a pool's own profile overrides it", async () => {
    await clusterWithPools(
      "prof-a",
      {
        fast: {
          zones: ZONE,
          nodeCount: 2,
          autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 },
        },
        slow: {
          zones: ZONE,
          nodeCount: 2,
          autoscaling: { enabled: true, minNodes: 0, maxNodes: 5, profile: "balanced" },
        },
      },
      { autoscalingProfile: "optimize-utilization" },
    );
    const shown = await api("GET", "/v1/clusters/prof-a");
    expect(shown.body.autoscalingProfile).toBe("optimize-utilization");
    const pool = await api("GET", "/v1/clusters/prof-a/node-pools/fast");
    expect(pool.body.autoscaling.profile).toBeUndefined();
    expect((await api("PUT", "/v1/clusters/prof-a/workloads", { body: { pods: [] } })).status).toBe(
      200,
    );
    await advance(120);
    await evaluate("prof-a");
    const pools = new Set(
      (await decisions("prof-a")).filter((d) => d.action === "SCALE_DOWN").map((d) => d.pool),
    );
    expect(pools.has("fast")).toBe(true);
    expect(pools.has("slow")).toBe(false);
  });

  it("CA-11 a Standard cluster is balanced by default; an Autopilot cluster optimizes utilization and refuses balanced (422), on the cluster and on its pools", async () => {
    const standard = await api("PUT", "/v1/clusters/prof-std", {
      body: clusterBody({ version: VERSION }),
    });
    expect(standard.status).toBe(201);
    expect(standard.body.autoscalingProfile).toBe("balanced");
    const refused = await api("PUT", "/v1/clusters/prof-auto", {
      body: clusterBody({ version: VERSION, autopilot: true, autoscalingProfile: "balanced" }),
    });
    expect(refused.status).toBe(422);
    expect(refused.body.rule).toBe("CA-11");
    expect(refused.body.detail).toMatch(/^CA-11: .*not available on Autopilot/);
    const autopilot = await api("PUT", "/v1/clusters/prof-auto", {
      body: clusterBody({ version: VERSION, autopilot: true }),
    });
    expect(autopilot.status).toBe(201);
    expect(autopilot.body.autoscalingProfile).toBe("optimize-utilization");
    const pool = await api("PUT", "/v1/clusters/prof-auto/node-pools/p", {
      body: poolBody({
        version: VERSION,
        zones: ZONE,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 3, profile: "balanced" },
      }),
    });
    expect(pool.status).toBe(422);
    expect(pool.body.rule).toBe("CA-11");
    // A Standard cluster whose pool asks for balanced cannot turn Autopilot.
    await api("PUT", "/v1/clusters/prof-std/node-pools/p", {
      body: poolBody({
        version: VERSION,
        zones: ZONE,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 3, profile: "balanced" },
      }),
    });
    const turned = await api("PUT", "/v1/clusters/prof-std", {
      body: clusterBody({ version: VERSION, autopilot: true }),
    });
    expect(turned.status).toBe(422);
    expect(turned.body.detail).toMatch(/node pools p set it/);
  });
});
