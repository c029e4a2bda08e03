import { describe, expect, it } from "vitest";
import { input, MIN, pod, pods, pool, T0 } from "./fixtures.ts";
import {
  type AutoscalerNode,
  type AutoscalerPool,
  allNodesOf,
  decideAll,
  evaluateCluster,
  type NodePoolFacts,
  type NodePoolOperation,
  poolScalingPolicy,
  scalableNodes,
  startNodePoolUpgrade,
  type UpgradeStrategySettings,
} from "./upgrade-fixtures.ts";

const CP = "1.34.1-gke.300";

function facts(strategy: UpgradeStrategySettings, count: number): NodePoolFacts {
  return {
    cluster: "c1",
    pool: "web",
    controlPlaneVersion: CP,
    autoscalingEnabled: true,
    upgradeStrategy: strategy,
    nodes: Array.from({ length: count }, (_, i) => ({
      name: `blue-${i}`,
      zone: "us-central1-a",
      version: "1.33.5-gke.100",
      nodeImage: "cos-1",
    })),
  };
}

function start(strategy: UpgradeStrategySettings, count: number): NodePoolOperation {
  const started = startNodePoolUpgrade(
    {
      operationId: "op-1",
      pool: facts(strategy, count),
      target: { version: CP, nodeImage: "cos-2" },
    },
    T0,
  );
  if (!started.ok) throw new Error(started.error.detail);
  return started.value.state;
}

/** The operation after every command it asked for succeeded once (e.g. blue cordoned). */
function acknowledged(strategy: UpgradeStrategySettings, count: number): NodePoolOperation {
  const started = startNodePoolUpgrade(
    {
      operationId: "op-1",
      pool: facts(strategy, count),
      target: { version: CP, nodeImage: "cos-2" },
    },
    T0,
  );
  if (!started.ok) throw new Error(started.error.detail);
  const events = started.value.commands.map((c) => ({
    type: "COMMAND_SUCCEEDED" as const,
    commandId: c.id,
    at: T0 + 1000,
  }));
  return decideAll(started.value.state, events, T0 + 1000).state;
}

/** The pool as the autoscaler sees it while `op` owns it (NUP-12). */
function upgrading(op: NodePoolOperation, over: Partial<AutoscalerPool> = {}): AutoscalerPool {
  return pool("web", {
    zones: ["us-central1-a"],
    autoscaling: { enabled: true, totalMinNodes: 2, totalMaxNodes: 10 },
    scaling: poolScalingPolicy(op),
    scalableNodes: scalableNodes(op),
    ...over,
  });
}

function nodesOf(
  op: NodePoolOperation,
  over: Record<string, Partial<AutoscalerNode>> = {},
): AutoscalerNode[] {
  return allNodesOf(op).map((n) => ({
    name: n.name,
    pool: "web",
    zone: n.zone,
    state: n.state,
    ...(n.color ? { color: n.color } : {}),
    ...over[n.name],
  }));
}

