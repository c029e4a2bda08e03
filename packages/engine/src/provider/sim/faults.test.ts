import { describe, expect, it } from "vitest";
import { SECOND } from "../../time/instant.ts";
import type { ProviderEvent } from "../commands.ts";
import { simClearFault, simSetFault } from "./controls.ts";
import {
  create,
  drain,
  healthCheck,
  oneOfEach,
  remove,
  reportAll,
  secondsById,
  T0,
} from "./fixtures.ts";
import { createSim, simNextEventAt, simSubmit } from "./sim.ts";
import { simUsage } from "./usage.ts";

const failures = (events: readonly ProviderEvent[]) =>
  events.flatMap((event) =>
    event.type === "COMMAND_FAILED" ? [[event.commandId, event.reason] as const] : [],
  );

describe("sim faults", () => {
  it("FAIL fails a matching command with reason FAILED after its usual duration", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, {
      id: "cp",
      match: { operation: "UPGRADE_CONTROL_PLANE" },
      effect: "FAIL",
    });
    sim = simSubmit(
      sim,
      [{ id: "up", type: "UPGRADE_CONTROL_PLANE", cluster: "prod-1", version: "1.22.0" }],
      T0,
    );
    expect(reportAll(sim).events).toEqual([
      {
        type: "COMMAND_FAILED",
        commandId: "up",
        at: T0 + 600 * SECOND,
        reason: "FAILED",
        message: "sim fault cp (FAIL) on UPGRADE_CONTROL_PLANE prod-1",
      },
    ]);
  });

  it("CA-4 sim reports quota and IP exhaustion as distinct reasons", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, { id: "q", match: { pool: "spot" }, effect: "QUOTA_EXCEEDED" });
    sim = simSetFault(sim, { id: "ip", match: { pool: "gpu" }, effect: "IP_EXHAUSTED" });
    sim = simSubmit(
      sim,
      [create("spot-1", { pool: "spot" }), create("gpu-1", { pool: "gpu" }), create("ok")],
      T0,
    );
    const { state, events } = reportAll(sim);
    expect(failures(events)).toEqual([
      ["spot-1", "QUOTA_EXCEEDED"],
      ["gpu-1", "IP_EXHAUSTED"],
    ]);
    expect(secondsById(events)).toEqual({ "spot-1": 5, "gpu-1": 5, ok: 120 });
    expect(simUsage(state).zones["zone-a"]).toEqual({ used: 1 });
  });

  it("EXT-7 HEALTH_CHECK_FAIL fails the cluster's health checks and nothing else", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, { id: "h", match: { cluster: "prod-1" }, effect: "HEALTH_CHECK_FAIL" });
    sim = simSubmit(sim, [healthCheck("h1"), healthCheck("h2", "prod-2"), create("c1")], T0);
    const { events } = reportAll(sim);
    expect(failures(events)).toEqual([["h1", "HEALTH_CHECK_FAIL"]]);
    expect(secondsById(events)).toEqual({ h1: 10, h2: 10, c1: 120 });
  });

  it("NUP-3 STUCK_DRAIN holds a PDB-respecting drain forever while the forced drain completes", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, { id: "pdb", match: { node: "node-old" }, effect: "STUCK_DRAIN" });
    sim = simSubmit(sim, [drain("gentle")], T0);
    expect(simNextEventAt(sim)).toBeUndefined();
    expect(simUsage(sim).stuckDrains).toBe(1);
    const hourLater = T0 + 3600 * SECOND;
    sim = simSubmit(sim, [drain("forced", { respectPdb: false })], hourLater);
    expect(reportAll(sim).events).toEqual([
      { type: "COMMAND_SUCCEEDED", commandId: "forced", at: hourLater + 60 * SECOND },
    ]);
  });

  it("times counts matching commands down and the fault stops applying at 0", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, { id: "twice", match: {}, effect: "IP_EXHAUSTED", times: 2 });
    sim = simSubmit(sim, [create("c1"), create("c2"), create("c3")], T0);
    sim = simSubmit(sim, [create("c4")], T0 + SECOND);
    const { state, events } = reportAll(sim);
    expect(failures(events)).toEqual([
      ["c1", "IP_EXHAUSTED"],
      ["c2", "IP_EXHAUSTED"],
    ]);
    expect(state.faults).toEqual([{ id: "twice", match: {}, effect: "IP_EXHAUSTED", times: 0 }]);
  });

  it("times on STUCK_DRAIN counts only drains it holds, not forced ones", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, { id: "once", match: {}, effect: "STUCK_DRAIN", times: 1 });
    sim = simSubmit(
      sim,
      [drain("forced", { respectPdb: false }), drain("held"), drain("free")],
      T0,
    );
    expect(Object.keys(secondsById(reportAll(sim).events))).toEqual(["forced", "free"]);
  });

  it("does not match a command its effect cannot apply to, nor spend times on it", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, {
      id: "q",
      match: { cluster: "prod-1" },
      effect: "QUOTA_EXCEEDED",
      times: 1,
    });
    sim = simSubmit(sim, [drain("d"), healthCheck("h"), remove("r"), create("c")], T0);
    expect(failures(reportAll(sim).events)).toEqual([["c", "QUOTA_EXCEEDED"]]);
  });

  it("narrows by cluster, pool, node and operation together", () => {
    let sim = createSim({ seed: 1 }, T0);
    const match = {
      cluster: "prod-1",
      pool: "default",
      node: "node-x",
      operation: "CREATE_NODE",
    } as const;
    sim = simSetFault(sim, { id: "f", match, effect: "FAIL" });
    sim = simSubmit(
      sim,
      [
        create("hit", { node: "node-x" }),
        create("other-node", { node: "node-y" }),
        create("other-pool", { node: "node-x", pool: "spot" }),
        create("other-cluster", { node: "node-x", cluster: "prod-2" }),
        remove("other-operation", { node: "node-x" }),
        healthCheck("no-pool"),
      ],
      T0,
    );
    expect(failures(reportAll(sim).events)).toEqual([["hit", "FAILED"]]);
  });

  it("applies the first matching fault in the order faults were set", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, { id: "first", match: {}, effect: "IP_EXHAUSTED" });
    sim = simSetFault(sim, { id: "second", match: {}, effect: "FAIL" });
    sim = simSubmit(sim, [create("c"), healthCheck("h")], T0);
    expect(failures(reportAll(sim).events)).toEqual([
      ["c", "IP_EXHAUSTED"],
      ["h", "FAILED"],
    ]);
  });

  it("replaces a fault by id in place, clears it, and leaves commands already started alone", () => {
    let sim = createSim({ seed: 1, faults: [{ id: "f", match: {}, effect: "FAIL" }] }, T0);
    sim = simSubmit(sim, [healthCheck("before")], T0);
    sim = simSetFault(sim, { id: "f", match: {}, effect: "HEALTH_CHECK_FAIL" });
    expect(sim.faults).toEqual([{ id: "f", match: {}, effect: "HEALTH_CHECK_FAIL" }]);
    sim = simSubmit(sim, [healthCheck("replaced")], T0);
    sim = simClearFault(sim, "f");
    expect(simClearFault(sim, "unknown")).toBe(sim);
    sim = simSubmit(sim, [healthCheck("cleared")], T0);
    expect(failures(reportAll(sim).events)).toEqual([
      ["before", "FAILED"],
      ["replaced", "HEALTH_CHECK_FAIL"],
    ]);
  });

  it("a faulted command neither takes nor frees capacity", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 2, inUse: 1 } } }, T0);
    sim = simSetFault(sim, { id: "f", match: {}, effect: "FAIL", times: 2 });
    sim = simSubmit(sim, [create("failed-create"), remove("failed-delete")], T0);
    expect(simUsage(sim).zones["zone-a"]?.used).toBe(1);
    expect(simUsage(reportAll(sim).state).zones["zone-a"]?.used).toBe(1);
  });

  it("LIFE-2 a FAIL fault on RUN_PREFLIGHT reports PREFLIGHT_BLOCKED after the preflight's duration; component commands fail as FAILED", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, { id: "f", match: { cluster: "prod-1" }, effect: "FAIL" });
    const [, , , , , cp, comp, pre] = oneOfEach();
    sim = simSubmit(sim, [cp!, comp!, pre!], T0);
    const { events } = reportAll(sim);
    expect(failures(events)).toEqual([
      ["preflight", "PREFLIGHT_BLOCKED"],
      ["comp", "FAILED"],
      ["cp", "FAILED"],
    ]);
    expect(secondsById(events)).toEqual({ cp: 600, comp: 120, preflight: 60 });
  });

  it("LIFE-6 STUCK_DRAIN holds a component's best-effort drain for its 20 minutes, reports DRAIN_PASSED with the stuck pods, then finishes the component", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSetFault(sim, { id: "pdb", match: { cluster: "prod-1" }, effect: "STUCK_DRAIN" });
    const drain = { respectPdb: false, passAfterSeconds: 1200 } as const;
    sim = simSubmit(
      sim,
      [
        { id: "cp", type: "UPGRADE_CONTROL_PLANE", cluster: "prod-1", version: "1.22.0", drain },
        // No drain: the fault means nothing to it.
        {
          id: "addons",
          type: "UPGRADE_COMPONENT",
          cluster: "prod-1",
          component: "add-ons",
          version: "1.22.0",
        },
      ],
      T0,
    );
    const { events } = reportAll(sim);
    expect(events).toEqual([
      { type: "COMMAND_SUCCEEDED", commandId: "addons", at: T0 + 120 * SECOND },
      {
        type: "DRAIN_PASSED",
        commandId: "cp",
        node: "prod-1-control-plane-1",
        stuckPods: ["default/prod-1-control-plane-1-pdb-guarded"],
        at: T0 + 1200 * SECOND,
      },
      { type: "COMMAND_SUCCEEDED", commandId: "cp", at: T0 + 1800 * SECOND },
    ]);
  });
});
