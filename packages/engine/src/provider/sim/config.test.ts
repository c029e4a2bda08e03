import { describe, expect, it } from "vitest";
import { T0 } from "./fixtures.ts";
import { createSim } from "./sim.ts";

describe("sim config", () => {
  it("refuses settings no sim could honour", () => {
    expect(() => createSim({ seed: 1, jitter: 1.5 }, T0)).toThrow(/jitter must be within 0..1/);
    expect(() => createSim({ seed: 1, durations: { DRAIN_NODE: -1 } }, T0)).toThrow(
      /durations.DRAIN_NODE/,
    );
    expect(() => createSim({ seed: 1, rejectionDelaySeconds: Number.NaN }, T0)).toThrow(
      /rejectionDelaySeconds/,
    );
    expect(() => createSim({ seed: 1, capacity: { a: { quotaNodes: -2 } } }, T0)).toThrow(
      /capacity.a.quotaNodes/,
    );
  });

  it("accepts jitter at both ends of 0..1", () => {
    expect(createSim({ seed: 1, jitter: 0 }, T0).settings.jitter).toBe(0);
    expect(createSim({ seed: 1, jitter: 1 }, T0).settings.jitter).toBe(1);
  });
});
