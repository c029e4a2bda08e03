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
  gpuType: "nvidia-l4",
  pricePerHour: 2,
  spotPricePerHour: 0.7,
};

/** An N1 machine with two T4s attached: cheaper than the G2, same GPU count. */
const T4x2 = {
  machineType: "n1-standard-32-t4x2",
  cpuMillis: 32_000,
  memoryMiB: 122_880,
  accelerators: 2,
  gpuType: "nvidia-tesla-t4",
  pricePerHour: 1.5,
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

  it("CA-15 a rule naming a GPU type is served only by that type: a pool of two T4s does not serve an L4 rule", () => {
    const l4Only: ComputeClass = {
      name: "l4",
      priorities: [{ accelerator: { type: "nvidia-l4", count: 2 } }],
    };
    const t4 = pool("t4", { machine: T4x2, computeClass: "l4" });
    const l4Pod = gpuPod("g-0", { nodeSelector: { "cloud.google.com/compute-class": "l4" } });
    // The T4 pool is cheaper, yet the L4 pool grows.
    const both = evaluateCluster(
      input({
        pools: [t4, l4("l4-od", false, { computeClass: "l4" })],
        computeClasses: [l4Only],
        pods: [l4Pod],
      }),
      T0,
    );
    expect(both.actions).toMatchObject([{ type: "SCALE_UP", pool: "l4-od", delta: 1 }]);
    // Alone, it is not grown: the pod stays pending and the decision says why.
    const alone = evaluateCluster(
      input({ pools: [t4], computeClasses: [l4Only], pods: [l4Pod] }),
      T0,
    );
    expect(alone.actions).toEqual([]);
    expect(alone.records.find((r) => r.pool === "t4")).toMatchObject({
      action: "NOOP",
      blockedBy: "CA-15",
      reason:
        "pending pods could use it but it serves compute class l4 but matches none of its rules (rule 1: nvidia-l4 GPUs, not nvidia-tesla-t4)",
    });
  });

  it("CA-15 a machine type that names no GPU type never matches a rule that names one; a rule without a type matches by count", () => {
    const untyped = { ...G2, gpuType: undefined };
    const { gpuType: _gone, ...noType } = untyped;
    const typedRule: ComputeClass = {
      name: "l4",
      priorities: [{ accelerator: { type: "nvidia-l4", count: 2 } }],
    };
    const anyTwo: ComputeClass = { name: "l4", priorities: [{ accelerator: { count: 2 } }] };
    const pools = [pool("old-g2", { machine: noType, computeClass: "l4" })];
    const l4Pod = gpuPod("g-0", { nodeSelector: { "cloud.google.com/compute-class": "l4" } });
    const typed = evaluateCluster(input({ pools, computeClasses: [typedRule], pods: [l4Pod] }), T0);
    expect(typed.actions).toEqual([]);
    expect(typed.records.find((r) => r.pool === "old-g2")?.reason).toMatch(
      /rule 1: nvidia-l4 GPUs; machine type g2-standard-24 names no GPU type/,
    );
    const counted = evaluateCluster(input({ pools, computeClasses: [anyTwo], pods: [l4Pod] }), T0);
    expect(counted.actions).toMatchObject([{ type: "SCALE_UP", pool: "old-g2" }]);
  });

  it("CA-15 a pod picks its GPU model with the cloud.google.com/gke-accelerator node selector, as on GKE", () => {
    const pools = [pool("t4", { machine: T4x2 }), pool("l4", { machine: G2 })];
    const wants = (type: string) =>
      evaluateCluster(
        input({
          pools,
          pods: [
            pod("g-0", 1000, 1024, {
              containers: [{ cpuMillis: 1000, memoryMiB: 1024, accelerators: 2 }],
              nodeSelector: { "cloud.google.com/gke-accelerator": type },
            }),
          ],
        }),
        T0,
      ).actions.map((a) => a.pool);
    expect(wants("nvidia-l4")).toEqual(["l4"]);
    expect(wants("nvidia-tesla-t4")).toEqual(["t4"]);
    expect(wants("nvidia-h100-80gb")).toEqual([]);
  });
});
