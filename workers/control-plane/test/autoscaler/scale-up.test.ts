import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { nodesOf } from "../operations/helpers.ts";
import {
  clusterWithPools,
  decisions,
  evaluate,
  pods,
  podsOf,
  useAutoscalerFixtures,
} from "./helpers.ts";

useAutoscalerFixtures();

const TWO_ZONES = ["europe-west1-b", "europe-west1-c"];

async function putPods(cluster: string, list: Record<string, unknown>[]) {
  const res = await api("PUT", `/v1/clusters/${cluster}/workloads`, { body: { pods: list } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { pending: number; decisions: { action: string; pool: string }[] };
}

async function advance(seconds: number) {
  const res = await api("POST", "/v1/sim/advance", { body: { seconds } });
  expect(res.status).toBe(200);
}

describe("scale-up through the API (CA-3, CA-10, CA-17)", () => {
  it("CA-3 CA-10 CA-17 pending pods add nodes spread over the zones, which reach the inventory and run the pods", async () => {
    await clusterWithPools("up-a", {
      p: {
        zones: TWO_ZONES,
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 },
      },
    });
    // One 3-CPU pod per 4-CPU node: 2 fit the existing nodes, 4 need new ones.
    const put = await putPods("up-a", pods("api", 6, 3000));
    const up = put.decisions.find((d) => d.action === "SCALE_UP") as unknown as {
      delta: number;
      zones: Record<string, number>;
      reason: string;
    };
    expect(up).toBeDefined();
    expect(up.delta).toBe(4);
    expect(up.zones).toEqual({ "europe-west1-b": 2, "europe-west1-c": 2 });
    expect(up.reason).toMatch(/4 pods of 3 CPU pending/);
    expect(up.reason).toMatch(/\+4 nodes|\+2/);

    await advance(180);
    await evaluate("up-a");
    const nodes = await nodesOf("up-a", "p");
    expect(nodes).toHaveLength(6);
    expect(nodes.every((n) => n.state === "READY")).toBe(true);
    const placed = await podsOf("up-a");
    expect(placed.every((p) => p.node !== undefined)).toBe(true);
    expect(new Set(placed.map((p) => p.node)).size).toBe(6);
    // Nothing more to add once they run.
    const again = await evaluate("up-a");
    expect(again.some((d) => d.action === "SCALE_UP")).toBe(false);
  });

  it("CA-3 CA-10 nodes a scale-up added that the inventory refuses count for the passes meanwhile and are retried with backoff by its deliveries until the inventory has them", async () => {
    await clusterWithPools("up-refused", {
      p: {
        zones: TWO_ZONES,
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 4 },
      },
    });
    // The inventory refuses this cluster's new nodes, as a D1 outage would.
    await env.DB.exec(
      "CREATE TRIGGER refuse_nodes BEFORE INSERT ON nodes WHEN NEW.cluster = 'up-refused' BEGIN SELECT RAISE(ABORT, 'inventory unavailable'); END",
    );
    await putPods("up-refused", pods("api", 6, 3000));
    await advance(180);
    const inD1 = () =>
      env.DB.prepare("SELECT count(*) AS n FROM nodes WHERE cluster = 'up-refused'").first<{
        n: number;
      }>();
    expect((await inD1())?.n).toBe(2);
    // The passes see what the inventory does not have yet: no second scale-up for the
    // same pods.
    const again = await evaluate("up-refused");
    expect(again.some((d) => d.action === "SCALE_UP")).toBe(false);

    await env.DB.exec("DROP TRIGGER refuse_nodes");
    for (let step = 0; (await inD1())?.n !== 6; step++) {
      expect(step, "the node changes were never retried").toBeLessThan(20);
      await advance(30);
    }
    const nodes = await nodesOf("up-refused", "p");
    expect(nodes).toHaveLength(6);
    expect(nodes.every((n) => n.state === "READY")).toBe(true);
  });

  it("CA-2 a pod's request is the larger of its init containers and the sum of its containers", async () => {
    await clusterWithPools("up-init", {
      p: {
        zones: ["europe-west1-b"],
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 3 },
      },
    });
    // 2 pods of 0.5 CPU each, but an init container of 3.5 CPU: one per node.
    const put = await putPods("up-init", [
      ...pods("init", 2, 500, { initContainers: [{ cpuMillis: 3500, memoryMiB: 128 }] }),
    ]);
    const up = put.decisions.find((d) => d.action === "SCALE_UP") as unknown as {
      delta: number;
      reason: string;
    };
    expect(up.delta).toBe(1);
    expect(up.reason).toMatch(/1 pod of 3.5 CPU/);
  });

  it("CA-1 CA-6 a scale-up stops at the pool's maximum; the rest stay pending", async () => {
    await clusterWithPools("up-max", {
      p: {
        zones: TWO_ZONES,
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 2 },
      },
    });
    const put = await putPods("up-max", pods("big", 10, 3000));
    const ups = put.decisions.filter((d) => d.action === "SCALE_UP") as unknown as {
      delta: number;
    }[];
    expect(ups.reduce((sum, d) => sum + d.delta, 0)).toBe(2);
    const again = await evaluate("up-max");
    expect(again.some((d) => d.action === "SCALE_UP")).toBe(false);
    const all = await decisions("up-max", "p");
    expect(all.some((d) => d.action === "NOOP" && /max|limit/i.test(d.reason))).toBe(true);
  });

  it("CA-3 CA-10 a pending pod pinned to the pool's second zone gets a node there", async () => {
    await clusterWithPools("up-zone", {
      p: {
        zones: TWO_ZONES,
        nodeCount: 0,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 3 },
      },
    });
    const put = await putPods(
      "up-zone",
      pods("pinned", 1, 3000, {
        nodeSelector: { "topology.kubernetes.io/zone": "europe-west1-c" },
      }),
    );
    const up = put.decisions.find((d) => d.action === "SCALE_UP") as unknown as {
      delta: number;
      zones: Record<string, number>;
    };
    expect(up, JSON.stringify(put.decisions)).toBeDefined();
    expect(up.zones).toEqual({ "europe-west1-c": 1 });
    await advance(180);
    await evaluate("up-zone");
    const [placed] = await podsOf("up-zone");
    const nodes = await nodesOf("up-zone", "p");
    expect(nodes.find((n) => n.name === placed?.node)?.zone).toBe("europe-west1-c");
  });

  it("CA-12 pods with priority below -10 never trigger a scale-up", async () => {
    await clusterWithPools("up-prio", {
      p: {
        zones: ["europe-west1-b"],
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 5 },
      },
    });
    const put = await putPods("up-prio", [
      ...pods("busy", 1, 3500),
      ...pods("low", 3, 3000, { priority: -11 }),
    ]);
    expect(put.pending).toBe(3);
    expect(put.decisions.some((d) => d.action === "SCALE_UP")).toBe(false);
    const why = (await decisions("up-prio", "p")).find((d) => d.blockedBy === "CA-12");
    expect(why?.reason).toMatch(/3 pending pod\(s\) with priority below -10/);
    // At -10 they count.
    const at10 = await putPods("up-prio", [
      ...pods("busy", 1, 3500),
      ...pods("low", 3, 3000, { priority: -10 }),
    ]);
    expect(at10.decisions.some((d) => d.action === "SCALE_UP")).toBe(true);
  });

  it("CA-9 the cheaper spot pool is chosen over on-demand", async () => {
    await clusterWithPools("up-spot", {
      ondemand: {
        zones: ["europe-west1-b"],
        nodeCount: 0,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 },
      },
      spot: {
        zones: ["europe-west1-b"],
        nodeCount: 0,
        spot: true,
        autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 },
      },
    });
    const put = await putPods("up-spot", pods("w", 3, 3000));
    const up = put.decisions.find((d) => d.action === "SCALE_UP") as unknown as {
      pool: string;
      delta: number;
      reason: string;
    };
    expect(up.pool).toBe("spot");
    expect(up.delta).toBe(3);
    expect(up.reason).toMatch(/spot/);
  });

  it("CA-9 among several spot pools the cheapest is not chosen automatically: least waste decides, and the decision says so", async () => {
    for (const [name, memoryMiB, spotPricePerHour] of [
      ["n2-highmem-8", 65_536, 0.2],
      ["e2-standard-8", 32_768, 0.25],
    ] as const) {
      const res = await api("PUT", `/v1/machine-types/${name}`, {
        body: { cpuMillis: 8000, memoryMiB, pricePerHour: 1, spotPricePerHour },
      });
      expect(res.status).toBeLessThan(300);
    }
    const spot = (machineType: string) => ({
      machineType,
      zones: ["europe-west1-b"],
      nodeCount: 0,
      spot: true,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 5 },
    });
    await clusterWithPools("up-spots", {
      "spot-highmem": spot("n2-highmem-8"),
      "spot-standard": spot("e2-standard-8"),
    });
    const put = await putPods(
      "up-spots",
      Array.from({ length: 2 }, (_, i) => ({
        name: `w-${i}`,
        containers: [{ cpuMillis: 3500, memoryMiB: 12_000 }],
      })),
    );
    const up = put.decisions.find((d) => d.action === "SCALE_UP") as unknown as {
      pool: string;
      reason: string;
    };
    expect(up.pool).toBe("spot-standard");
    expect(up.reason).toMatch(
      /least waste among the spot pools \(spot-highmem, spot-standard\); price does not decide between spot pools/,
    );
  });

  it("CA-13 a multi-host TPU pool scales from 0 to the whole 16x16 slice of ct5lp-hightpu-4t: 64 nodes", async () => {
    const tpu = await api("PUT", "/v1/machine-types/ct5lp-hightpu-4t", {
      body: { cpuMillis: 112_000, memoryMiB: 196_608, gpus: 4, pricePerHour: 4.8 },
    });
    expect(tpu.status).toBeLessThan(300);
    await clusterWithPools("up-tpu", {
      tpu: {
        machineType: "ct5lp-hightpu-4t",
        zones: ["europe-west1-b"],
        nodeCount: 0,
        tpu: { topology: "16x16", multiHost: true },
        autoscaling: { enabled: true, totalMinNodes: 0, totalMaxNodes: 64 },
      },
    });
    const put = await putPods("up-tpu", [
      {
        name: "trainer-0",
        containers: [{ cpuMillis: 1000, memoryMiB: 1024, accelerators: 4 }],
        nodeSelector: { "cloud.google.com/gke-tpu-topology": "16x16" },
      },
    ]);
    const up = put.decisions.find((d) => d.action === "SCALE_UP") as unknown as { delta: number };
    expect(up?.delta).toBe(64);
  });
});