describe("NUP-12 with the autoscaler", () => {
  it("NUP-12 autoscaled blue-green: pods evicted from blue make green grow, with the target config", () => {
    const op = start({ type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 3600 }, 2);
    const nodes = nodesOf(op, { "blue-0": { state: "DRAINING" } });
    const running = [
      pod("a", 3000, 256, { node: "blue-0" }),
      pod("b", 3000, 256, { node: "blue-1" }),
    ];
    const d = evaluateCluster(
      input({ pools: [upgrading(op)], nodes, pods: running, cluster: { controlPlaneVersion: CP } }),
      T0 + 61 * MIN,
    );
    expect(d.actions).toMatchObject([
      {
        type: "SCALE_UP",
        pool: "web",
        delta: 1,
        color: "GREEN",
        config: { version: CP, nodeImage: "cos-2" },
        pods: ["default/a"],
      },
    ]);
  });

  it("NUP-12 autoscaled blue-green: green starts at 0 and grows even though the pool minimum counts blue", () => {
    const op = start({ type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 3600 }, 3);
    const nodes = nodesOf(op, {
      "blue-0": { state: "DELETING" },
      "blue-1": { state: "DELETING" },
      "blue-2": { state: "DRAINING" },
    });
    const evicted = ["a", "b", "c"].map((n, i) => pod(n, 3000, 256, { node: `blue-${i}` }));
    const d = evaluateCluster(
      input({ pools: [upgrading(op)], nodes, pods: evicted, cluster: { controlPlaneVersion: CP } }),
      T0,
    );
    expect(d.actions).toMatchObject([{ type: "SCALE_UP", color: "GREEN", delta: 3 }]);
  });

  it("NUP-12 autoscaled blue-green: while the upgrade waits, blue only shrinks, below its minimum, and never grows", () => {
    const op = acknowledged({ type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 3600 }, 2);
    expect(poolScalingPolicy(op).groups.find((g) => g.color === "BLUE")).toMatchObject({
      scaleUp: false,
      scaleDown: true,
      ignoreMinNodes: true,
    });
    const nodes = nodesOf(op);
    expect(nodes.map((n) => n.state)).toEqual(["CORDONED", "CORDONED"]);
    const other = { name: "o-1", pool: "other", zone: "us-central1-a", state: "READY" as const };
    const since = { "blue-0": T0 - 11 * MIN, "blue-1": T0 - 11 * MIN };
    const shrink = evaluateCluster(
      input(
        {
          pools: [upgrading(op), pool("other")],
          nodes: [...nodes, other],
          pods: [pod("a", 1000, 256, { node: "blue-0" }), pod("o", 2500, 256, { node: "o-1" })],
          cluster: { controlPlaneVersion: CP },
        },
        { backoff: {}, unneededSince: since },
      ),
      T0 + 2 * MIN,
    );
    // Below its minimum of 2: blue ignores it (NUP-10); pod a moves to o-1.
    expect(shrink.actions).toMatchObject([
      { type: "SCALE_DOWN", pool: "web", nodes: ["blue-0", "blue-1"] },
    ]);
    expect(shrink.actions.some((a) => a.type === "SCALE_UP")).toBe(false);
  });

  it("NUP-12 autoscaled blue-green: before the wait blue is left alone", () => {
    const op = start({ type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 3600 }, 2);
    const since = { "blue-0": T0 - 11 * MIN, "blue-1": T0 - 11 * MIN };
    const other = { name: "o-1", pool: "other", zone: "us-central1-a", state: "READY" as const };
    const d = evaluateCluster(
      input(
        {
          pools: [upgrading(op), pool("other")],
          nodes: [...nodesOf(op), other],
          cluster: { controlPlaneVersion: CP },
        },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    expect(d.actions).toEqual([]);
    expect(d.records.filter((r) => r.blockedBy === "NUP-12").map((r) => r.nodes?.[0])).toEqual([
      "blue-0",
      "blue-1",
    ]);
  });

  it("NUP-12 blue-green: blue is never scaled; green may only grow before the soak phase", () => {
    const op = start({ type: "BLUE_GREEN", batchNodeCount: 1 }, 2);
    const policy = poolScalingPolicy(op);
    expect(policy.groups.find((g) => g.color === "BLUE")).toMatchObject({
      scaleUp: false,
      scaleDown: false,
    });
    expect(policy.groups.find((g) => g.color === "GREEN")).toMatchObject({
      scaleUp: true,
      scaleDown: false,
    });
    const nodes: AutoscalerNode[] = [
      ...nodesOf(op, { "blue-0": { state: "READY" }, "blue-1": { state: "READY" } }),
      { name: "green-0", pool: "web", zone: "us-central1-a", state: "READY", color: "GREEN" },
    ];
    const since = { "blue-0": T0 - 11 * MIN, "green-0": T0 - 11 * MIN };
    const creating = nodes.filter((n) => n.state === "PROVISIONING").length;
    expect(creating).toBeGreaterThan(0);
    const running = [pod("x", 3900, 256, { node: "blue-1" })];
    const full = [...running, pod("z", 3900, 256, { node: "blue-0" })];
    const d = evaluateCluster(
      input(
        {
          pools: [upgrading(op)],
          nodes: nodes.filter((n) => n.name !== "green-0"),
          pods: [...full, ...pods("pending", creating + 1, 3900)],
          cluster: { controlPlaneVersion: CP },
        },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    // The green nodes being created take a pending pod each; the last one asks for one more.
    expect(d.actions).toMatchObject([{ type: "SCALE_UP", color: "GREEN", delta: 1 }]);
    const idle = evaluateCluster(
      input(
        { pools: [upgrading(op)], nodes, pods: running, cluster: { controlPlaneVersion: CP } },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    expect(idle.actions).toEqual([]);
    const kept = idle.records.filter((r) => r.blockedBy === "NUP-12").map((r) => r.nodes?.[0]);
    expect(kept).toEqual(["blue-0", "green-0"]);
  });

  it("NUP-12 surge: nodes being upgraded are left alone, the rest scale as usual", () => {
    const op = start({ type: "SURGE", maxSurge: 1, maxUnavailable: 0 }, 3);
    const movable = scalableNodes(op);
    const nodes = nodesOf(op);
    const busy = nodes.filter((n) => !movable.includes(n.name)).map((n) => n.name);
    const since = Object.fromEntries(nodes.map((n) => [n.name, T0 - 11 * MIN]));
    const p = upgrading(op, {
      autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 10 },
    });
    const d = evaluateCluster(
      input(
        {
          pools: [p, pool("other")],
          nodes: [...nodes, { name: "o-1", pool: "other", zone: "us-central1-a", state: "READY" }],
          cluster: { controlPlaneVersion: CP },
        },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    const removed = d.actions.flatMap((a) => (a.type === "SCALE_DOWN" ? a.nodes : []));
    for (const name of busy) expect(removed).not.toContain(name);
    expect(removed.length).toBeGreaterThan(0);
  });
});
