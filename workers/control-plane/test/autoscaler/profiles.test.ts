import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
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

  it("CA-11 optimize-utilization binds a pending pod to the node with the most CPU, memory or GPU allocation; a pod naming a custom scheduler is not affected", async () => {
    const gpu = await api("PUT", "/v1/machine-types/g2-standard-48", {
      body: {
        cpuMillis: 24_000,
        memoryMiB: 98_304,
        gpus: 4,
        gpuType: "nvidia-l4",
        pricePerHour: 4,
      },
    });
    expect(gpu.status).toBeLessThan(300);
    await clusterWithPools(
      "prof-gpu",
      {
        g: {
          machineType: "g2-standard-48",
          zones: ZONE,
          nodeCount: 2,
          autoscaling: { enabled: true, minNodes: 0, maxNodes: 4 },
        },
      },
      { autoscalingProfile: "optimize-utilization" },
    );
    const [first, second] = (await nodesOf("prof-gpu", "g")).map((n) => n.name).sort();
    const withGpus = (name: string, gpus: number, cpuMillis: number, extra = {}) =>
      pods(name, 1, cpuMillis, {
        containers: [{ cpuMillis, memoryMiB: 256, accelerators: gpus }],
        ...extra,
      })[0]!;
    // The first node has more CPU requested, the second more GPUs: the second is busier.
    const running = [
      withGpus("cpu-heavy", 1, 10_000, { node: first }),
      withGpus("gpu-heavy", 3, 1000, { node: second }),
    ];
    const boundTo = async (extra: Record<string, unknown>) => {
      const put = await api("PUT", "/v1/clusters/prof-gpu/workloads", {
        body: { pods: [...running, withGpus("new", 1, 1000, extra)] },
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      return (await podsOf("prof-gpu")).find((p) => p.name === "new-0")?.node;
    };
    expect(await boundTo({})).toBe(second);
    expect(await boundTo({ schedulerName: "volcano" })).toBe(first);
  });
});
