import { describe, expect, it } from "vitest";
import {
  type AutoscalerPod,
  type AutoscalerState,
  clusterProfile,
  evaluateCluster,
  type ScaleDownAction,
  validateProfile,
} from "../../src/index.ts";
import { input, MIN, node, pod, pool, T0, ZONES } from "./fixtures.ts";

const [A, B] = ZONES as [string, string, string];

/** web-1 lightly used (its pod `x` can move), web-2 with room for it. */
function twoNodes(x: Partial<AutoscalerPod> = {}, since = T0 - 11 * MIN) {
  const state: AutoscalerState = { backoff: {}, unneededSince: { "web-1": since } };
  return input(
    {
      pools: [pool("web")],
      nodes: [node("web-1", "web", A), node("web-2", "web", B)],
      pods: [
        pod("x", 1000, 256, { node: "web-1", labels: { app: "x" }, ...x }),
        pod("y", 2500, 256, { node: "web-2" }),
      ],
    },
    state,
  );
}

function downs(d: ReturnType<typeof evaluateCluster>): ScaleDownAction[] {
  return d.actions.filter((a): a is ScaleDownAction => a.type === "SCALE_DOWN");
}

describe("scale down", () => {
  it("CA-5 a node whose pods all fit elsewhere is removed once unneeded for 10 min", () => {
    const d = evaluateCluster(twoNodes(), T0);
    expect(downs(d)).toMatchObject([{ pool: "web", nodes: ["web-1"], delta: -1 }]);
    expect(d.records.find((r) => r.action === "SCALE_DOWN")?.reason).toMatch(
      /^node web-1 removed: requests < 0.5 of allocatable and every pod fits elsewhere/,
    );
  });

  it("CA-5 an underused node is first marked unneeded, removed only after the unneeded time", () => {
    const first = evaluateCluster({ ...twoNodes(), state: { backoff: {}, unneededSince: {} } }, T0);
    expect(downs(first)).toEqual([]);
    expect(first.state.unneededSince).toEqual({ "web-1": T0 });
    // Nothing can differ before its unneeded time runs out.
    expect(first.wakeAt).toBe(T0 + 10 * MIN);
    expect(first.records.find((r) => r.pool === "web")?.reason).toMatch(
      /node web-1 kept: unneeded for 0 min of 10 min/,
    );
    const later = evaluateCluster({ ...twoNodes(), state: first.state }, T0 + 10 * MIN);
    expect(downs(later)[0]?.nodes).toEqual(["web-1"]);
    expect(later.state.unneededSince).toEqual({});
  });

  it("CA-5 a node above 0.5 utilization is not a candidate (upstream threshold)", () => {
    const d = evaluateCluster(twoNodes({ containers: [{ cpuMillis: 2100, memoryMiB: 256 }] }), T0);
    expect(downs(d)).toEqual([]);
    expect(d.state.unneededSince).toEqual({});
  });

  it("CA-5 a node at exactly 0.5 utilization is not a candidate: upstream's threshold is strictly below", () => {
    // web-2 is busy by memory (not a candidate) and has room for web-1's pod.
    const at = (cpuMillis: number) =>
      input(
        {
          pools: [pool("web")],
          nodes: [node("web-1", "web", A), node("web-2", "web", B)],
          pods: [
            pod("x", cpuMillis, 256, { node: "web-1" }),
            pod("y", 1000, 9000, { node: "web-2" }),
          ],
        },
        { backoff: {}, unneededSince: { "web-1": T0 - 11 * MIN } },
      );
    const half = evaluateCluster(at(2000), T0);
    expect(downs(half)).toEqual([]);
    expect(half.state.unneededSince).toEqual({});
    expect(downs(evaluateCluster(at(1999), T0))[0]?.nodes).toEqual(["web-1"]);
  });

  it("CA-5 a node whose pod fits on no other node stays", () => {
    const d = evaluateCluster(twoNodes({ containers: [{ cpuMillis: 1600, memoryMiB: 256 }] }), T0);
    expect(downs(d)).toEqual([]);
    expect(d.records.find((r) => r.blockedBy === "CA-5")?.reason).toBe(
      "node web-1 kept: pod x fits on no other node",
    );
  });

  it("CA-5 never below the pool minimum", () => {
    const base = twoNodes();
    const d = evaluateCluster(
      {
        ...base,
        pools: [
          pool("web", { autoscaling: { enabled: true, totalMinNodes: 2, totalMaxNodes: 5 } }),
        ],
      },
      T0,
    );
    expect(downs(d)).toEqual([]);
    expect(d.records.find((r) => r.blockedBy === "CA-5")?.reason).toBe(
      "node web-1 kept: pool is at its minimum of 2 nodes",
    );
  });

  it("CA-5 a standard cluster never goes to zero nodes; scale up from zero is allowed", () => {
    const lone = input(
      { pools: [pool("web")], nodes: [node("web-1", "web")] },
      { backoff: {}, unneededSince: { "web-1": T0 - 60 * MIN } },
    );
    const d = evaluateCluster(lone, T0);
    expect(downs(d)).toEqual([]);
    expect(d.records.find((r) => r.blockedBy === "CA-5")?.reason).toBe(
      "node web-1 kept: a standard cluster never goes below one node",
    );
    const fromZero = evaluateCluster(input({ pools: [pool("web")], pods: [pod("p", 1000)] }), T0);
    expect(fromZero.actions).toMatchObject([{ type: "SCALE_UP", delta: 1 }]);
  });

  it("CA-5 no scale down for 10 min after a scale up (upstream default)", () => {
    const base = twoNodes();
    const d = evaluateCluster(
      { ...base, state: { ...base.state, lastScaleUpAt: T0 - 4 * MIN } },
      T0,
    );
    expect(downs(d)).toEqual([]);
    expect(d.records.find((r) => r.blockedBy === "CA-5")?.reason).toMatch(
      /no scale down for 10 min after a scale up \(until 12:06 UTC\)/,
    );
    expect(d.wakeAt).toBeLessThanOrEqual(T0 + 6 * MIN);
  });

  it("CA-5 at most 10 nodes are removed per pass (upstream parallelism)", () => {
    const nodes = Array.from({ length: 15 }, (_, i) =>
      node(`n-${String(i).padStart(2, "0")}`, "web", A),
    );
    const since = Object.fromEntries(nodes.map((n) => [n.name, T0 - 11 * MIN]));
    const d = evaluateCluster(
      input(
        { pools: [pool("web", { autoscaling: { enabled: true, totalMaxNodes: 30 } })], nodes },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    expect(downs(d)[0]?.delta).toBe(-10);
  });

  it("CA-7 a pod with safe-to-evict=false keeps its node", () => {
    const d = evaluateCluster(
      twoNodes({ annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "false" } }),
      T0,
    );
    expect(downs(d)).toEqual([]);
    expect(d.records.find((r) => r.blockedBy === "CA-7")?.reason).toBe(
      "node web-1 kept: pod x has safe-to-evict=false",
    );
    expect(d.state.unneededSince).toEqual({});
  });

  it("CA-7 a pod without a controller keeps its node, unless marked safe-to-evict=true", () => {
    const bare = evaluateCluster(twoNodes({ controller: null }), T0);
    expect(bare.records.find((r) => r.blockedBy === "CA-7")?.reason).toBe(
      "node web-1 kept: pod x has no controller",
    );
    const safe = evaluateCluster(
      twoNodes({
        controller: null,
        annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "true" },
      }),
      T0,
    );
    expect(downs(safe)[0]?.nodes).toEqual(["web-1"]);
  });

  it("CA-7 local storage keeps the node only below control plane 1.22", () => {
    const old = evaluateCluster(
      {
        ...twoNodes({ localStorage: true }),
        cluster: { name: "c1", controlPlaneVersion: "1.21.14-gke.4300" },
      },
      T0,
    );
    expect(old.records.find((r) => r.blockedBy === "CA-7")?.reason).toBe(
      "node web-1 kept: pod x uses local storage and the control plane 1.21.14-gke.4300 is below 1.22",
    );
    const current = evaluateCluster(
      {
        ...twoNodes({ localStorage: true }),
        cluster: { name: "c1", controlPlaneVersion: "1.22.0-gke.100" },
      },
      T0,
    );
    expect(downs(current)[0]?.nodes).toEqual(["web-1"]);
  });

  it("CA-7 a pod whose eviction would break a PodDisruptionBudget keeps its node", () => {
    const base = twoNodes();
    const d = evaluateCluster(
      { ...base, pdbs: [{ name: "x-pdb", selector: { app: "x" }, minAvailable: 1 }] },
      T0,
    );
    expect(d.records.find((r) => r.blockedBy === "CA-7")?.reason).toBe(
      "node web-1 kept: evicting pod x would break PodDisruptionBudget x-pdb",
    );
    const allowed = evaluateCluster(
      { ...base, pdbs: [{ name: "x-pdb", selector: { app: "x" }, maxUnavailable: 1 }] },
      T0,
    );
    expect(downs(allowed)[0]?.nodes).toEqual(["web-1"]);
  });

  it("CA-7 a kube-system pod keeps its node unless a PodDisruptionBudget in kube-system selects it", () => {
    const system = { namespace: "kube-system", labels: { app: "x" } };
    const kept = evaluateCluster(twoNodes(system), T0);
    expect(downs(kept)).toEqual([]);
    expect(kept.records.find((r) => r.blockedBy === "CA-7")?.reason).toBe(
      "node web-1 kept: pod kube-system/x is a kube-system pod without a PodDisruptionBudget",
    );
    // A budget elsewhere does not count; one in kube-system that selects it does.
    const elsewhere = [
      { name: "x", namespace: "default", selector: { app: "x" }, maxUnavailable: 1 },
    ];
    expect(downs(evaluateCluster({ ...twoNodes(system), pdbs: elsewhere }, T0))).toEqual([]);
    const budget = [
      { name: "x", namespace: "kube-system", selector: { app: "x" }, maxUnavailable: 1 },
    ];
    expect(downs(evaluateCluster({ ...twoNodes(system), pdbs: budget }, T0))[0]?.nodes).toEqual([
      "web-1",
    ]);
    // safe-to-evict=true lets it go, as upstream's rule order does.
    const marked = evaluateCluster(
      twoNodes({
        ...system,
        annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "true" },
      }),
      T0,
    );
    expect(downs(marked)[0]?.nodes).toEqual(["web-1"]);
  });

  it("CA-7 a PodDisruptionBudget is shared: the second node of the same app stays once the budget is spent", () => {
    const nodes = [node("w-1", "web", A), node("w-2", "web", A), node("w-3", "web", B)];
    const ps = [
      pod("a", 500, 256, { node: "w-1", labels: { app: "a" } }),
      pod("b", 500, 256, { node: "w-2", labels: { app: "a" } }),
      pod("c", 2500, 256, { node: "w-3", labels: { app: "a" } }),
    ];
    const since = { "w-1": T0 - 11 * MIN, "w-2": T0 - 11 * MIN };
    const d = evaluateCluster(
      input(
        {
          pools: [pool("web")],
          nodes,
          pods: ps,
          pdbs: [{ name: "a", selector: { app: "a" }, maxUnavailable: "34%" }],
        },
        { backoff: {}, unneededSince: since },
      ),
      T0,
    );
    expect(downs(d)[0]?.nodes).toEqual(["w-1"]);
    expect(d.records.find((r) => r.blockedBy === "CA-7")?.reason).toBe(
      "node w-2 kept: evicting pod a would break PodDisruptionBudget a",
    );
  });

  it("CA-7 a pod that affinity pins to its node keeps it", () => {
    const d = evaluateCluster(
      twoNodes({ nodeSelector: { "kubernetes.io/hostname": "web-1" } }),
      T0,
    );
    expect(d.records.find((r) => r.blockedBy === "CA-7")?.reason).toBe(
      "node web-1 kept: pod x cannot be placed elsewhere (affinity / node selector)",
    );
    const anti = evaluateCluster(
      twoNodes({ affinity: { podAntiAffinity: [{ labelSelector: { app: "y" } }] } }),
      T0,
    );
    expect(downs(anti)[0]?.nodes).toEqual(["web-1"]);
  });

  it("CA-7 pod anti-affinity against what runs elsewhere keeps the node", () => {
    const base = twoNodes({ affinity: { podAntiAffinity: [{ labelSelector: { app: "y" } }] } });
    const withY = {
      ...base,
      pods: base.pods.map((p) => (p.name === "y" ? { ...p, labels: { app: "y" } } : p)),
    };
    const d = evaluateCluster(withY, T0);
    expect(d.records.find((r) => r.blockedBy === "CA-7")?.reason).toMatch(
      /pod x cannot be placed elsewhere/,
    );
  });

  it("CA-7 DaemonSet pods do not keep a node: they go with it", () => {
    const base = twoNodes();
    const ds = pod("ds-1", 100, 64, { node: "web-1", daemonSet: true, controller: "DaemonSet" });
    const d = evaluateCluster({ ...base, pods: [...base.pods, ds] }, T0);
    expect(downs(d)[0]?.nodes).toEqual(["web-1"]);
  });

  it("CA-8 removed nodes drain for up to 1 hour from control plane 1.32.7-gke.1079000, 10 minutes before", () => {
    const at = (v: string) =>
      downs(
        evaluateCluster({ ...twoNodes(), cluster: { name: "c1", controlPlaneVersion: v } }, T0),
      )[0];
    expect(at("1.32.7-gke.1079000")?.gracefulTerminationSeconds).toBe(3600);
    expect(at("1.33.0-gke.100")?.gracefulTerminationSeconds).toBe(3600);
    expect(at("1.32.7-gke.1078999")?.gracefulTerminationSeconds).toBe(600);
    expect(at("1.31.1-gke.100")?.gracefulTerminationSeconds).toBe(600);
    expect(downs(evaluateCluster(twoNodes(), T0))[0]?.reason).toMatch(
      /drained for up to 60 min, then forced/,
    );
  });

  it("CA-11 optimize-utilization removes underused nodes sooner (1 min instead of 10)", () => {
    const balanced = evaluateCluster(twoNodes({}, T0 - 2 * MIN), T0);
    expect(downs(balanced)).toEqual([]);
    const base = twoNodes({}, T0 - 2 * MIN);
    const optimized = evaluateCluster(
      {
        ...base,
        pools: [
          pool("web", {
            autoscaling: {
              enabled: true,
              minNodes: 0,
              maxNodes: 10,
              profile: "optimize-utilization",
            },
          }),
        ],
      },
      T0,
    );
    expect(downs(optimized)[0]?.nodes).toEqual(["web-1"]);
  });

  it("CA-11 the profile is the cluster's; a pool's own profile overrides it (extension); Autopilot clusters optimize utilization", () => {
    const base = twoNodes({}, T0 - 2 * MIN);
    const optimizedCluster = evaluateCluster(
      { ...base, cluster: { ...base.cluster, profile: "optimize-utilization" } },
      T0,
    );
    expect(downs(optimizedCluster)[0]?.nodes).toEqual(["web-1"]);
    expect(
      downs(evaluateCluster({ ...base, cluster: { ...base.cluster, autopilot: true } }, T0))[0]
        ?.nodes,
    ).toEqual(["web-1"]);
    const poolKeepsBalanced = evaluateCluster(
      {
        ...base,
        cluster: { ...base.cluster, profile: "optimize-utilization" },
        pools: [
          pool("web", {
            autoscaling: { enabled: true, minNodes: 0, maxNodes: 10, profile: "balanced" },
          }),
        ],
      },
      T0,
    );
    expect(downs(poolKeepsBalanced)).toEqual([]);
  });

  it("CA-11 the balanced profile is not available on Autopilot clusters (422)", () => {
    expect(validateProfile({ autopilot: true, profile: "balanced" })).toMatchObject({
      ok: false,
      error: { rule: "CA-11", kind: "refused" },
    });
    expect(validateProfile({ autopilot: true, profile: "optimize-utilization" }).ok).toBe(true);
    expect(validateProfile({ autopilot: true }).ok).toBe(true);
    expect(validateProfile({ autopilot: false, profile: "balanced" }).ok).toBe(true);
    expect(clusterProfile({ autopilot: true })).toBe("optimize-utilization");
    expect(clusterProfile({ autopilot: false })).toBe("balanced");
  });

  it("CA-11 optimize-utilization packs pending pods onto the busiest node that fits", () => {
    const nodes = [node("a-empty", "web", A), node("b-busy", "web", B)];
    const busy = pod("busy", 1500, 256, { node: "b-busy" });
    const profile = (p: "balanced" | "optimize-utilization") =>
      evaluateCluster(
        input({
          pools: [
            pool("web", { autoscaling: { enabled: true, minNodes: 0, maxNodes: 10, profile: p } }),
          ],
          nodes,
          pods: [busy, pod("new", 2100)],
        }),
        T0,
      );
    // The busy node takes the new pod: the empty one becomes a scale-down candidate.
    expect(profile("optimize-utilization").state.unneededSince).toHaveProperty("a-empty");
    expect(profile("balanced").state.unneededSince).not.toHaveProperty("a-empty");
  });
});

