import { describe, expect, it } from "vitest";
import { clusterBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { nodesOf } from "../operations/helpers.ts";
import {
  clusterWithPools,
  type DecisionBody,
  decisions,
  useAutoscalerFixtures,
} from "./helpers.ts";

useAutoscalerFixtures();

const ZONE = ["europe-west1-b"];
const VERSION = "1.33.5-gke.1000";
const SCAN_MS = 10_000;

async function simNow(): Promise<number> {
  return Date.parse((await api("GET", "/v1/sim")).body.now);
}

/** Moves the clock to `at` (ms), running what falls due on the way. */
async function advanceTo(at: number): Promise<void> {
  const seconds = Math.round((at - (await simNow())) / 1000);
  expect((await api("POST", "/v1/sim/advance", { body: { seconds } })).status).toBe(200);
}

/** Two nodes, one running a small pod: the empty one is unneeded, the other at the minimum. */
async function unneededCluster(cluster: string): Promise<{ since: number; empty: string }> {
  await clusterWithPools(cluster, {
    p: { zones: ZONE, nodeCount: 2, autoscaling: { enabled: true, minNodes: 1, maxNodes: 3 } },
  });
  const [busy, empty] = (await nodesOf(cluster, "p")).map((n) => n.name).sort() as [string, string];
  // Off the scan grid, so rounding up to it shows.
  await advanceTo((await simNow()) + 3_000);
  const since = await simNow();
  const put = await api("PUT", `/v1/clusters/${cluster}/workloads`, {
    body: {
      pods: [
        {
          name: "a",
          node: busy,
          controller: "ReplicaSet",
          containers: [{ cpuMillis: 500, memoryMiB: 256 }],
        },
      ],
    },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  return { since, empty };
}

function keptUnneeded(list: DecisionBody[], node: string) {
  return list.find((d) => d.action === "NOOP" && d.nodes?.[0] === node) as
    | (DecisionBody & { unneededSince?: string; until?: string })
    | undefined;
}

describe("passes where a decision could differ (CA-17, CA-5, CA-11)", () => {
  it("CA-5 CA-17 a node waiting out its unneeded time is one decision counted when read, and goes at the first tick of the scan grid after its time", async () => {
    const { since, empty } = await unneededCluster("ev-unneeded");
    await advanceTo(since + 7 * 60_000);
    const waiting = keptUnneeded(await decisions("ev-unneeded", "p"), empty);
    expect(waiting?.reason).toBe(`node ${empty} kept: unneeded for 7 min of 10 min`);
    expect(waiting?.unneededSince).toBe(new Date(since).toISOString());
    expect(waiting?.until).toBeUndefined();

    await advanceTo(since + 12 * 60_000);
    const after = await decisions("ev-unneeded", "p");
    const removal = after.find((d) => d.action === "SCALE_DOWN");
    const due = Math.ceil((since + 10 * 60_000) / SCAN_MS) * SCAN_MS;
    expect(removal?.nodes).toEqual([empty]);
    expect(removal?.at).toBe(new Date(due).toISOString());
    // The countdown was one entry; it ended with the pass that removed the node.
    const ended = after.filter((d) => keptUnneeded([d], empty)?.unneededSince !== undefined);
    expect(ended).toHaveLength(1);
    expect(ended[0]!.reason).toBe(`node ${empty} kept: unneeded for 10 min of 10 min`);
    expect((ended[0] as { until?: string }).until).toBe(new Date(due).toISOString());
  });

  it("CA-11 a cluster's new profile is noticed at the next tick of the scan grid, not when the balanced unneeded time would run out", async () => {
    const { since, empty } = await unneededCluster("ev-profile");
    await advanceTo(since + 2 * 60_000 + 4_000);
    const changedAt = await simNow();
    const put = await api("PUT", "/v1/clusters/ev-profile", {
      body: clusterBody({ version: VERSION, autoscalingProfile: "optimize-utilization" }),
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    await advanceTo(changedAt + 60_000);
    const removal = (await decisions("ev-profile", "p")).find((d) => d.action === "SCALE_DOWN");
    expect(removal?.nodes).toEqual([empty]);
    expect(removal?.at).toBe(new Date(Math.ceil(changedAt / SCAN_MS) * SCAN_MS).toISOString());
  });
});
