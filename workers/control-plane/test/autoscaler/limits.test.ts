import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const VERSION = "1.33.5-gke.1000";

async function cluster(name: string) {
  const res = await api("PUT", `/v1/clusters/${name}`, { body: clusterBody({ version: VERSION }) });
  expect(res.status).toBe(201);
}

function putPool(clusterName: string, pool: string, overrides: Record<string, unknown>) {
  return api("PUT", `/v1/clusters/${clusterName}/node-pools/${pool}`, {
    body: poolBody({ version: VERSION, ...overrides }),
  });
}

describe("pool limits refused on the node-pool PUT (CA-13, CA-16)", () => {
  it("CA-13 a multi-host TPU pool (16x16 of ct5lp-hightpu-4t: 64 nodes) whose limits cannot hold 0 or 64 nodes is 422", async () => {
    const tpu = await api("PUT", "/v1/machine-types/ct5lp-hightpu-4t", {
      body: { cpuMillis: 112_000, memoryMiB: 196_608, gpus: 4, pricePerHour: 4.8 },
    });
    expect(tpu.status).toBeLessThan(300);
    await cluster("lim-tpu");
    const slice = {
      machineType: "ct5lp-hightpu-4t",
      zones: ["europe-west1-b"],
      nodeCount: 0,
      tpu: { topology: "16x16", multiHost: true },
    };
    const refused = await putPool("lim-tpu", "tpu", {
      ...slice,
      autoscaling: { enabled: true, minNodes: 5, maxNodes: 10 },
    });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body.rule).toBe("CA-13");
    expect(refused.body.detail).toMatch(/^CA-13: .*64 nodes/);
    // Nothing was stored.
    expect((await api("GET", "/v1/clusters/lim-tpu/node-pools/tpu")).status).toBe(404);
    const between = await putPool("lim-tpu", "tpu", {
      ...slice,
      autoscaling: { enabled: true, totalMinNodes: 8, totalMaxNodes: 64 },
    });
    expect(between.status).toBe(422);
    expect(between.body.rule).toBe("CA-13");
    const partial = await putPool("lim-tpu", "tpu", {
      ...slice,
      nodeCount: 5,
      autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 64 },
    });
    expect(partial.status).toBe(422);
    expect(partial.body.rule).toBe("CA-13");
    const whole = await putPool("lim-tpu", "tpu", {
      ...slice,
      autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 64 },
    });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
  });

  it("CA-16 a pool whose maximum over its zones passes the 15,000-node cluster cap is 422", async () => {
    const zones = Array.from({ length: 16 }, (_, i) => `lim-zone-${String(i).padStart(2, "0")}`);
    for (const zone of zones) {
      const res = await api("PUT", `/v1/zones/${zone}`, {
        body: { region: "europe-west1", quota: { nodes: 100_000 } },
      });
      expect(res.status).toBeLessThan(300);
    }
    await cluster("lim-cap");
    const refused = await putPool("lim-cap", "big", {
      zones,
      nodeCount: 0,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 1000 },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.rule).toBe("CA-16");
    expect(refused.body.detail).toMatch(/^CA-16: a maximum of 16000 nodes/);
    const fits = await putPool("lim-cap", "big", {
      zones,
      nodeCount: 0,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 937 },
    });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });
});
