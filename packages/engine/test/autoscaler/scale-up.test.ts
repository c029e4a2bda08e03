import { describe, expect, it } from "vitest";
import {
  type AutoscalerDecision,
  type AutoscalerPool,
  evaluateCluster,
  locationPolicyOf,
  type ScaleUpAction,
  sliceNodeCount,
  validateAutoscaling,
} from "../../src/index.ts";
import { CURRENT, input, MIN, node, pod, pods, pool, T0, ZONES } from "./fixtures.ts";

const [A, B, C] = ZONES as [string, string, string];

function ups(d: AutoscalerDecision): ScaleUpAction[] {
  return d.actions.filter((a): a is ScaleUpAction => a.type === "SCALE_UP");
}

describe("scale up", () => {
  it("CA-3 pending pods that fit no node are bin-packed onto new nodes of the pool, requested together", () => {
    const d = evaluateCluster(
      input({
        pools: [pool("web")],
        nodes: [node("web-1", "web")],
        pods: [pod("a", 3000, 1024, { node: "web-1" }), ...pods("p", 3, 3000)],
      }),
      T0,
    );
    expect(ups(d)).toHaveLength(1);
    expect(ups(d)[0]?.delta).toBe(3);
    expect(ups(d)[0]?.pods).toEqual(["default/p-0", "default/p-1", "default/p-2"]);
    expect(d.records.find((r) => r.action === "SCALE_UP")?.reason).toMatch(
      /^3 pods of 3 CPU pending; pool web chosen: the only pool that fits, in .*; \+3 nodes/,
    );
  });

  it("CA-3 pods are packed first-fit-decreasing: 4×2 CPU and 4×1 CPU need 3 nodes of 4 CPU", () => {
    const d = evaluateCluster(
      input({ pools: [pool("web")], pods: [...pods("big", 4, 2000), ...pods("small", 4, 1000)] }),
      T0,
    );
    expect(ups(d)[0]?.delta).toBe(3);
  });

  it("CA-3 pods that fit an existing or upcoming node ask for no new node", () => {
    const d = evaluateCluster(
      input({
        pools: [pool("web")],
        nodes: [node("web-1", "web", A, { state: "PROVISIONING", createdAt: T0 })],
        pods: pods("p", 2, 1500),
      }),
      T0,
    );
    expect(ups(d)).toEqual([]);
  });

  it("CA-3 a pod that fits no pool's machine asks for nothing and is named in the notes", () => {
    const d = evaluateCluster(input({ pools: [pool("web")], pods: [pod("huge", 64_000)] }), T0);
    expect(ups(d)).toEqual([]);
    expect(d.notes.join("\n")).toMatch(/1 pending pod fits no pool that may grow: huge \(64 CPU/);
  });

  it("CA-3 at most 1,000 nodes per scale up (upstream default)", () => {
    const p = pool("web", { autoscaling: { enabled: true, totalMaxNodes: 5000 } });
    const d = evaluateCluster(input({ pools: [p], pods: pods("p", 1500, 3500) }), T0);
    expect(ups(d)[0]?.delta).toBe(1000);
  });

  it("CA-6 below the minimum: pending pods scale up, no scale down", () => {
    const p = pool("web", { autoscaling: { enabled: true, totalMinNodes: 3, totalMaxNodes: 10 } });
    const idle = input(
      { pools: [p], nodes: [node("web-1", "web")] },
      { backoff: {}, unneededSince: { "web-1": T0 - 60 * MIN } },
    );
    const d = evaluateCluster(idle, T0);
    expect(d.actions).toEqual([]);
    expect(d.records.find((r) => r.blockedBy === "CA-6")?.reason).toMatch(
      /node web-1 kept: pool is below its minimum \(1 < 3\)/,
    );
    const busy = evaluateCluster(
      input({ pools: [p], nodes: [node("web-1", "web")], pods: pods("p", 2, 3500) }),
      T0,
    );
    expect(ups(busy)[0]?.delta).toBe(1);
  });

  it("CA-6 above the maximum: no scale up, safely removable nodes still go", () => {
    const p = pool("web", { autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 2 } });
    const nodes = [node("web-1", "web"), node("web-2", "web"), node("web-3", "web")];
    const full = [pod("a", 3500, 256, { node: "web-1" }), pod("b", 3500, 256, { node: "web-2" })];
    const d = evaluateCluster(
      input(
        { pools: [p], nodes, pods: [...full, ...pods("p", 2, 3500)] },
        { backoff: {}, unneededSince: { "web-3": T0 - 11 * MIN } },
      ),
      T0,
    );
    expect(ups(d)).toEqual([]);
    expect(d.records.find((r) => r.blockedBy === "CA-6")?.reason).toMatch(
      /above its maximum \(3 > 2\): no scale up/,
    );
    const removeIdle = evaluateCluster(
      input(
        { pools: [p], nodes, pods: full },
        { backoff: {}, unneededSince: { "web-3": T0 - 11 * MIN } },
      ),
      T0,
    );
    expect(removeIdle.actions).toMatchObject([{ type: "SCALE_DOWN", nodes: ["web-3"] }]);
  });

  it("CA-9 pools with matching unused reservations come first, even when dearer", () => {
    const reserved = pool("reserved", {
      machine: { machineType: "n2-standard-4", cpuMillis: 4000, memoryMiB: 16384, pricePerHour: 2 },
      reservations: { [B]: 5 },
    });
    const d = evaluateCluster(
      input({ pools: [pool("cheap"), reserved], pods: pods("p", 2, 3500) }),
      T0,
    );
    expect(ups(d)).toMatchObject([{ pool: "reserved", zones: { [B]: 2 } }]);
    expect(d.records.find((r) => r.action === "SCALE_UP")?.reason).toMatch(
      /pool reserved chosen: unused reservation in us-central1-b/,
    );
  });

  it("CA-9 the cheapest pool that fits wins, spot priced as spot", () => {
    const spot = pool("a2-spot", {
      spot: true,
      machine: {
        machineType: "e2-standard-4",
        cpuMillis: 4000,
        memoryMiB: 16384,
        pricePerHour: 1,
        spotPricePerHour: 0.3,
      },
    });
    const d = evaluateCluster(
      input({ pools: [pool("on-demand"), spot], pods: pods("p", 3, 4000, 1024) }),
      T0,
    );
    expect(ups(d)).toMatchObject([{ pool: "a2-spot", delta: 3 }]);
    expect(d.records.find((r) => r.action === "SCALE_UP")?.reason).toMatch(
      /^3 pods of 4 CPU pending; pool a2-spot chosen: cheapest with capacity in us-central1-a; \+3 nodes/,
    );
  });

  it("CA-9 among several spot pools the cheapest is not chosen automatically: least waste decides (seed 001)", () => {
    const spotMem = pool("spot-highmem", {
      spot: true,
      machine: {
        machineType: "n2-highmem-8",
        cpuMillis: 8000,
        memoryMiB: 65536,
        pricePerHour: 1,
        spotPricePerHour: 0.2,
      },
    });
    const spotStd = pool("spot-standard", {
      spot: true,
      machine: {
        machineType: "e2-standard-8",
        cpuMillis: 8000,
        memoryMiB: 32768,
        pricePerHour: 0.8,
        spotPricePerHour: 0.25,
      },
    });
    const d = evaluateCluster(
      input({ pools: [pool("on-demand"), spotMem, spotStd], pods: pods("p", 2, 3500, 12000) }),
      T0,
    );
    // The standard shape wastes less of its node than the cheaper highmem one.
    expect(ups(d)).toMatchObject([{ pool: "spot-standard", delta: 1 }]);
    expect(d.records.find((r) => r.action === "SCALE_UP")?.reason).toMatch(
      /pool spot-standard chosen: least waste among the spot pools \(spot-highmem, spot-standard\); price does not decide between spot pools, in us-central1-a;/,
    );
  });

  it("CA-9 a more expensive but available pool beats an unavailable cheap one", () => {
    const spot = pool("a2-spot", {
      spot: true,
      machine: {
        machineType: "e2-standard-4",
        cpuMillis: 4000,
        memoryMiB: 16384,
        pricePerHour: 1,
        spotPricePerHour: 0.3,
      },
      zoneCapacity: { [A]: 0, [B]: 0, [C]: 0 },
    });
    const d = evaluateCluster(
      input({ pools: [pool("on-demand"), spot], pods: pods("p", 3, 4000, 1024) }),
      T0,
    );
    expect(ups(d)).toMatchObject([{ pool: "on-demand", delta: 3 }]);
    expect(d.records.find((r) => r.pool === "a2-spot")).toMatchObject({
      action: "NOOP",
      blockedBy: "CA-9",
    });
  });

  it("CA-9 zone capacity limits a pool; the rest goes to the next pool", () => {
    const spot = pool("a2-spot", {
      spot: true,
      machine: {
        machineType: "e2-standard-4",
        cpuMillis: 4000,
        memoryMiB: 16384,
        pricePerHour: 1,
        spotPricePerHour: 0.3,
      },
      zoneCapacity: { [A]: 1, [B]: 0, [C]: 0 },
    });
    const d = evaluateCluster(
      input({ pools: [pool("on-demand"), spot], pods: pods("p", 3, 4000, 1024) }),
      T0,
    );
    expect(ups(d)).toMatchObject([
      { pool: "a2-spot", delta: 1, zones: { [A]: 1 } },
      { pool: "on-demand", delta: 2 },
    ]);
  });

  it("CA-9 least waste breaks the tie between equally cheap pools (upstream's least-waste expander)", () => {
    const highmem = pool("a-highmem", {
      machine: { machineType: "n2-highmem-4", cpuMillis: 4000, memoryMiB: 32768, pricePerHour: 1 },
    });
    const d = evaluateCluster(
      input({ pools: [highmem, pool("z-standard")], pods: pods("p", 2, 2000, 1024) }),
      T0,
    );
    expect(ups(d)).toMatchObject([{ pool: "z-standard", delta: 1 }]);
  });

  it("CA-10 defaults: BALANCED for on-demand and reservation pools, ANY for spot and flex-start", () => {
    expect(locationPolicyOf(pool("od"))).toBe("BALANCED");
    expect(locationPolicyOf(pool("s", { spot: true }))).toBe("ANY");
    expect(locationPolicyOf(pool("f", { flexStart: true }))).toBe("ANY");
    expect(
      locationPolicyOf(
        pool("s", { spot: true, autoscaling: { enabled: true, locationPolicy: "BALANCED" } }),
      ),
    ).toBe("BALANCED");
  });

  it("CA-10 BALANCED is rejected for flex-start pools", () => {
    const v = validateAutoscaling(
      {
        machineType: "a3-highgpu-8g",
        zones: ZONES,
        flexStart: true,
        autoscaling: { enabled: true, locationPolicy: "BALANCED" },
      },
      CURRENT,
    );
    expect(v).toMatchObject({ ok: false, error: { rule: "CA-10", kind: "refused" } });
    expect(
      validateAutoscaling(
        {
          machineType: "a3-highgpu-8g",
          zones: ZONES,
          flexStart: true,
          autoscaling: { enabled: true, locationPolicy: "ANY" },
        },
        CURRENT,
      ).ok,
    ).toBe(true);
  });

  it("CA-10 BALANCED spreads new nodes so the zones even out", () => {
    const nodes = [node("w-a1", "web", A), node("w-a2", "web", A), node("w-c1", "web", C)];
    const full = nodes.map((n, i) => pod(`full-${i}`, 4000, 256, { node: n.name }));
    const d = evaluateCluster(
      input({ pools: [pool("web")], nodes, pods: [...full, ...pods("p", 4, 3500)] }),
      T0,
    );
    expect(ups(d)[0]?.zones).toEqual({ [A]: 1, [B]: 2, [C]: 1 });
  });

  it("CA-10 ANY takes unused reservations first, then capacity wherever it is", () => {
    const spot = pool("spot", { spot: true, reservations: { [C]: 2 }, zoneCapacity: { [A]: 1 } });
    const d = evaluateCluster(input({ pools: [spot], pods: pods("p", 5, 3500) }), T0);
    expect(ups(d)[0]?.zones).toEqual({ [C]: 2, [B]: 3 });
    const scarce = pool("spot", {
      spot: true,
      reservations: { [C]: 2 },
      zoneCapacity: { [A]: 1, [B]: 0 },
    });
    expect(
      ups(evaluateCluster(input({ pools: [scarce], pods: pods("p", 5, 3500) }), T0))[0]?.zones,
    ).toEqual({ [C]: 5 });
  });

  it("CA-3 CA-10 a pending pod pinned to any zone of the pool, not only its first, gets a node in that zone", () => {
    const zone = "topology.kubernetes.io/zone";
    for (const pinned of [B, C]) {
      const bySelector = pod("by-selector", 3000, 256, { nodeSelector: { [zone]: pinned } });
      const byAffinity = pod("by-affinity", 3000, 256, {
        affinity: { nodeAffinity: [{ key: zone, operator: "In", values: [pinned] }] },
      });
      const d = evaluateCluster(
        input({ pools: [pool("web")], pods: [bySelector, byAffinity] }),
        T0,
      );
      expect(ups(d), pinned).toMatchObject([{ pool: "web", delta: 2, zones: { [pinned]: 2 } }]);
    }
    // A zone the pool does not have is still no reason to grow it.
    const elsewhere = pod("elsewhere", 3000, 256, { nodeSelector: { [zone]: "europe-west4-a" } });
    expect(ups(evaluateCluster(input({ pools: [pool("web")], pods: [elsewhere] }), T0))).toEqual(
      [],
    );
  });

  it("CA-10 balancing applies to scale up only: scale down removes unneeded nodes whatever the zones", () => {
    const nodes = [
      node("a-1", "web", A),
      node("a-2", "web", A),
      node("b-1", "web", B),
      node("c-1", "web", C),
    ];
    const busy = [pod("x", 3000, 256, { node: "b-1" }), pod("y", 3000, 256, { node: "c-1" })];
    const d = evaluateCluster(
      input(
        { pools: [pool("web")], nodes, pods: busy },
        { backoff: {}, unneededSince: { "a-1": T0 - 11 * MIN, "a-2": T0 - 11 * MIN } },
      ),
      T0,
    );
    expect(d.actions).toMatchObject([{ type: "SCALE_DOWN", nodes: ["a-1", "a-2"] }]);
  });

  it("CA-12 pods with priority below −10 never trigger a scale up; −10 does", () => {
    const low = evaluateCluster(
      input({ pools: [pool("web")], pods: [pod("batch", 3000, 256, { priority: -11 })] }),
      T0,
    );
    expect(low.actions).toEqual([]);
    expect(low.notes.join("\n")).toMatch(/CA-12: pod batch has priority -11, below -10/);
    // CA-17: the decision a user reads says why nothing grew.
    expect(low.records).toContainEqual(
      expect.objectContaining({
        pool: "web",
        action: "NOOP",
        blockedBy: "CA-12",
        reason: expect.stringMatching(
          /1 pending pod\(s\) with priority below -10 \(.*batch: -11\)/,
        ),
      }),
    );
    const edge = evaluateCluster(
      input({ pools: [pool("web")], pods: [pod("batch", 3000, 256, { priority: -10 })] }),
      T0,
    );
    expect(ups(edge)[0]?.delta).toBe(1);
  });

  it("CA-12 a low-priority pod still lands on an existing node with room", () => {
    const d = evaluateCluster(
      input({
        pools: [pool("web")],
        nodes: [node("web-1", "web")],
        pods: [pod("batch", 3000, 256, { priority: -20 })],
      }),
      T0,
    );
    expect(d.notes.join("\n")).not.toMatch(/CA-12/);
  });
});