describe("zone quota at every decision (CA-4, CA-9)", () => {
  it("CA-9 a 6-CPU zone quota with one 2-CPU node and three pending 2-CPU-node pods gets 2 nodes, and no third once they are ready (upstream's capped by quota)", async () => {
    const zone = await api("PUT", "/v1/zones/europe-west1-q", {
      body: { region: "europe-west1", quota: { cpuMillis: 6000 } },
    });
    expect(zone.status).toBeLessThan(300);
    const machine = await api("PUT", "/v1/machine-types/q-standard-2", {
      body: { cpuMillis: 2000, memoryMiB: 8192, gpus: 0, pricePerHour: 0.1 },
    });
    expect(machine.status).toBeLessThan(300);
    await clusterWithPools("up-quota", {
      p: {
        machineType: "q-standard-2",
        zones: ["europe-west1-q"],
        nodeCount: 1,
        autoscaling: { enabled: true, minNodes: 1, maxNodes: 10 },
      },
    });
    const [first] = (await nodesOf("up-quota", "p")).map((n) => n.name);
    // One pod per node: the running one fills the existing node, three wait.
    await putPods("up-quota", [
      ...pods("busy", 1, 1500, { node: first }),
      ...pods("wait", 3, 1500),
    ]);
    await evaluate("up-quota");
    for (let i = 0; i < 6; i++) {
      await advance(120);
      await evaluate("up-quota");
    }
    const nodes = await nodesOf("up-quota", "p");
    expect(nodes.map((n) => n.name).sort()).toHaveLength(3);
    const added = (await decisions("up-quota", "p"))
      .filter((d) => d.action === "SCALE_UP")
      .reduce((sum, d) => sum + d.delta, 0);
    expect(added).toBe(2);
  });
});
