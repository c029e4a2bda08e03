import { describe, expect, it } from "vitest";
import {
  type ActuationInput,
  autoscalerNodeView,
  initialAutoscalerState,
  isNewScaleUpFailure,
  type NodeInFlight,
  nextInFlightStep,
  nextStepDeadline,
  overdueSteps,
  type PoolTemplate,
  planActuation,
  recordScaleUpFailure,
  type ScaleDownAction,
  type ScaleUpAction,
  scaleUpErrorOf,
  stepDeadline,
} from "../../src/index.ts";
import { MIN, node, T0, ZONES } from "./fixtures.ts";

const [ZONE_A, ZONE_B] = ZONES as [string, string];
const WEB: PoolTemplate = {
  machineType: "e2-standard-4",
  config: { version: "1.33.2-gke.1000", nodeImage: "cos-1" },
};

function scaleUp(zones: Record<string, number>, over: Partial<ScaleUpAction> = {}): ScaleUpAction {
  const delta = Object.values(zones).reduce((a, b) => a + b, 0);
  return {
    type: "SCALE_UP",
    pool: "web",
    delta,
    zones,
    pods: [],
    newNodes: [],
    reason: "pending pods",
    ...over,
  };
}

function scaleDown(nodes: string[], graceSeconds = 600): ScaleDownAction {
  return {
    type: "SCALE_DOWN",
    pool: "web",
    delta: -nodes.length,
    nodes,
    gracefulTerminationSeconds: graceSeconds,
    reason: "underused",
  };
}

function plan(over: Partial<ActuationInput>) {
  return planActuation({
    operationId: "op-as",
    cluster: "c1",
    actions: [],
    templates: new Map([["web", WEB]]),
    nodes: [],
    inFlight: {},
    seq: 0,
    now: T0,
    ...over,
  });
}

