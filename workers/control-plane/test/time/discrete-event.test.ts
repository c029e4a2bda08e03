import { describe, expect, it } from "vitest";
import {
  clusterWithPools,
  decisions,
  evaluate,
  pods,
  podsOf,
  useAutoscalerFixtures,
} from "../autoscaler/helpers.ts";
import { api } from "../helpers.ts";
import { nodesOf } from "../operations/helpers.ts";

useAutoscalerFixtures();

const ZONE = ["europe-west1-b"];

async function advance(seconds: number) {
  const res = await api("POST", "/v1/sim/advance", { body: { seconds } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A fixed base pool and a spot pool the pending pods only fit (3 CPU pods). */
async function spotAndBase(cluster: string) {
  await clusterWithPools(cluster, {
    base: { zones: ZONE, nodeCount: 1 },
    spot: {
      zones: ZONE,
      nodeCount: 0,
      spot: true,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
    },
  });
}

describe("discrete-event time: timers fire at the instant they were due", () => {
  it("CA-4 a node that registered minutes into a one-hour jump is not timed out at the end of the jump", async () => {
    await spotAndBase("de-reg");
    const put = await api("PUT", "/v1/clusters/de-reg/workloads", {
      body: { pods: pods("w", 2, 3000) },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const up = (await evaluate("de-reg")).concat(await decisions("de-reg", "spot"));
    expect(up.some((d) => d.action === "SCALE_UP" && d.pool === "spot")).toBe(true);
    await advance(3600);
    const log = await decisions("de-reg", "spot");
    const timedOut = log.filter((d) => /did not register/.test(d.reason));
    expect(timedOut, JSON.stringify(timedOut)).toEqual([]);
    const nodes = await nodesOf("de-reg", "spot");
    expect(nodes.length).toBeGreaterThan(0);
    expect(nodes.every((n: { state: string }) => n.state === "READY")).toBe(true);
  });
});

const BLUE = "1.33.5-gke.100";
const GREEN = "1.34.1-gke.2201000";

/** A release that knows both versions (VER-6). */
async function releaseBlueGreen(): Promise<void> {
  const res = await api("PUT", "/v1/releases/2026-R9", {
    body: {
      channel: "REGULAR",
      targets: { "1.34": GREEN },
      versions: [BLUE, GREEN],
      nodeImages: [],
      regions: {},
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
}

describe("discrete-event time: an autoscaled blue-green upgrade in one jump", () => {
  it("NUP-10 NUP-12 CA-4 a pool with 4 pinned pods ends on green nodes at the target, none of them called unregistered", async () => {
    await releaseBlueGreen();
    await clusterWithPools(
      "de-abg",
      {
        p: {
          version: BLUE,
          zones: ZONE,
          nodeCount: 4,
          autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
          upgradeStrategy: { type: "AUTOSCALED_BLUE_GREEN", waitSeconds: 3600 },
        },
      },
      { version: GREEN },
    );
    const blue = await nodesOf("de-abg", "p");
    expect(blue).toHaveLength(4);
    const put = await api("PUT", "/v1/clusters/de-abg/workloads", {
      body: {
        pods: blue.map((node, n) => ({
          name: `app-${n}`,
          node: node.name,
          controller: "ReplicaSet",
          containers: [{ cpuMillis: 3000, memoryMiB: 1024 }],
        })),
      },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const started = await api("POST", "/v1/clusters/de-abg/node-pools/p/upgrade", { body: {} });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    // One jump of a day: every alarm of the upgrade and the autoscaler runs late.
    await advance(86_400);
    const op = await api("GET", `/v1/operations/${started.body.id}`);
    expect(op.body.state, JSON.stringify(op.body.events?.slice(-5))).toBe("SUCCEEDED");
    const after = await nodesOf("de-abg", "p");
    expect(after.length).toBeGreaterThanOrEqual(4);
    expect(
      after.filter((n) => n.version !== GREEN),
      "nodes left on the old version",
    ).toEqual([]);
    const ready = new Set(after.filter((n) => n.state === "READY").map((n) => n.name));
    const unregistered = (await decisions("de-abg")).filter(
      (d) => /did not register/.test(d.reason) && d.nodes?.some((n) => ready.has(n)),
    );
    expect(unregistered).toEqual([]);
    const placed = await podsOf("de-abg");
    expect(placed.filter((p) => p.node === undefined)).toEqual([]);
    for (const pod of placed) expect(ready.has(pod.node ?? ""), pod.name).toBe(true);
  });
});
