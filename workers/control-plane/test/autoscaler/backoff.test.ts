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

/** The wait a refusal recorded (its `until` minus its time), for the host's own records. */
function waitMs(d: { at: string; reason: string }): number | undefined {
  const until = / backs off until (\S+),/.exec(d.reason)?.[1];
  return until === undefined ? undefined : Date.parse(until) - Date.parse(d.at);
}

async function twoPools(cluster: string) {
  await clusterWithPools(cluster, {
    ondemand: {
      zones: ZONE,
      nodeCount: 0,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
    },
    spot: {
      zones: ZONE,
      nodeCount: 0,
      spot: true,
      autoscaling: { enabled: true, minNodes: 0, maxNodes: 10 },
    },
  });
}

describe("backoff while other pools scale (CA-4)", () => {
  it("CA-4 a pool refused for quota backs off 5 minutes with the reason, and another pool scales meanwhile", async () => {
    await twoPools("bo-a");
    const fault = await api("PUT", "/v1/sim/faults/bo-a-spot", {
      body: { match: { cluster: "bo-a", pool: "spot" }, effect: "QUOTA_EXCEEDED" },
    });
    expect(fault.status).toBeLessThan(300);
    const put = await putPods("bo-a", pods("w", 2, 3000));
    expect(put.decisions.find((d: { action: string }) => d.action === "SCALE_UP")?.pool).toBe(
      "spot",
    );
    await advance(30);
    const backoff = (await decisions("bo-a", "spot")).filter((d) => d.action === "BACKOFF");
    expect(backoff.some((d) => d.blockedBy === "CA-4")).toBe(true);
    expect(backoff.every((d) => /scale\.up\.error\.quota\.exceeded/.test(d.reason))).toBe(true);
    // Both refused nodes were one failed scale-up: the first wait, 5 minutes.
    expect(backoff.map(waitMs).filter((ms) => ms !== undefined)).toEqual([300_000]);
    // The next pass takes the available, more expensive pool (CA-9).
    await evaluate("bo-a");
    const ondemand = (await decisions("bo-a", "ondemand")).find((d) => d.action === "SCALE_UP");
    expect(ondemand?.delta).toBe(2);
    await advance(180);
    await evaluate("bo-a");
    expect(await nodesOf("bo-a", "ondemand")).toHaveLength(2);
    expect(await nodesOf("bo-a", "spot")).toHaveLength(0);
  });

  it("CA-4 IP exhaustion is reported as scale.up.error.ip.space.exhausted and doubles the wait on a second failure", async () => {
    await twoPools("bo-ip");
    await api("PUT", "/v1/sim/faults/bo-ip-all", {
      body: { match: { cluster: "bo-ip" }, effect: "IP_EXHAUSTED" },
    });
    await putPods("bo-ip", pods("w", 1, 3000));
    await advance(30);
    const spot = async () =>
      (await decisions("bo-ip", "spot")).map(waitMs).filter((ms): ms is number => ms !== undefined);
    expect(await spot()).toEqual([300_000]);
    const engine = (await decisions("bo-ip", "spot")).find((d) => /\(failure 1\)/.test(d.reason));
    expect(engine?.reason).toMatch(/after scale\.up\.error\.ip\.space\.exhausted \(failure 1\)/);
    // After 5 minutes the pools are tried again and refused again: the wait doubles.
    await advance(300);
    await evaluate("bo-ip");
    await advance(30);
    expect(await spot()).toEqual([600_000, 300_000]);
    await api("DELETE", "/v1/sim/faults/bo-ip-all");
  });
});
