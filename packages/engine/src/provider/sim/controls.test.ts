import { describe, expect, it } from "vitest";
import { simConfigure } from "./controls.ts";
import { create, reportAll, secondsById, T0 } from "./fixtures.ts";
import { createSim, simSubmit } from "./sim.ts";

describe("sim timing", () => {
  it("new durations apply to commands started after the change, not to running ones", () => {
    let sim = createSim({ seed: 1 }, T0);
    sim = simSubmit(sim, [create("before")], T0);
    sim = simConfigure(sim, { durations: { CREATE_NODE: 300 } });
    sim = simSubmit(sim, [create("after")], T0);
    const seconds = secondsById(reportAll(sim).events, T0);
    expect(seconds.before).toBe(120);
    expect(seconds.after).toBe(300);
  });

  it("refuses a negative duration", () => {
    const sim = createSim({ seed: 1 }, T0);
    expect(() => simConfigure(sim, { durations: { DRAIN_NODE: -1 } })).toThrow(RangeError);
  });
});