/** A g2-style machine with 4 GPUs: 24 CPU, 96 GiB. */
const GPU4 = {
  machineType: "g2-standard-48",
  cpuMillis: 24_000,
  memoryMiB: 98_304,
  accelerators: 4,
  gpuType: "nvidia-l4",
  pricePerHour: 4,
};

const gpuPod = (name: string, gpus: number, cpu: number, over: Partial<AutoscalerPod> = {}) =>
  pod(name, cpu, 256, {
    containers: [{ cpuMillis: cpu, memoryMiB: 256, accelerators: gpus }],
    ...over,
  });

describe("GPU nodes and custom schedulers (CA-5, CA-11)", () => {
  it("CA-5 the removal text says what the code compares: requests strictly below the threshold", () => {
    const d = evaluateCluster(twoNodes(), T0);
    const reason = d.records.find((r) => r.action === "SCALE_DOWN")?.reason ?? "";
    expect(reason).toMatch(
      /^node web-1 removed: requests < 0\.5 of allocatable and every pod fits elsewhere/,
    );
    expect(reason).not.toMatch(/≤/);
    const lower = evaluateCluster(
      { ...twoNodes(), options: { scaleDownUtilizationThreshold: 0.3 } },
      T0,
    );
    expect(lower.records.find((r) => r.action === "SCALE_DOWN")?.reason).toMatch(
      /requests < 0\.3 of allocatable/,
    );
  });

  it("CA-5 a GPU node is judged by its GPU requests alone: idle GPUs make it underused however busy its CPUs are", () => {
    // g-1: 1 of 4 GPUs but 14 of 24 CPUs (58 %); g-2 has room for its pod.
    const at = (gpus: number) =>
      input(
        {
          pools: [pool("gpu", { machine: GPU4 })],
          nodes: [node("g-1", "gpu", A), node("g-2", "gpu", B)],
          pods: [
            gpuPod("train", gpus, 14_000, { node: "g-1" }),
            gpuPod("other", 2, 1000, { node: "g-2" }),
          ],
        },
        { backoff: {}, unneededSince: { "g-1": T0 - 11 * MIN } },
      );
    const idle = evaluateCluster(at(1), T0);
    expect(downs(idle)[0]?.nodes).toEqual(["g-1"]);
    expect(downs(idle)[0]?.reason).toMatch(
      /^node g-1 removed: GPU requests < 0\.5 of its GPUs and every pod fits elsewhere/,
    );
    // 2 of 4 GPUs is exactly the threshold: not underused, whatever its CPUs.
    const half = evaluateCluster(at(2), T0);
    expect(downs(half)).toEqual([]);
    expect(half.state.unneededSince).not.toHaveProperty("g-1");
  });

  it("CA-11 optimize-utilization packs onto the node with the most GPU allocation, not only CPU and memory", () => {
    // g-a: 1 GPU of 4 but 10 of 24 CPUs; g-b: 3 GPUs of 4, 1 CPU. By GPUs g-b is the
    // busier: the new pod takes its last GPU, and g-a (1 GPU of 4) becomes a scale-down
    // candidate. Balanced (name order) puts it on g-a, which is then at 2 of 4 GPUs.
    const profile = (p: "balanced" | "optimize-utilization") =>
      evaluateCluster(
        input({
          pools: [
            pool("gpu", {
              machine: GPU4,
              autoscaling: { enabled: true, minNodes: 0, maxNodes: 10, profile: p },
            }),
          ],
          nodes: [node("g-a", "gpu", A), node("g-b", "gpu", B)],
          pods: [
            gpuPod("a", 1, 10_000, { node: "g-a" }),
            gpuPod("b", 3, 1000, { node: "g-b" }),
            gpuPod("new", 1, 1000),
          ],
        }),
        T0,
      );
    const onGa = (d: ReturnType<typeof evaluateCluster>) =>
      d.records.filter((r) => r.nodes?.includes("g-a")).map((r) => r.reason);
    // g-a is a candidate whose pod finds no room (g-b is full): kept, by CA-5.
    expect(onGa(profile("optimize-utilization"))).toEqual([
      "node g-a kept: pod a fits on no other node",
    ]);
    expect(onGa(profile("balanced"))).toEqual([]);
  });

  it("CA-11 pods that name a custom scheduler are not affected by optimize-utilization: they see the nodes in name order", () => {
    const nodes = [node("a-empty", "web", A), node("b-busy", "web", B)];
    const busy = pod("busy", 1500, 256, { node: "b-busy" });
    const optimized = (schedulerName?: string) =>
      evaluateCluster(
        input({
          pools: [
            pool("web", {
              autoscaling: {
                enabled: true,
                minNodes: 0,
                maxNodes: 10,
                profile: "optimize-utilization",
              },
            }),
          ],
          nodes,
          pods: [busy, pod("new", 2100, 256, schedulerName ? { schedulerName } : {})],
        }),
        T0,
      );
    // The default scheduler (named or not) and GKE's own are rewritten: packed onto b-busy.
    for (const name of [undefined, "default-scheduler", "gke.io/optimize-utilization-scheduler"]) {
      expect(optimized(name).state.unneededSince, String(name)).toHaveProperty("a-empty");
    }
    // A custom one keeps its own placement: first fit by name, a-empty is used.
    expect(optimized("volcano").state.unneededSince).not.toHaveProperty("a-empty");
  });
});