describe("planActuation", () => {
  it("CA-3 a scale up is one CREATE_NODE per node, zone by zone, all at once, each in flight", () => {
    const planned = plan({ actions: [scaleUp({ [ZONE_B]: 1, [ZONE_A]: 2 })] });
    expect(planned.commands).toEqual([
      {
        type: "CREATE_NODE",
        id: "op-as:web-as-1:create",
        cluster: "c1",
        pool: "web",
        zone: ZONE_A,
        node: "web-as-1",
        version: "1.33.2-gke.1000",
        nodeImage: "cos-1",
        machineType: "e2-standard-4",
      },
      expect.objectContaining({ node: "web-as-2", zone: ZONE_A }),
      expect.objectContaining({ node: "web-as-3", zone: ZONE_B }),
    ]);
    expect(planned.seq).toBe(3);
    expect(planned.inFlight["web-as-1"]).toEqual({
      pool: "web",
      zone: ZONE_A,
      step: "CREATE",
      command: "op-as:web-as-1:create",
      since: T0,
      config: WEB.config,
    });
  });

  it("NUP-12 green's new nodes run the upgrade's target and carry its color", () => {
    const target = { version: "1.34.1-gke.300", nodeImage: "cos-2" };
    const planned = plan({
      actions: [scaleUp({ [ZONE_A]: 1 }, { color: "GREEN", config: target })],
    });
    expect(planned.commands[0]).toMatchObject({ version: target.version, nodeImage: "cos-2" });
    expect(planned.inFlight["web-as-1"]).toMatchObject({ color: "GREEN", config: target });
  });

  it("CA-3 new node names are unique in the cluster: taken names and nodes in flight are skipped", () => {
    const planned = plan({
      actions: [scaleUp({ [ZONE_A]: 2 })],
      nodes: [node("web-as-2", "web")],
      inFlight: {
        "web-as-3": {
          pool: "web",
          zone: ZONE_A,
          step: "CREATE",
          command: "op-as:web-as-3:create",
          since: T0 - MIN,
          config: WEB.config,
        },
      },
      seq: 1,
    });
    expect(planned.commands.map((c) => ("node" in c ? c.node : ""))).toEqual([
      "web-as-4",
      "web-as-5",
    ]);
    expect(Object.keys(planned.inFlight).sort()).toEqual(["web-as-3", "web-as-4", "web-as-5"]);
    expect(planned.seq).toBe(5);
  });

  it("CA-8 a scale down drains each node honouring PDBs within its graceful termination, once", () => {
    const planned = plan({
      actions: [scaleDown(["web-1", "web-2"], 3600), scaleDown(["web-1"])],
      nodes: [node("web-1", "web", ZONE_B), node("web-2", "web")],
    });
    expect(planned.commands).toEqual([
      {
        type: "DRAIN_NODE",
        id: "op-as:web-1:drain",
        cluster: "c1",
        pool: "web",
        node: "web-1",
        respectPdb: true,
        graceSeconds: 3600,
      },
      expect.objectContaining({ type: "DRAIN_NODE", node: "web-2" }),
    ]);
    expect(planned.inFlight["web-1"]).toMatchObject({
      step: "DRAIN",
      zone: ZONE_B,
      graceSeconds: 3600,
    });
    expect(planned.seq).toBe(0);
  });

  it("CA-4 a node whose creation timed out is deleted at once (no drain) and leaves the count", () => {
    const creating: NodeInFlight = {
      pool: "web",
      zone: ZONE_A,
      step: "CREATE",
      command: "op-as:web-as-1:create",
      since: T0,
      config: WEB.config,
    };
    const planned = plan({
      actions: [scaleDown(["web-as-1"])],
      inFlight: { "web-as-1": creating },
      now: T0 + 16 * MIN,
    });
    expect(planned.commands).toEqual([
      {
        type: "DELETE_NODE",
        id: "op-as:web-as-1:delete",
        cluster: "c1",
        pool: "web",
        zone: ZONE_A,
        node: "web-as-1",
      },
    ]);
    expect(planned.inFlight["web-as-1"]).toMatchObject({
      step: "DELETE",
      command: "op-as:web-as-1:delete",
      since: T0 + 16 * MIN,
    });
    // Leaving: the next pass's view no longer counts it toward the pool's maximum.
    const view = autoscalerNodeView({
      stored: [],
      unsynced: { added: [], removed: new Set() },
      pools: [],
      upgrades: new Map(),
      inFlight: planned.inFlight,
    });
    expect(view.nodes).toEqual([]);
  });

  it("CA-3 an action on a pool new nodes cannot be made of is left out", () => {
    const planned = plan({ actions: [scaleUp({ [ZONE_A]: 1 }, { pool: "unknown" })] });
    expect(planned).toEqual({ commands: [], inFlight: {}, seq: 0 });
  });

  it("CA-3 the status given is left as it was", () => {
    const inFlight = {};
    plan({ actions: [scaleUp({ [ZONE_A]: 1 })], inFlight });
    expect(inFlight).toEqual({});
  });
});

describe("nextInFlightStep", () => {
  const draining: NodeInFlight = {
    pool: "web",
    zone: ZONE_A,
    step: "DRAIN",
    command: "op-as:web-1:drain",
    since: T0,
    config: WEB.config,
    graceSeconds: 600,
  };

  it("CA-8 a drain that finished is followed by the node's delete", () => {
    expect(nextInFlightStep("op-as", "c1", "web-1", draining, true)).toEqual({
      flight: { ...draining, step: "DELETE", command: "op-as:web-1:delete" },
      command: {
        type: "DELETE_NODE",
        id: "op-as:web-1:delete",
        cluster: "c1",
        pool: "web",
        zone: ZONE_A,
        node: "web-1",
      },
    });
  });

  it("CA-8 a drain not done within the graceful termination is forced once, without PDBs", () => {
    const forced = nextInFlightStep("op-as", "c1", "web-1", draining, false);
    expect(forced).toEqual({
      flight: { ...draining, step: "DRAIN_FORCED", command: "op-as:web-1:drain_forced" },
      command: {
        type: "DRAIN_NODE",
        id: "op-as:web-1:drain_forced",
        cluster: "c1",
        pool: "web",
        node: "web-1",
        respectPdb: false,
        graceSeconds: 600,
      },
    });
    expect(nextInFlightStep("op-as", "c1", "web-1", forced!.flight, false)).toBeUndefined();
    expect(nextInFlightStep("op-as", "c1", "web-1", forced!.flight, true)?.flight.step).toBe(
      "DELETE",
    );
  });

  it("CA-3 a create and a delete are done once answered, either way", () => {
    for (const step of ["CREATE", "DELETE"] as const) {
      for (const succeeded of [true, false]) {
        expect(nextInFlightStep("op-as", "c1", "web-1", { ...draining, step }, succeeded)).toBe(
          undefined,
        );
      }
    }
  });
});

