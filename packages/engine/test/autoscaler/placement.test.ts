import { describe, expect, it } from "vitest";
import {
  type AutoscalerNode,
  type AutoscalerPod,
  bindableNodes,
  evictFromLeaving,
  LABEL,
  type NodeInFlight,
  placePods,
} from "../../src/index.ts";
import { node, pod, pool, T0, ZONES } from "./fixtures.ts";

const [ZONE_A, ZONE_B] = ZONES as [string, string];

/** Pods bound by `placePods`, by name. */
function where(pods: readonly AutoscalerPod[]): Record<string, string | undefined> {
  return Object.fromEntries(pods.map((p) => [p.name, p.node]));
}

function place(pods: AutoscalerPod[], nodes: AutoscalerNode[], pools = [pool("web")]) {
  return placePods(pods, bindableNodes(nodes, pools));
}

describe("bindableNodes", () => {
  it("CA-2 a node offers its machine's shape unless it reports its own, and the pool's pod limit", () => {
    const big = node("n2", "web", ZONE_A, {
      allocatable: { cpuMillis: 3500, memoryMiB: 12000, accelerators: 0 },
    });
    const bound = bindableNodes(
      [node("n1", "web"), big, node("x", "gone")],
      [pool("web", { maxPodsPerNode: 32 })],
    );
    expect(bound.map((b) => [b.node.name, b.allocatable.cpuMillis, b.maxPods])).toEqual([
      ["n1", 4000, 32],
      ["n2", 3500, 32],
    ]);
    expect(bound[0]?.labels).toMatchObject({ [LABEL.pool]: "web", [LABEL.hostname]: "n1" });
    expect(bindableNodes([node("n1", "web")], [pool("web")])[0]?.maxPods).toBe(110);
  });
});