const TPU_MACHINE = {
  machineType: "ct5lp-hightpu-4t",
  cpuMillis: 112_000,
  memoryMiB: 192_000,
  accelerators: 4,
  pricePerHour: 20,
};

function tpuPool(multiHost: boolean, over: Partial<AutoscalerPool> = {}): AutoscalerPool {
  return pool("tpu", {
    machine: TPU_MACHINE,
    zones: [A, B],
    tpu: { topology: multiHost ? "16x16" : "2x2", multiHost },
    autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: multiHost ? 64 : 8 },
    ...over,
  });
}

const tpuPod = (name: string, over = {}) =>
  pod(name, 8000, 4096, {
    containers: [{ cpuMillis: 8000, memoryMiB: 4096, accelerators: 4 }],
    ...over,
  });

describe("TPU pools", () => {
  it("CA-13 seed example: a 16x16 slice of ct5lp-hightpu-4t is 64 nodes", () => {
    expect(sliceNodeCount("ct5lp-hightpu-4t", "16x16")).toBe(64);
  });

  it("CA-13 a multi-host pool scales from 0 to exactly 64 nodes in one zone, even for one pod", () => {
    const d = evaluateCluster(input({ pools: [tpuPool(true)], pods: [tpuPod("train-0")] }), T0);
    expect(ups(d)).toMatchObject([{ pool: "tpu", delta: 64, zones: { [A]: 64 } }]);
  });

  it("CA-13 a multi-host pool with its slice up gets no more nodes", () => {
    const nodes = Array.from({ length: 64 }, (_, i) => node(`tpu-${i}`, "tpu", A));
    const busy = nodes.map((n, i) => tpuPod(`w-${i}`, { node: n.name }));
    const d = evaluateCluster(
      input({ pools: [tpuPool(true)], nodes, pods: [...busy, tpuPod("extra")] }),
      T0,
    );
    expect(ups(d)).toEqual([]);
    expect(d.records.find((r) => r.pool === "tpu")).toMatchObject({ blockedBy: "CA-13" });
  });

  it("CA-13 a multi-host pool whose maximum cannot hold a slice is refused, and so is a minimum between 0 and 64", () => {
    const base = {
      machineType: "ct5lp-hightpu-4t",
      zones: [A],
      tpu: { topology: "16x16", multiHost: true },
    };
    expect(
      validateAutoscaling({ ...base, autoscaling: { enabled: true, totalMaxNodes: 63 } }, CURRENT),
    ).toMatchObject({ ok: false, error: { rule: "CA-13" } });
    expect(
      validateAutoscaling(
        {
          ...base,
          autoscaling: { enabled: true, totalMinNodes: 8, totalMaxNodes: 64 },
        },
        CURRENT,
      ),
    ).toMatchObject({ ok: false, error: { rule: "CA-13" } });
    expect(
      validateAutoscaling(
        {
          ...base,
          autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 64 },
        },
        CURRENT,
      ).ok,
    ).toBe(true);
  });

  it("CA-13 a multi-host pool put with a size that is neither 0 nor the slice is refused", () => {
    const base = {
      machineType: "ct5lp-hightpu-4t",
      zones: [A],
      tpu: { topology: "16x16", multiHost: true },
      autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 64 },
    };
    expect(validateAutoscaling({ ...base, nodeCount: 5 }, CURRENT)).toMatchObject({
      ok: false,
      error: { rule: "CA-13", kind: "refused" },
    });
    expect(validateAutoscaling({ ...base, nodeCount: 64 }, CURRENT).ok).toBe(true);
    expect(validateAutoscaling({ ...base, nodeCount: 0 }, CURRENT).ok).toBe(true);
  });

  it("CA-13 scale down drains the whole multi-host pool to 0 at once, or keeps all of it", () => {
    const nodes = Array.from({ length: 64 }, (_, i) =>
      node(`tpu-${String(i).padStart(2, "0")}`, "tpu", A),
    );
    const since = Object.fromEntries(nodes.map((n) => [n.name, T0 - 11 * MIN]));
    const idle = evaluateCluster(
      input(
        {
          pools: [tpuPool(true), pool("web")],
          nodes: [...nodes, node("web-1", "web")],
          pods: [pod("keep", 3000, 256, { node: "web-1" })],
        },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    const down = idle.actions.filter((a) => a.type === "SCALE_DOWN");
    expect(down).toHaveLength(1);
    expect(down[0]?.delta).toBe(-64);
    const oneBusy = evaluateCluster(
      input(
        {
          pools: [tpuPool(true), pool("web")],
          nodes: [...nodes, node("web-1", "web")],
          pods: [pod("keep", 3000, 256, { node: "web-1" }), tpuPod("still", { node: "tpu-00" })],
        },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    expect(oneBusy.actions.filter((a) => a.type === "SCALE_DOWN")).toEqual([]);
    expect(
      oneBusy.records.find((r) => r.pool === "tpu" && r.blockedBy === "CA-13")?.reason,
    ).toMatch(/removed whole; 63 of 64 nodes are unneeded/);
  });

  it("CA-13 a multi-host pool whose minimum is the whole slice keeps it, and the decision says so", () => {
    const nodes = Array.from({ length: 64 }, (_, i) =>
      node(`tpu-${String(i).padStart(2, "0")}`, "tpu", A),
    );
    const since = Object.fromEntries(nodes.map((n) => [n.name, T0 - 11 * MIN]));
    const d = evaluateCluster(
      input(
        {
          pools: [
            tpuPool(true, {
              autoscaling: { enabled: true, totalMinNodes: 64, totalMaxNodes: 64 },
            }),
            pool("web"),
          ],
          nodes: [...nodes, node("web-1", "web")],
          pods: [pod("keep", 3000, 256, { node: "web-1" })],
        },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    expect(d.actions.filter((a) => a.type === "SCALE_DOWN")).toEqual([]);
    expect(d.records.find((r) => r.pool === "tpu" && r.blockedBy === "CA-13")?.reason).toBe(
      "node tpu-00 kept: a multi-host TPU slice is removed whole, and the pool's minimum is the slice (64 nodes)",
    );
  });

  it("CA-13 a single-host TPU pool scales 0..max one node at a time", () => {
    const d = evaluateCluster(
      input({ pools: [tpuPool(false)], pods: [tpuPod("infer-0"), tpuPod("infer-1")] }),
      T0,
    );
    expect(ups(d)).toMatchObject([{ pool: "tpu", delta: 2 }]);
    const idle = evaluateCluster(
      input(
        {
          pools: [tpuPool(false), pool("web")],
          nodes: [node("tpu-1", "tpu", A), node("web-1", "web")],
          pods: [pod("keep", 3000, 256, { node: "web-1" })],
        },
        { backoff: {}, unneededSince: { "tpu-1": T0 - 11 * MIN } },
      ),
      T0,
    );
    expect(idle.actions).toMatchObject([{ type: "SCALE_DOWN", pool: "tpu", nodes: ["tpu-1"] }]);
  });

  it("CA-13 pods without accelerators never land on TPU nodes", () => {
    const d = evaluateCluster(input({ pools: [tpuPool(false)], pods: pods("cpu", 2, 1000) }), T0);
    expect(d.actions).toEqual([]);
  });
});