describe("overdueSteps", () => {
  const draining = (graceSeconds: number): NodeInFlight => ({
    pool: "web",
    zone: ZONE_A,
    step: "DRAIN",
    command: "op-as:web-1:drain",
    since: T0,
    config: WEB.config,
    graceSeconds,
  });

  it("CA-8 a drain not finished when its grace ends is forced without PDBs, 10 min or 1 h after it began", () => {
    for (const grace of [600, 3600]) {
      const inFlight = { "web-1": draining(grace) };
      expect(nextStepDeadline(inFlight)).toBe(T0 + grace * 1000);
      expect(overdueSteps("op-as", "c1", inFlight, T0 + grace * 1000 - 1)).toEqual([]);
      const [step] = overdueSteps("op-as", "c1", inFlight, T0 + grace * 1000);
      expect(step?.command).toEqual({
        type: "DRAIN_NODE",
        id: "op-as:web-1:drain_forced",
        cluster: "c1",
        pool: "web",
        node: "web-1",
        respectPdb: false,
        graceSeconds: grace,
      });
      expect(step?.flight.step).toBe("DRAIN_FORCED");
      expect(step?.reason).toMatch(
        new RegExp(`^CA-8: node web-1 still draining after ${grace / 60} min`),
      );
    }
  });

  it("CA-8 a forced drain still stuck 5 min later is given up: the node is deleted", () => {
    const forced: NodeInFlight = {
      ...draining(600),
      step: "DRAIN_FORCED",
      command: "op-as:web-1:drain_forced",
    };
    const due = T0 + 600_000 + 5 * MIN;
    expect(stepDeadline(forced)).toBe(due);
    expect(overdueSteps("op-as", "c1", { "web-1": forced }, due - 1)).toEqual([]);
    const [step] = overdueSteps("op-as", "c1", { "web-1": forced }, due);
    expect(step?.command).toMatchObject({ type: "DELETE_NODE", node: "web-1", zone: ZONE_A });
    expect(step?.flight.step).toBe("DELETE");
  });

  it("CA-8 creates and deletes wait for their answer", () => {
    const creating: NodeInFlight = { ...draining(600), step: "CREATE" };
    expect(stepDeadline(creating)).toBeUndefined();
    expect(nextStepDeadline({ a: creating, b: { ...creating, step: "DELETE" } })).toBeUndefined();
  });
});

describe("refused nodes", () => {
  it("CA-4 quota and IP space are reported as such; any other refusal is out of resources", () => {
    expect(scaleUpErrorOf("QUOTA_EXCEEDED")).toBe("scale.up.error.quota.exceeded");
    expect(scaleUpErrorOf("IP_EXHAUSTED")).toBe("scale.up.error.ip.space.exhausted");
    expect(scaleUpErrorOf("FAILED")).toBe("scale.up.error.out.of.resources");
    expect(scaleUpErrorOf("HEALTH_CHECK_FAIL")).toBe("scale.up.error.out.of.resources");
    expect(scaleUpErrorOf("PREFLIGHT_BLOCKED")).toBe("scale.up.error.out.of.resources");
  });

  it("CA-4 one failed scale up is one failure, however many of its nodes were refused", () => {
    const fresh = initialAutoscalerState();
    expect(isNewScaleUpFailure(fresh, "web", T0)).toBe(true);
    const failed = recordScaleUpFailure(fresh, "web", "scale.up.error.quota.exceeded", T0 + MIN);
    expect(isNewScaleUpFailure(failed, "web", T0)).toBe(false);
    expect(isNewScaleUpFailure(failed, "web", T0 + 2 * MIN)).toBe(true);
    expect(isNewScaleUpFailure(failed, "other", T0)).toBe(true);
  });
});
