import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { expectProblem } from "../inventory/problems.ts";
import { clusterWithPools, type DecisionBody, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const ZONE = ["europe-west1-b"];
/** G2 with two L4s, and a cheaper N1 with two T4s attached: the same GPU count. */
const G2 = { cpuMillis: 24_000, memoryMiB: 98_304, gpus: 2, pricePerHour: 2 };
const N1_T4 = { cpuMillis: 32_000, memoryMiB: 122_880, gpus: 2, pricePerHour: 1.5 };

async function putMachineType(name: string, body: Record<string, unknown>) {
  const res = await api("PUT", `/v1/machine-types/${name}`, { body });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res;
}

const classPool = (machineType: string) => ({
  machineType,
  zones: ZONE,
  nodeCount: 0,
  computeClass: "l4-only",
  autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 },
});

const l4Pod = {
  name: "infer-0",
  controller: "ReplicaSet",
  containers: [{ cpuMillis: 8000, memoryMiB: 4096, accelerators: 2 }],
  nodeSelector: { "cloud.google.com/compute-class": "l4-only" },
};

async function putPods(cluster: string, pods: Record<string, unknown>[]): Promise<DecisionBody[]> {
  const res = await api("PUT", `/v1/clusters/${cluster}/workloads`, { body: { pods } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.decisions;
}

describe("GPU models (CA-15)", () => {
  it("CA-15 a machine type names its GPU model: shown on reads, gone when a replace leaves it out, 422 on a type without GPUs", async () => {
    const created = await putMachineType("g2-gpu-read", { ...G2, gpuType: "nvidia-l4" });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ name: "g2-gpu-read", ...G2, gpuType: "nvidia-l4" });
    expect((await api("GET", "/v1/machine-types/g2-gpu-read")).body.gpuType).toBe("nvidia-l4");
    const replaced = await putMachineType("g2-gpu-read", G2);
    expect(replaced.body.gpuType).toBeUndefined();
    const refused = await api("PUT", "/v1/machine-types/cpu-only", {
      body: { cpuMillis: 4000, memoryMiB: 16_384, pricePerHour: 0.1, gpuType: "nvidia-l4" },
    });
    expectProblem(refused, 422);
    expect(refused.body.rule).toBe("CA-15");
    expect(refused.body.detail).toMatch(/^CA-15: gpuType .* gpus is 0/);
    expectProblem(await api("GET", "/v1/machine-types/cpu-only"), 404);
    const badType = await api("PUT", "/v1/compute-classes/bad-gpu", {
      body: { priorities: [{ accelerator: { type: "NVIDIA L4", count: 1 } }] },
    });
    expectProblem(badType, 400);
  });

  it("CA-15 a pool of two T4s does not serve a rule asking for two L4s: the L4 pool grows though it costs more, and alone the T4 pool is not grown", async () => {
    await putMachineType("g2-standard-24", { ...G2, gpuType: "nvidia-l4" });
    await putMachineType("n1-standard-32-t4x2", { ...N1_T4, gpuType: "nvidia-tesla-t4" });
    const put = await api("PUT", "/v1/compute-classes/l4-only", {
      body: { priorities: [{ accelerator: { type: "nvidia-l4", count: 2 } }] },
    });
    expect(put.status).toBeLessThan(300);
    await clusterWithPools("gpu-both", {
      t4: classPool("n1-standard-32-t4x2"),
      l4: classPool("g2-standard-24"),
    });
    const both = await putPods("gpu-both", [l4Pod]);
    expect(both.filter((d) => d.action === "SCALE_UP").map((d) => [d.pool, d.delta])).toEqual([
      ["l4", 1],
    ]);
    const t4 = both.find((d) => d.pool === "t4");
    expect(t4).toMatchObject({ action: "NOOP", blockedBy: "CA-15" });
    expect(t4?.reason).toMatch(/rule 1: nvidia-l4 GPUs, not nvidia-tesla-t4/);

    await clusterWithPools("gpu-t4-only", { t4: classPool("n1-standard-32-t4x2") });
    const alone = await putPods("gpu-t4-only", [l4Pod]);
    expect(alone.some((d) => d.action === "SCALE_UP")).toBe(false);
    expect(alone.find((d) => d.pool === "t4")).toMatchObject({
      action: "NOOP",
      blockedBy: "CA-15",
    });
  });

  it("CA-15 a pod picks its GPU model with the cloud.google.com/gke-accelerator node selector", async () => {
    await putMachineType("g2-standard-24", { ...G2, gpuType: "nvidia-l4" });
    await putMachineType("n1-standard-32-t4x2", { ...N1_T4, gpuType: "nvidia-tesla-t4" });
    const plain = (machineType: string) => ({ ...classPool(machineType), computeClass: undefined });
    await clusterWithPools("gpu-select", {
      t4: plain("n1-standard-32-t4x2"),
      l4: plain("g2-standard-24"),
    });
    const wantsL4 = {
      ...l4Pod,
      nodeSelector: { "cloud.google.com/gke-accelerator": "nvidia-l4" },
    };
    const decisions = await putPods("gpu-select", [wantsL4]);
    expect(decisions.filter((d) => d.action === "SCALE_UP").map((d) => d.pool)).toEqual(["l4"]);
  });

  it("CA-15 migration 0179 fills the GPU model where the machine family fixes it and leaves the rest unknown", async () => {
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0179_"));
    expect(migration?.name).toBe("0179_gpu_type.sql");
    const insert = env.DB.prepare(
      "INSERT INTO machine_types (name, cpu_millis, memory_mib, gpus, price_per_hour, created_at, updated_at) VALUES (?, 1000, 1024, ?, 1, 0, 0)",
    );
    const before: [string, number][] = [
      ["g2-cpu", 0],
      ["g2-standard-8", 1],
      ["a2-highgpu-1g", 1],
      ["a2-ultragpu-1g", 1],
      ["a3-highgpu-8g", 8],
      ["a3-megagpu-8g", 8],
      ["n1-standard-8-t4", 1],
    ];
    await env.DB.batch(before.map(([name, gpus]) => insert.bind(name, gpus)));
    // The column exists already (every migration ran): re-run the backfill on these rows.
    const backfill = migration!.queries.find((q) => q.includes("UPDATE"));
    await env.DB.prepare(backfill!).run();
    const rows = await env.DB.prepare(
      "SELECT name, gpu_type FROM machine_types WHERE created_at = 0 ORDER BY name",
    ).all<{ name: string; gpu_type: string | null }>();
    expect(Object.fromEntries(rows.results.map((r) => [r.name, r.gpu_type]))).toEqual({
      "a2-highgpu-1g": "nvidia-tesla-a100",
      "a2-ultragpu-1g": "nvidia-a100-80gb",
      "a3-highgpu-8g": "nvidia-h100-80gb",
      "a3-megagpu-8g": "nvidia-h100-mega-80gb",
      "g2-cpu": null,
      "g2-standard-8": "nvidia-l4",
      "n1-standard-8-t4": null,
    });
  });
});
