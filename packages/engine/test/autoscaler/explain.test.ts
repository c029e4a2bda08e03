import { describe, expect, it } from "vitest";
import { evaluateCluster } from "../../src/index.ts";
import { input, MIN, node, pod, pods, pool, T0, ZONES } from "./fixtures.ts";

const [A, B, C] = ZONES as [string, string, string];

describe("explanations", () => {
  it("CA-17 a scale up reads: what is pending, which pool and why, how many nodes", () => {
    const a2 = {
      machineType: "a2-standard-8",
      cpuMillis: 8000,
      memoryMiB: 32768,
      pricePerHour: 2,
      spotPricePerHour: 0.6,
    };
    const spot = pool("a2-spot", { machine: a2, spot: true, zoneCapacity: { [A]: 0, [C]: 0 } });
    const d = evaluateCluster(
      input({ pools: [pool("a2-od", { machine: a2 }), spot], pods: pods("train", 3, 4000) }),
      T0,
    );
    expect(d.records.filter((r) => r.action === "SCALE_UP")).toEqual([
      {
        at: T0,
        pool: "a2-spot",
        action: "SCALE_UP",
        delta: 2,
        zones: { [B]: 2 },
        reason:
          "3 pods of 4 CPU pending; pool a2-spot chosen: cheapest with capacity in us-central1-b; +2 nodes (us-central1-b +2)",
      },
    ]);
  });

  it("CA-17 a kept node reads: node n-7 kept: pod x has safe-to-evict=false", () => {
    const nodes = [node("n-7", "web", A), node("n-8", "web", B)];
    const d = evaluateCluster(
      input({
        pools: [pool("web")],
        nodes,
        pods: [
          pod("x", 500, 256, {
            node: "n-7",
            annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "false" },
          }),
          pod("y", 3000, 256, { node: "n-8" }),
        ],
      }),
      T0,
    );
    expect(d.records).toContainEqual({
      at: T0,
      pool: "web",
      action: "NOOP",
      delta: 0,
      nodes: ["n-7"],
      reason: "node n-7 kept: pod x has safe-to-evict=false",
      blockedBy: "CA-7",
    });
  });

  it("CA-17 every pool gets a record on every pass, each one line, NOOP with why when nothing happens", () => {
    const d = evaluateCluster(
      input({ pools: [pool("a"), pool("b", { autoscaling: { enabled: false } })] }),
      T0,
    );
    expect(d.records).toEqual([
      {
        at: T0,
        pool: "a",
        action: "NOOP",
        delta: 0,
        reason: "nothing to do: no pending pod needs it and no node of it is underused",
      },
      { at: T0, pool: "b", action: "NOOP", delta: 0, reason: "autoscaling is off for this pool" },
    ]);
  });

  it("CA-17 reasons are single lines a person can read, and kept-node lines are bounded per pool", () => {
    const nodes = Array.from({ length: 12 }, (_, i) =>
      node(`n-${String(i).padStart(2, "0")}`, "web", A),
    );
    const unsafe = nodes.map((n) =>
      pod(`p-${n.name}`, 100, 64, { node: n.name, controller: null }),
    );
    const d = evaluateCluster(
      input({
        pools: [pool("web", { autoscaling: { enabled: true, totalMaxNodes: 20 } })],
        nodes,
        pods: unsafe,
      }),
      T0,
    );
    for (const r of d.records) expect(r.reason).not.toMatch(/\n/);
    const web = d.records.filter((r) => r.pool === "web");
    expect(web).toHaveLength(6);
    expect(web[5]?.reason).toBe("7 more underused nodes kept for the same kinds of reasons");
  });

  it("CA-17 the same input gives the same decision", () => {
    const world = input(
      {
        pools: [pool("web"), pool("spot", { spot: true })],
        nodes: [node("w-1", "web", A)],
        pods: [pod("a", 500, 256, { node: "w-1" }), ...pods("p", 7, 1500)],
      },
      { backoff: {}, unneededSince: { "w-1": T0 - 20 * MIN } },
    );
    expect(evaluateCluster(world, T0)).toEqual(
      evaluateCluster(JSON.parse(JSON.stringify(world)), T0),
    );
  });
});
