import { describe, expect, it } from "vitest";
import { node, pool, T0 } from "./fixtures.ts";
import {
  abandonUpgrade,
  autoscalerNodeView,
  type NodeInFlight,
  type NodePoolOperation,
  type NodeViewSources,
  poolScalingPolicy,
  scalableNodes,
  startNodePoolUpgrade,
} from "./upgrade-fixtures.ts";

const ZONE = "us-central1-a";
const CONFIG = { version: "1.34.1-gke.300", nodeImage: "cos-2" };

function sources(over: Partial<NodeViewSources> = {}): NodeViewSources {
  return {
    stored: [],
    unsynced: { added: [], removed: new Set() },
    pools: [pool("web"), pool("batch")],
    upgrades: new Map(),
    inFlight: {},
    ...over,
  };
}

/** An autoscaled blue-green upgrade of `web`'s two blue nodes, just started. */
function upgrade(): NodePoolOperation {
  const started = startNodePoolUpgrade(
    {
      operationId: "op-1",
      pool: {
        cluster: "c1",
        pool: "web",
        controlPlaneVersion: CONFIG.version,
        autoscalingEnabled: true,
        upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 3600 },
        nodes: ["blue-0", "blue-1"].map((name) => ({
          name,
          zone: ZONE,
          version: "1.33.5-gke.100",
          nodeImage: "cos-1",
        })),
      },
      target: CONFIG,
    },
    T0,
  );
  if (!started.ok) throw new Error(started.error.detail);
  return started.value.state;
}

const flight = (step: NodeInFlight["step"], over: Partial<NodeInFlight> = {}): NodeInFlight => ({
  pool: "batch",
  zone: ZONE,
  step,
  command: `op-as:x:${step.toLowerCase()}`,
  since: T0,
  config: CONFIG,
  ...over,
});

describe("autoscalerNodeView", () => {
  it("CA-3 the inventory's nodes, with the autoscaler's changes it does not have yet, in name order", () => {
    const view = autoscalerNodeView(
      sources({
        stored: [node("web-2", "web"), node("web-1", "web"), node("batch-1", "batch")],
        unsynced: { added: [node("batch-as-1", "batch")], removed: new Set(["web-2"]) },
      }),
    );
    expect(view.nodes.map((n) => n.name)).toEqual(["batch-1", "batch-as-1", "web-1"]);
    expect(view.pools.map((p) => p.name)).toEqual(["web", "batch"]);
    expect(view.upgrading).toBe(false);
  });

  it("NUP-12 a pool an upgrade holds shows the operation's nodes and policy, not the inventory's", () => {
    const op = upgrade();
    const view = autoscalerNodeView(
      sources({
        stored: [node("web-old", "web"), node("batch-1", "batch")],
        upgrades: new Map([["web", op]]),
      }),
    );
    expect(view.nodes.map((n) => [n.name, n.pool])).toEqual([
      ["batch-1", "batch"],
      ["blue-0", "web"],
      ["blue-1", "web"],
    ]);
    expect(view.nodes.find((n) => n.name === "blue-0")).toMatchObject({ color: "BLUE" });
    const web = view.pools.find((p) => p.name === "web");
    expect(web?.scaling).toEqual(poolScalingPolicy(op));
    expect(web?.scalableNodes).toEqual(scalableNodes(op));
    expect(view.pools.find((p) => p.name === "batch")?.scaling).toBeUndefined();
    expect(view.upgrading).toBe(true);
  });

  it("NUP-12 an ended upgrade not yet written back gives its nodes but no policy: the pool scales both ways", () => {
    const ended = abandonUpgrade(upgrade(), "pool deleted", T0);
    expect(ended.header.state).toBe("FAILED");
    const view = autoscalerNodeView(sources({ upgrades: new Map([["web", ended]]) }));
    expect(view.nodes.map((n) => n.name)).toEqual(["blue-0", "blue-1"]);
    expect(view.pools.find((p) => p.name === "web")?.scaling).toBeUndefined();
    expect(view.upgrading).toBe(false);
  });

  it("CA-3 a node being created is PROVISIONING since its command, unless the inventory already has it", () => {
    const view = autoscalerNodeView(
      sources({
        stored: [node("batch-as-2", "batch")],
        inFlight: {
          "batch-as-1": flight("CREATE", { color: "GREEN", since: T0 - 1000 }),
          "batch-as-2": flight("CREATE"),
        },
      }),
    );
    expect(view.nodes).toEqual([
      {
        name: "batch-as-1",
        pool: "batch",
        zone: ZONE,
        state: "PROVISIONING",
        createdAt: T0 - 1000,
        color: "GREEN",
      },
      { name: "batch-as-2", pool: "batch", zone: ZONE, state: "READY" },
    ]);
  });

  it("CA-8 a node being drained or deleted is left out, so no pass removes a second node in its place", () => {
    const view = autoscalerNodeView(
      sources({
        stored: [node("batch-1", "batch"), node("batch-2", "batch"), node("batch-3", "batch")],
        inFlight: {
          "batch-1": flight("DRAIN"),
          "batch-2": flight("DRAIN_FORCED"),
          "batch-3": flight("DELETE"),
        },
      }),
    );
    expect(view.nodes).toEqual([]);
  });
});
