import { describe, expect, it } from "vitest";
import { type AutoscalerPool, type ComputeClass, evaluateCluster } from "../../src/index.ts";
import { input, MIN, node, pod, pool, T0, ZONES } from "./fixtures.ts";

const [A, B, C] = ZONES as [string, string, string];

/** The seed's example: g2-standard-24 with 2 L4 GPUs, spot first, on demand as fallback. */
const preferL4Spot: ComputeClass = {
  name: "prefer-l4-spot",
  priorities: [
    { machineType: "g2-standard-24", spot: true, accelerator: { type: "nvidia-l4", count: 2 } },
    { machineType: "g2-standard-24", spot: false, accelerator: { type: "nvidia-l4", count: 2 } },
  ],
  activeMigration: { optimizeRulePriority: true },
};

const G2 = {
  machineType: "g2-standard-24",
  cpuMillis: 24_000,
  memoryMiB: 98_304,
  accelerators: 2,
  pricePerHour: 2,
  spotPricePerHour: 0.7,
};

function l4(name: string, spot: boolean, over: Partial<AutoscalerPool> = {}): AutoscalerPool {
  return pool(name, { machine: G2, spot, computeClass: "prefer-l4-spot", ...over });
}

const gpuPod = (name: string, over = {}) =>
  pod(name, 20_000, 8192, {
    containers: [{ cpuMillis: 20_000, memoryMiB: 8192, accelerators: 2 }],
    nodeSelector: { "cloud.google.com/compute-class": "prefer-l4-spot" },
    ...over,
  });

describe("compute classes", () => {
  it("CA-15 scale up tries the class's rules in order: spot first", () => {
    const d = evaluateCluster(
      input({
        pools: [l4("l4-od", false), l4("l4-spot", true)],
        computeClasses: [preferL4Spot],
        pods: [gpuPod("g-0")],
      }),
      T0,
    );
    expect(d.actions).toMatchObject([{ type: "SCALE_UP", pool: "l4-spot", delta: 1 }]);
    expect(d.records.find((r) => r.action === "SCALE_UP")?.reason).toMatch(
      /compute class prefer-l4-spot rule 1/,
    );
  });

  it("CA-15 rule order beats price", () => {
    const dearSpot = l4("l4-spot", true, { machine: { ...G2, spotPricePerHour: 5 } });
    const d = evaluateCluster(
      input({
        pools: [l4("l4-od", false), dearSpot],
        computeClasses: [preferL4Spot],
        pods: [gpuPod("g-0")],
      }),
      T0,
    );
    expect(d.actions.map((a) => a.pool)).toEqual(["l4-spot"]);
  });

  it("CA-15 falls back to the next rule when the first has no capacity", () => {
    const noSpot = l4("l4-spot", true, { zoneCapacity: { [A]: 0, [B]: 0, [C]: 0 } });
    const d = evaluateCluster(
      input({
        pools: [l4("l4-od", false), noSpot],
        computeClasses: [preferL4Spot],
        pods: [gpuPod("g-0")],
      }),
      T0,
    );
    expect(d.actions).toMatchObject([{ type: "SCALE_UP", pool: "l4-od", delta: 1 }]);
    expect(d.records.find((r) => r.action === "SCALE_UP")?.reason).toMatch(
      /compute class prefer-l4-spot rule 2 \(higher rules have no capacity\)/,
    );
  });

  it("CA-15 pods of a class land only on the class's pools, and other pods never on them", () => {
    const d = evaluateCluster(
      input({
        pools: [l4("l4-spot", true), pool("web")],
        computeClasses: [preferL4Spot],
        pods: [pod("plain", 1000), gpuPod("g-0")],
      }),
      T0,
    );
    expect(d.actions.map((a) => [a.pool, a.type === "SCALE_UP" ? a.pods : []])).toEqual([
      ["l4-spot", ["default/g-0"]],
      ["web", ["default/plain"]],
    ]);
  });

  it("CA-15 active migration: workloads on a lower rule move up when its capacity returns", () => {
    const nodes = [node("od-1", "l4-od", A)];
    const running = [gpuPod("g-0", { node: "od-1" })];
    const d = evaluateCluster(
      input({
        pools: [l4("l4-od", false), l4("l4-spot", true)],
        computeClasses: [preferL4Spot],
        nodes,
        pods: running,
      }),
      T0,
    );
    expect(d.actions).toMatchObject([
      { type: "SCALE_UP", pool: "l4-spot", delta: 1, pods: ["default/g-0"] },
      { type: "SCALE_DOWN", pool: "l4-od", nodes: ["od-1"] },
    ]);
    expect(d.records.find((r) => r.action === "SCALE_DOWN")?.reason).toMatch(
      /^CA-15 active migration: node od-1 drained/,
    );
  });

  it("CA-15 without active migration, or while the higher rule has no capacity, workloads stay", () => {
    const nodes = [node("od-1", "l4-od", A)];
    const running = [gpuPod("g-0", { node: "od-1" })];
    const passive = { ...preferL4Spot, activeMigration: { optimizeRulePriority: false } };
    const off = evaluateCluster(
      input({
        pools: [l4("l4-od", false), l4("l4-spot", true)],
        computeClasses: [passive],
        nodes,
        pods: running,
      }),
      T0,
    );
    expect(off.actions).toEqual([]);
    const noSpot = l4("l4-spot", true, { zoneCapacity: { [A]: 0, [B]: 0, [C]: 0 } });
    const full = evaluateCluster(
      input(
        {
          pools: [l4("l4-od", false), noSpot],
          computeClasses: [preferL4Spot],
          nodes,
          pods: running,
        },
        { backoff: {}, unneededSince: {}, lastScaleUpAt: T0 - 60 * MIN },
      ),
      T0,
    );
    expect(full.actions).toEqual([]);
  });

  it("CA-15 active migration never moves a pod that may not be evicted or is guarded by a PodDisruptionBudget (CA-7)", () => {
    const nodes = [node("od-1", "l4-od", A)];
    const pinned = [
      gpuPod("g-0", {
        node: "od-1",
        annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "false" },
      }),
    ];
    const d = evaluateCluster(
      input({
        pools: [l4("l4-od", false), l4("l4-spot", true)],
        computeClasses: [preferL4Spot],
        nodes,
        pods: pinned,
      }),
      T0,
    );
    expect(d.actions).toEqual([]);
  });
});
