import { describe, expect, it } from "vitest";
import {
  evaluateCluster,
  initialAutoscalerState,
  type NodeInFlight,
  nextScanAt,
  nextScanTick,
  onScanGrid,
  recordScaleUpFailure,
} from "../../src/index.ts";
import { input, MIN, node, pod, pods, pool, T0 } from "./fixtures.ts";

const SCAN = 10_000;
const CONFIG = { version: "1.33.2-gke.1000", nodeImage: "cos-1" };

describe("scan cadence: a pass only where a decision could differ", () => {
  it("CA-17 a change is noticed at the first instant of the scan grid at or after it, anchored at the epoch", () => {
    expect(onScanGrid(T0, SCAN)).toBe(T0);
    expect(onScanGrid(T0 + 1, SCAN)).toBe(T0 + SCAN);
    expect(onScanGrid(T0 + 1, 60_000)).toBe(T0 + MIN);
    expect(nextScanTick(T0, SCAN)).toBe(T0 + SCAN);
    expect(nextScanTick(T0 + 3_000, SCAN)).toBe(T0 + SCAN);
  });

  it("CA-17 a cluster with nothing ahead (no deadline, nothing in flight) keeps no timer", () => {
    const quiet = evaluateCluster(
      input({
        pools: [pool("web")],
        nodes: [node("web-1", "web")],
        pods: [pod("a", 3000, 256, { node: "web-1" })],
      }),
      T0,
    );
    expect(quiet.wakeAt).toBeUndefined();
    expect(nextScanAt({ decision: quiet, inFlight: {} }, T0)).toBeUndefined();
  });

  it("CA-3 CA-12 pods no pass can help (too big for every pool, or below the priority cut-off) keep no timer", () => {
    const d = evaluateCluster(
      input({
        pools: [pool("web")],
        nodes: [node("web-1", "web")],
        pods: [
          pod("huge", 64_000),
          ...pods("low", 2, 3000, 256, { priority: -20 }),
          pod("on", 3000, 256, { node: "web-1" }),
        ],
      }),
      T0,
    );
    expect(d.actions.filter((a) => a.type === "SCALE_UP")).toEqual([]);
    expect(d.wakeAt).toBeUndefined();
  });

  it("CA-3 a pass that acted is followed by the next tick: its nodes are in flight", () => {
    const d = evaluateCluster(
      input({ pools: [pool("web")], pods: pods("p", 2, 3000) }),
      T0 + 3_000,
    );
    expect(d.actions).toMatchObject([{ type: "SCALE_UP" }]);
    expect(d.wakeAt).toBe(T0 + SCAN);
  });

  it("CA-4 a backoff's end is rounded up to the grid", () => {
    const state = recordScaleUpFailure(
      initialAutoscalerState(),
      "web",
      "scale.up.error.quota.exceeded",
      T0 + 3_000,
    );
    const d = evaluateCluster(input({ pools: [pool("web")] }, state), T0 + 4_000);
    expect(d.wakeAt).toBe(T0 + 5 * MIN + SCAN);
  });

  it("CA-5 a node's unneeded time wakes the pass at the first tick it has run out", () => {
    const nodes = [node("web-1", "web"), node("web-2", "web")];
    const busy = [pod("y", 2500, 256, { node: "web-2" })];
    const first = evaluateCluster(input({ pools: [pool("web")], nodes, pods: busy }), T0 + 2_000);
    expect(first.state.unneededSince).toEqual({ "web-1": T0 + 2_000 });
    expect(first.wakeAt).toBe(T0 + 10 * MIN + SCAN);
  });

  it("CA-8 a drain's graceful termination running out wakes the pass at the first tick after it", () => {
    const draining: NodeInFlight = {
      pool: "web",
      zone: "z",
      step: "DRAIN",
      command: "op:n1:drain",
      since: T0 + 3_000,
      config: CONFIG,
      graceSeconds: 600,
    };
    expect(
      nextScanAt({ decision: { scanIntervalMs: SCAN }, inFlight: { n1: draining } }, T0 + 5_000),
    ).toBe(T0 + 10 * MIN + SCAN);
    // Both: the earlier wins.
    expect(
      nextScanAt(
        { decision: { scanIntervalMs: SCAN, wakeAt: T0 + 2 * MIN }, inFlight: { n1: draining } },
        T0,
      ),
    ).toBe(T0 + 2 * MIN);
  });
});
