import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { nodesOf } from "../operations/helpers.ts";
import { clusterWithPools, decisions, evaluate, pods, useAutoscalerFixtures } from "./helpers.ts";

useAutoscalerFixtures();

const ZONE = ["europe-west1-b"];

async function putPods(cluster: string, list: Record<string, unknown>[]) {
  const res = await api("PUT", `/v1/clusters/${cluster}/workloads`, { body: { pods: list } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

async function advance(seconds: number) {
  expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
}

/** Scans, then lets the sim drain and delete what the pass chose (a wake-up per step). */
async function passAndSettle(cluster: string) {
  const made = await evaluate(cluster);
  for (const seconds of [90, 90, 90]) await advance(seconds);
  await evaluate(cluster);
  return made;
}

describe("scale-down through the API (CA-5, CA-7, CA-11)", () => {
  it("CA-5 CA-6 an unneeded node goes after 10 minutes, never below the pool's minimum", async () => {
    await clusterWithPools("down-a", {
      p: { zones: ZONE, nodeCount: 3, autoscaling: { enabled: true, minNodes: 1, maxNodes: 5 } },
    });
    await putPods("down-a", []);
    // Not yet: a node must stay unneeded for 10 minutes (upstream's default).
    expect((await evaluate("down-a")).some((d) => d.action === "SCALE_DOWN")).toBe(false);
    await advance(660);
    await passAndSettle("down-a");
    const removed = (await decisions("down-a")).filter((d) => d.action === "SCALE_DOWN");
    expect(removed.reduce((sum, d) => sum + (d.nodes?.length ?? 0), 0)).toBe(2);
    expect(removed[0]!.reason.length).toBeGreaterThan(10);
    expect(await nodesOf("down-a", "p")).toHaveLength(1);
    await advance(3600);
    await passAndSettle("down-a");
    expect(await nodesOf("down-a", "p")).toHaveLength(1);
  });

  it("CA-5 a standard cluster never scales to zero nodes in total, even with a pool minimum of 0", async () => {
    await clusterWithPools("down-zero", {
      p: { zones: ZONE, nodeCount: 1, autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 } },
    });
    await putPods("down-zero", []);
    await advance(1200);
    await passAndSettle("down-zero");
    await advance(1200);
    await passAndSettle("down-zero");
    expect(await nodesOf("down-zero", "p")).toHaveLength(1);
  });

  it("CA-5 the removal says what the code compares: requests strictly below 0.5 of allocatable", async () => {
    await clusterWithPools("down-text", {
      p: { zones: ZONE, nodeCount: 2, autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 } },
    });
    await putPods("down-text", []);
    await advance(660);
    await evaluate("down-text");
    const removed = (await decisions("down-text")).find((d) => d.action === "SCALE_DOWN");
    expect(removed?.reason).toMatch(
      /^node \S+ removed: requests < 0\.5 of allocatable and every pod fits elsewhere/,
    );
  });

  it("CA-5 a GPU node is judged by its GPU requests alone: 1 of 4 GPUs is underused though its CPUs are busy; 2 of 4 is not", async () => {
    const gpu = await api("PUT", "/v1/machine-types/g2-standard-48", {
      body: {
        cpuMillis: 24_000,
        memoryMiB: 98_304,
        gpus: 4,
        gpuType: "nvidia-l4",
        pricePerHour: 4,
      },
    });
    expect(gpu.status).toBe(201);
    const gpuPods = (nodes: string[], trainGpus: number) => [
      ...pods("train", 1, 14_000, {
        node: nodes[0],
        containers: [{ cpuMillis: 14_000, memoryMiB: 256, accelerators: trainGpus }],
      }),
      ...pods("other", 1, 1000, {
        node: nodes[1],
        containers: [{ cpuMillis: 1000, memoryMiB: 256, accelerators: 2 }],
      }),
    ];
    for (const [cluster, trainGpus] of [
      ["down-gpu", 1],
      ["down-gpu-half", 2],
    ] as const) {
      await clusterWithPools(cluster, {
        g: {
          machineType: "g2-standard-48",
          zones: ZONE,
          nodeCount: 2,
          autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 },
        },
      });
      const nodes = (await nodesOf(cluster, "g")).map((n) => n.name).sort();
      await putPods(cluster, gpuPods(nodes, trainGpus));
    }
    const [first] = (await nodesOf("down-gpu", "g")).map((n) => n.name).sort();
    await advance(660);
    await evaluate("down-gpu");
    await evaluate("down-gpu-half");
    const removed = (await decisions("down-gpu")).find((d) => d.action === "SCALE_DOWN");
    expect(removed?.nodes).toEqual([first]);
    expect(removed?.reason).toMatch(/removed: GPU requests < 0\.5 of its GPUs and every pod fits/);
    expect((await decisions("down-gpu-half")).some((d) => d.action === "SCALE_DOWN")).toBe(false);
  });

  it("CA-7 a node whose pod has safe-to-evict=false or no controller is kept, and the decision says why", async () => {
    await clusterWithPools("down-keep", {
      p: { zones: ZONE, nodeCount: 3, autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 } },
    });
    const nodes = (await nodesOf("down-keep", "p")).map((n) => n.name).sort();
    await putPods("down-keep", [
      ...pods("pinned", 1, 100, {
        node: nodes[0],
        annotations: { "cluster-autoscaler.kubernetes.io/safe-to-evict": "false" },
      }),
      ...pods("bare", 1, 100, { node: nodes[1], controller: null }),
    ]);
    await advance(660);
    await passAndSettle("down-keep");
    const left = (await nodesOf("down-keep", "p")).map((n) => n.name).sort();
    expect(left).toEqual([nodes[0], nodes[1]]);
    const kept = (await decisions("down-keep", "p")).filter((d) => d.blockedBy === "CA-7");
    expect(kept.some((d) => d.reason.includes("safe-to-evict"))).toBe(true);
    expect(kept.some((d) => /controller/.test(d.reason))).toBe(true);
  });

  it("CA-7 a pod sent without a controller is a bare pod: its node is kept and the pod is not assumed to be recreated", async () => {
    await clusterWithPools("down-nocontroller", {
      p: { zones: ZONE, nodeCount: 2, autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 } },
    });
    const nodes = (await nodesOf("down-nocontroller", "p")).map((n) => n.name).sort();
    // The field is left out, as a hand-written snapshot or `kubectl` output of a bare pod has it.
    await putPods("down-nocontroller", [
      { name: "lonely", node: nodes[0], containers: [{ cpuMillis: 100, memoryMiB: 256 }] },
      ...pods("web", 1, 100, { node: nodes[1] }),
    ]);
    await advance(660);
    await passAndSettle("down-nocontroller");
    // The replicated pod moves over; the bare one keeps its node.
    expect((await nodesOf("down-nocontroller", "p")).map((n) => n.name)).toEqual([nodes[0]]);
    const kept = (await decisions("down-nocontroller", "p")).filter((d) => d.blockedBy === "CA-7");
    expect(kept.some((d) => d.reason.includes("lonely") && /no controller/.test(d.reason))).toBe(
      true,
    );
  });

  it("CA-7 a node running a kube-system pod is kept unless a PodDisruptionBudget in kube-system selects the pod", async () => {
    await clusterWithPools("down-sys", {
      p: { zones: ZONE, nodeCount: 3, autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 } },
    });
    const [guarded, budgeted, big] = (await nodesOf("down-sys", "p")).map((n) => n.name).sort();
    const res = await api("PUT", "/v1/clusters/down-sys/workloads", {
      body: {
        pods: [
          ...pods("dns", 1, 100, {
            namespace: "kube-system",
            node: guarded,
            labels: { app: "dns" },
          }),
          ...pods("metrics", 1, 100, {
            namespace: "kube-system",
            node: budgeted,
            labels: { app: "metrics" },
          }),
          ...pods("app", 1, 2500, { node: big }),
        ],
        pdbs: [
          {
            name: "metrics",
            namespace: "kube-system",
            selector: { app: "metrics" },
            maxUnavailable: 1,
          },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    await advance(660);
    await passAndSettle("down-sys");
    const left = (await nodesOf("down-sys", "p")).map((n) => n.name).sort();
    expect(left).toEqual([guarded, big]);
    const kept = (await decisions("down-sys", "p")).find(
      (d) => d.blockedBy === "CA-7" && d.nodes?.includes(guarded!),
    );
    expect(kept?.reason).toBe(
      `node ${guarded} kept: pod kube-system/dns-0 is a kube-system pod without a PodDisruptionBudget`,
    );
  });

  it("CA-5 a node at exactly half of its allocatable is not underused (upstream compares strictly below)", async () => {
    await clusterWithPools("down-half", {
      p: { zones: ZONE, nodeCount: 2, autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 } },
    });
    const [half, busy] = (await nodesOf("down-half", "p")).map((n) => n.name).sort();
    // 2 of 4 CPU on one node; the other is busy by memory and has room for it.
    await putPods("down-half", [
      { name: "half-0", containers: [{ cpuMillis: 2000, memoryMiB: 256 }], node: half },
      { name: "busy-0", containers: [{ cpuMillis: 1000, memoryMiB: 9000 }], node: busy },
    ]);
    await advance(660);
    await passAndSettle("down-half");
    expect((await nodesOf("down-half", "p")).map((n) => n.name).sort()).toEqual([half, busy]);
    expect((await decisions("down-half", "p")).some((d) => d.action === "SCALE_DOWN")).toBe(false);
  });

  it("CA-11 optimize-utilization removes an unneeded node sooner than balanced", async () => {
    await clusterWithPools("down-prof", {
      fast: {
        zones: ZONE,
        nodeCount: 2,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 5, profile: "optimize-utilization" },
      },
      slow: { zones: ZONE, nodeCount: 2, autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 } },
    });
    await putPods("down-prof", []);
    await advance(120);
    await evaluate("down-prof");
    const made = await decisions("down-prof");
    const pools = new Set(made.filter((d) => d.action === "SCALE_DOWN").map((d) => d.pool));
    expect(pools.has("fast")).toBe(true);
    expect(pools.has("slow")).toBe(false);
  });
});

describe("graceful termination on scale-down (CA-8)", () => {
  it("CA-8 nodes drain for up to 1 hour from control plane 1.32.7-gke.1079000 on, 10 minutes before", async () => {
    for (const [cluster, version, grace] of [
      ["grace-new", "1.33.5-gke.1000", "60 min"],
      ["grace-old", "1.31.4-gke.1000", "10 min"],
    ] as const) {
      await clusterWithPools(
        cluster,
        {
          p: {
            version,
            zones: ZONE,
            nodeCount: 2,
            autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 },
          },
        },
        { version },
      );
      await putPods(cluster, []);
      await advance(660);
      await evaluate(cluster);
      const down = (await decisions(cluster)).find((d) => d.action === "SCALE_DOWN");
      expect(down?.reason, cluster).toContain(`drained for up to ${grace}, then forced`);
    }
  });
});