describe("placePods", () => {
  it("CA-2 a pending pod is bound to the first ready node its requests fit, by name", () => {
    const placed = place(
      [pod("a", 3000), pod("b", 3000), pod("c", 3000)],
      [node("n2", "web"), node("n1", "web")],
    );
    expect(where(placed.pods)).toEqual({ a: "n1", b: "n2", c: undefined });
    expect([...placed.changed].sort()).toEqual([0, 1]);
  });

  it("CA-11 under optimize-utilization a pending pod is bound to the busiest node it fits, GPUs counted; one naming a custom scheduler first-fit by name", () => {
    const gpu = {
      machineType: "g2-standard-48",
      cpuMillis: 24_000,
      memoryMiB: 98_304,
      accelerators: 4,
      pricePerHour: 4,
    };
    const optimized = pool("gpu", {
      machine: gpu,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 5, profile: "optimize-utilization" },
    });
    const gpus = (name: string, n: number, cpu: number, over: Partial<AutoscalerPod> = {}) =>
      pod(name, cpu, 256, {
        containers: [{ cpuMillis: cpu, memoryMiB: 256, accelerators: n }],
        ...over,
      });
    // g-a: 10 of 24 CPUs but 1 of 4 GPUs; g-b: 3 of 4 GPUs. By GPU allocation g-b is busier.
    const running = [gpus("a", 1, 10_000, { node: "g-a" }), gpus("b", 3, 1000, { node: "g-b" })];
    const nodes = [node("g-a", "gpu"), node("g-b", "gpu")];
    const bind = (extra: AutoscalerPod, pools = [optimized], cluster = {}) =>
      where(placePods([...running, extra], bindableNodes(nodes, pools, cluster)).pods)[extra.name];
    expect(bind(gpus("new", 1, 1000))).toBe("g-b");
    expect(bind(gpus("new", 1, 1000, { schedulerName: "default-scheduler" }))).toBe("g-b");
    expect(bind(gpus("new", 1, 1000, { schedulerName: "volcano" }))).toBe("g-a");
    // Balanced binds by name; the cluster's profile applies to a pool without its own.
    const plain = pool("gpu", { machine: gpu });
    expect(bind(gpus("new", 1, 1000), [plain])).toBe("g-a");
    expect(bind(gpus("new", 1, 1000), [plain], { profile: "optimize-utilization" })).toBe("g-b");
  });

  it("CA-12 higher priority, then larger pods are bound first, as the scheduler's queue orders them; a smaller pod takes what is left", () => {
    const placed = place(
      [pod("small", 1000), pod("large", 3000), pod("urgent", 2000, 256, { priority: 100 })],
      [node("n1", "web")],
    );
    expect(where(placed.pods)).toEqual({ small: "n1", large: undefined, urgent: "n1" });
  });

  it("CA-5 a pod on a node that is gone, draining or deleting is evicted; on a cordoned one it stays", () => {
    const placed = place(
      [
        pod("gone", 100, 64, { node: "n0" }),
        pod("drained", 100, 64, { node: "n1" }),
        pod("cordoned", 100, 64, { node: "n2" }),
      ],
      [
        node("n1", "web", ZONE_A, { state: "DRAINING" }),
        node("n2", "web", ZONE_A, { state: "CORDONED" }),
      ],
    );
    expect(where(placed.pods)).toEqual({ gone: undefined, drained: undefined, cordoned: "n2" });
    expect(placed.pods[0]).not.toHaveProperty("node");
  });

  it("CA-2 what the pods already on a node request counts, and so does the pool's pod limit", () => {
    const placed = place(
      [pod("there", 3500, 256, { node: "n1" }), pod("new", 1000), pod("other", 100)],
      [node("n1", "web"), node("n2", "web")],
      [pool("web", { maxPodsPerNode: 1 })],
    );
    expect(where(placed.pods)).toEqual({ there: "n1", new: "n2", other: undefined });
  });

  it("CA-15 node selectors and required node affinity are honoured; DaemonSet pods are left to their controller", () => {
    const placed = place(
      [
        pod("in-b", 100, 64, { nodeSelector: { [LABEL.zone]: ZONE_B } }),
        pod("not-a", 100, 64, {
          affinity: { nodeAffinity: [{ key: LABEL.zone, operator: "NotIn", values: [ZONE_A] }] },
        }),
        pod("no-gpu", 100, 64, {
          affinity: { nodeAffinity: [{ key: "gpu", operator: "DoesNotExist" }] },
        }),
        pod("ds", 100, 64, { daemonSet: true }),
      ],
      [node("n1", "web", ZONE_A), node("n2", "web", ZONE_B)],
    );
    expect(where(placed.pods)).toEqual({
      "in-b": "n2",
      "not-a": "n2",
      "no-gpu": "n1",
      ds: undefined,
    });
  });

  it("CA-2 the pods given are left as they were; only changed pods are new objects", () => {
    const pods = [pod("bound", 100, 64, { node: "n1" }), pod("pending", 100)];
    const placed = place(pods, [node("n1", "web")]);
    expect(pods[1]?.node).toBeUndefined();
    expect(placed.pods[0]).toBe(pods[0]);
    expect(placed.pods[1]).not.toBe(pods[1]);
  });
});

describe("evictFromLeaving", () => {
  const flight = (step: NodeInFlight["step"]): NodeInFlight => ({
    pool: "web",
    zone: ZONE_A,
    step,
    command: `op-as:n:${step.toLowerCase()}`,
    since: T0,
    config: { version: "1.33.2-gke.1000", nodeImage: "cos-1" },
  });

  it("CA-8 pods on nodes the autoscaler drains or deletes are evicted at once; a node being created keeps none", () => {
    const pods = [
      pod("a", 100, 64, { node: "draining" }),
      pod("b", 100, 64, { node: "forced" }),
      pod("c", 100, 64, { node: "deleting" }),
      pod("d", 100, 64, { node: "new" }),
      pod("e", 100, 64, { node: "other" }),
    ];
    const evicted = evictFromLeaving(pods, {
      draining: flight("DRAIN"),
      forced: flight("DRAIN_FORCED"),
      deleting: flight("DELETE"),
      new: flight("CREATE"),
    });
    expect(where(evicted.pods)).toEqual({
      a: undefined,
      b: undefined,
      c: undefined,
      d: "new",
      e: "other",
    });
    expect([...evicted.changed]).toEqual([0, 1, 2]);
    expect(pods[0]?.node).toBe("draining");
  });
});
