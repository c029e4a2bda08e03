import { describe, expect, it } from "vitest";
import { batchNodes, SOAK_CAP_SECONDS, soakPlan } from "./plan.ts";

describe("blue-green batches and soak", () => {
  it.each([
    [0.25, 10, 2],
    [0.05, 10, 1],
    [0.29, 100, 29],
    [0.7, 10, 7],
    [1, 7, 7],
    [0.001, 3, 1],
  ])(
    "NUP-8 BATCH_PERCENT %d of %i nodes rounds down to %i (at least 1)",
    (percent, nodes, expected) => {
      expect(batchNodes({ by: "PERCENT", percent }, nodes)).toBe(expected);
    },
  );

  it("NUP-8 a configured batch of 0 (count or percent) is 0: phase 3 is skipped", () => {
    expect(batchNodes({ by: "PERCENT", percent: 0 }, 10)).toBe(0);
    expect(soakPlan({ by: "COUNT", count: 0 }, 600, 3600, 10)).toMatchObject({
      batches: 0,
      totalSeconds: 3600,
    });
  });

  it("NUP-8 total soak = nodePoolSoak + batchSoak × batches", () => {
    expect(soakPlan({ by: "COUNT", count: 3 }, 600, 3600, 10)).toEqual({
      batchSize: 3,
      batches: 4,
      totalSeconds: 3600 + 600 * 4,
      cappedSeconds: 6000,
      capped: false,
    });
  });

  it("NUP-8 a total soak reaching 7 days is capped there: the delete phase starts once it is reached", () => {
    const plan = soakPlan({ by: "PERCENT", percent: 0.1 }, 86_400, 3600, 100);
    expect(plan).toMatchObject({
      batches: 10,
      totalSeconds: 867_600,
      cappedSeconds: SOAK_CAP_SECONDS,
      capped: true,
    });
    expect(soakPlan({ by: "COUNT", count: 1 }, 0, 604_800, 1).capped).toBe(true);
    expect(soakPlan({ by: "COUNT", count: 1 }, 0, 604_799, 1).capped).toBe(false);
  });
});
