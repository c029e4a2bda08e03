import { describe, expect, it } from "vitest";
import { SECOND } from "../../time/instant.ts";
import { simSetCapacity } from "./controls.ts";
import { create, remove, reportAll, T0 } from "./fixtures.ts";
import { createSim, simAdvance, simSubmit } from "./sim.ts";
import { simUsage } from "./usage.ts";

describe("sim capacity", () => {
  it("counts capacity as quota plus reservations, minus the nodes already in use", () => {
    const sim = createSim(
      { seed: 1, capacity: { "zone-a": { quotaNodes: 3, reservedNodes: 2, inUse: 4 } } },
      T0,
    );
    expect(simUsage(sim).zones["zone-a"]).toEqual({ capacity: 5, used: 4, free: 1 });
  });

  it("CA-4 a create beyond the zone's capacity fails QUOTA_EXCEEDED after the rejection delay", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 1 } } }, T0);
    sim = simSubmit(sim, [create("fits"), create("refused")], T0);
    expect(simUsage(sim).zones["zone-a"]).toEqual({ capacity: 1, used: 1, free: 0 });
    const { events } = simAdvance(sim, T0 + 5 * SECOND);
    expect(events).toEqual([
      {
        type: "COMMAND_FAILED",
        commandId: "refused",
        at: T0 + 5 * SECOND,
        reason: "QUOTA_EXCEEDED",
        message: "zone zone-a has no free node capacity (1 of 1 in use)",
      },
    ]);
  });

  it("takes the rejection delay from the config", () => {
    let sim = createSim(
      { seed: 1, rejectionDelaySeconds: 30, capacity: { "zone-a": { quotaNodes: 0 } } },
      T0,
    );
    sim = simSubmit(sim, [create("refused")], T0);
    expect(reportAll(sim).events[0]?.at).toBe(T0 + 30 * SECOND);
  });

  it("frees a node only when its delete finishes, so a create waits for it", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 2, inUse: 2 } } }, T0);
    sim = simSubmit(sim, [remove("old-1"), create("too-early")], T0);
    const step = simAdvance(sim, T0 + 30 * SECOND);
    expect(step.events).toMatchObject([
      { commandId: "too-early", reason: "QUOTA_EXCEEDED", at: T0 + 5 * SECOND },
      { commandId: "old-1", type: "COMMAND_SUCCEEDED", at: T0 + 30 * SECOND },
    ]);
    expect(simUsage(step.state).zones["zone-a"]?.used).toBe(1);
    sim = simSubmit(step.state, [create("after-delete")], step.state.now);
    expect(reportAll(sim).events).toEqual([
      { type: "COMMAND_SUCCEEDED", commandId: "after-delete", at: T0 + 150 * SECOND },
    ]);
  });

  it("keeps zones apart", () => {
    let sim = createSim(
      { seed: 1, capacity: { "zone-a": { quotaNodes: 0 }, "zone-b": { quotaNodes: 1 } } },
      T0,
    );
    sim = simSubmit(sim, [create("a", { zone: "zone-a" }), create("b", { zone: "zone-b" })], T0);
    expect(reportAll(sim).events).toMatchObject([
      { commandId: "a", reason: "QUOTA_EXCEEDED" },
      { commandId: "b", type: "COMMAND_SUCCEEDED" },
    ]);
  });

  it("never refuses in a zone without configured capacity, and still counts its usage", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSubmit(
      sim,
      Array.from({ length: 50 }, (_, i) => create(`c${i}`, { zone: "anywhere" })),
      T0,
    );
    const { state, events } = reportAll(sim);
    expect(events.every((event) => event.type === "COMMAND_SUCCEEDED")).toBe(true);
    expect(simUsage(state).zones.anywhere).toEqual({ used: 50 });
  });

  it("NUP-4 a deleted node's reserved capacity is kept for its replacement; nobody else gets it", () => {
    let sim = createSim(
      { seed: 1, capacity: { "zone-a": { quotaNodes: 0, reservedNodes: 1, inUse: 1 } } },
      T0,
    );
    sim = simSubmit(sim, [remove("old", { holdFor: "node-new" })], T0);
    sim = reportAll(sim).state;
    expect(simUsage(sim).zones["zone-a"]).toEqual({
      capacity: 1,
      used: 1,
      held: ["node-new"],
      free: 0,
    });
    // Another pool's create is refused; the replacement's create gets the held capacity.
    sim = simSubmit(sim, [create("other"), create("new")], sim.now);
    const { state, events } = reportAll(sim);
    expect(events.map((e) => [e.type === "NODE_PREEMPTED" ? "" : e.commandId, e.type])).toEqual([
      ["other", "COMMAND_FAILED"],
      ["new", "COMMAND_SUCCEEDED"],
    ]);
    expect(simUsage(state).zones["zone-a"]).toEqual({ capacity: 1, used: 1, free: 0 });
  });

  it("NUP-4 capacity not from a reservation is released by the delete: anyone may take it", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 1, inUse: 1 } } }, T0);
    sim = simSubmit(sim, [remove("old")], T0);
    sim = reportAll(sim).state;
    sim = simSubmit(sim, [create("other"), create("new")], sim.now);
    const { events } = reportAll(sim);
    const outcomes = events.map((e) => [e.type === "NODE_PREEMPTED" ? "" : e.commandId, e.type]);
    expect(outcomes.sort()).toEqual([
      ["new", "COMMAND_FAILED"],
      ["other", "COMMAND_SUCCEEDED"],
    ]);
  });

  it("NUP-6 a quota change applies while the sim runs: usage is kept, new zones start from the inventory", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 1, inUse: 1 } } }, T0);
    sim = simSetCapacity(sim, "zone-a", 2, 0);
    sim = simSetCapacity(sim, "zone-b", 4, 3);
    expect(simUsage(sim).zones).toEqual({
      "zone-a": { capacity: 2, used: 1, free: 1 },
      "zone-b": { capacity: 4, used: 3, free: 1 },
    });
    expect(simUsage(simSetCapacity(sim, "zone-a", undefined, 0)).zones["zone-a"]).toEqual({
      used: 1,
    });
  });

  it("never counts usage below zero when deleting nodes it was not told about", () => {
    let sim = createSim({ seed: 1, capacity: { "zone-a": { quotaNodes: 1 } } }, T0);
    sim = simSubmit(sim, [remove("d1"), remove("d2")], T0);
    expect(simUsage(reportAll(sim).state).zones["zone-a"]).toEqual({
      capacity: 1,
      used: 0,
      free: 1,
    });
  });
});
