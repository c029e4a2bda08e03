import { describe, expect, it } from "vitest";
import { evaluateCluster, initialAutoscalerState, recordScaleUpFailure } from "../../src/index.ts";
import { input, MIN, node, pods, pool, T0 } from "./fixtures.ts";

describe("backoff", () => {
  it("CA-4 a failing pool backs off 5 min, doubling up to 30 min: 5 → 10 → 20 → 30 → 30", () => {
    let state = initialAutoscalerState();
    const waits: number[] = [];
    let now = T0;
    for (let i = 0; i < 5; i++) {
      state = recordScaleUpFailure(state, "spot", "scale.up.error.quota.exceeded", now);
      waits.push(((state.backoff.spot?.until ?? 0) - now) / MIN);
      now = state.backoff.spot?.until ?? now;
    }
    expect(waits).toEqual([5, 10, 20, 30, 30]);
  });

  it("CA-4 failures are forgotten 3 h after the last one (upstream reset): the next waits 5 min again", () => {
    let state = recordScaleUpFailure(
      initialAutoscalerState(),
      "spot",
      "scale.up.error.ip.space.exhausted",
      T0,
    );
    state = recordScaleUpFailure(state, "spot", "scale.up.error.ip.space.exhausted", T0 + 5 * MIN);
    const soon = recordScaleUpFailure(
      state,
      "spot",
      "scale.up.error.ip.space.exhausted",
      T0 + 179 * MIN,
    );
    expect(soon.backoff.spot?.failures).toBe(3);
    const late = recordScaleUpFailure(
      state,
      "spot",
      "scale.up.error.ip.space.exhausted",
      T0 + 185 * MIN,
    );
    expect(late.backoff.spot).toMatchObject({ failures: 1, until: T0 + 190 * MIN });
    const pass = evaluateCluster(input({ pools: [pool("spot")] }, state), T0 + 186 * MIN);
    expect(pass.state.backoff).toEqual({});
  });

  it("CA-4 a pool in backoff is skipped while other pools keep scaling; the reason is reported", () => {
    const cheap = pool("cheap", {
      machine: {
        machineType: "e2-standard-4",
        cpuMillis: 4000,
        memoryMiB: 16384,
        pricePerHour: 0.5,
      },
    });
    const state = recordScaleUpFailure(
      initialAutoscalerState(),
      "cheap",
      "scale.up.error.quota.exceeded",
      T0,
    );
    const d = evaluateCluster(
      input({ pools: [cheap, pool("dear")], pods: pods("p", 2, 3500) }, state),
      T0 + MIN,
    );
    expect(d.actions).toMatchObject([{ type: "SCALE_UP", pool: "dear", delta: 2 }]);
    expect(d.records.find((r) => r.pool === "cheap")).toMatchObject({
      action: "BACKOFF",
      blockedBy: "CA-4",
      reason:
        "backing off until 12:05 UTC after scale.up.error.quota.exceeded (failure 1); other pools keep scaling",
    });
    expect(d.wakeAt).toBe(T0 + MIN + 10_000);
    const after = evaluateCluster(
      input({ pools: [cheap, pool("dear")], pods: pods("p", 2, 3500) }, state),
      T0 + 5 * MIN,
    );
    expect(after.actions).toMatchObject([{ type: "SCALE_UP", pool: "cheap" }]);
  });

  it("CA-4 the pass wakes when a backoff ends if that is before the next scan", () => {
    const state = recordScaleUpFailure(
      initialAutoscalerState(),
      "web",
      "scale.up.error.quota.exceeded",
      T0,
    );
    const d = evaluateCluster(input({ pools: [pool("web")] }, state), T0 + 5 * MIN - 3000);
    expect(d.wakeAt).toBe(T0 + 5 * MIN);
  });

  it("CA-4 a node not registered within 15 min is a failed scale up: removed, and its pool backs off", () => {
    const nodes = [node("web-new", "web", undefined, { state: "PROVISIONING", createdAt: T0 })];
    const early = evaluateCluster(
      input({ pools: [pool("web")], nodes, pods: pods("p", 1, 3500) }),
      T0 + 14 * MIN,
    );
    expect(early.actions).toEqual([]);
    // The next pass is due when the node's provision time runs out, not before.
    expect(early.wakeAt).toBe(T0 + 15 * MIN);
    const late = evaluateCluster(
      input({ pools: [pool("web")], nodes, pods: pods("p", 1, 3500) }),
      T0 + 15 * MIN,
    );
    expect(late.actions).toMatchObject([{ type: "SCALE_DOWN", nodes: ["web-new"] }]);
    expect(late.state.backoff.web).toMatchObject({
      failures: 1,
      reason: "scale.up.error.waiting.for.instances.timeout",
    });
    expect(late.state.timedOutNodes).toEqual(["web-new"]);
    expect(late.records.find((r) => r.action === "SCALE_DOWN")?.reason).toMatch(
      /did not register within 15 min/,
    );
    const again = evaluateCluster(
      input({ pools: [pool("web")], nodes, pods: pods("p", 1, 3500) }, late.state),
      T0 + 16 * MIN,
    );
    expect(again.state.backoff.web?.failures).toBe(1);
    expect(again.actions).toEqual([]);
  });
});
