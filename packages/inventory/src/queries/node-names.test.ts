import { describe, expect, it } from "vitest";
import { nodeName, plannedNodeNames } from "./node-names.ts";

describe("node names", () => {
  it("are <cluster>-<pool>-<zone>-<index> with a four-digit index", () => {
    expect(nodeName({ cluster: "prod", pool: "default", zone: "us-east1-b", index: 3 })).toBe(
      "prod-default-us-east1-b-0003",
    );
    expect(nodeName({ cluster: "c", pool: "p", zone: "z", index: 12345 })).toBe("c-p-z-12345");
  });

  it("mark replacements with their generation, sorting next to the replaced node", () => {
    const old = nodeName({ cluster: "c", pool: "p", zone: "z", index: 7 });
    const replacement = nodeName({ cluster: "c", pool: "p", zone: "z", index: 7, generation: 1 });
    const next = nodeName({ cluster: "c", pool: "p", zone: "z", index: 8 });
    expect(replacement).toBe("c-p-z-0007-g1");
    expect([next, replacement, old].sort()).toEqual([old, replacement, next]);
  });

  it("refuse a negative or fractional index", () => {
    expect(() => nodeName({ cluster: "c", pool: "p", zone: "z", index: -1 })).toThrow(RangeError);
    expect(() => nodeName({ cluster: "c", pool: "p", zone: "z", index: 1.5 })).toThrow(RangeError);
  });

  it("plan nodeCount nodes per zone, all distinct, deterministically", () => {
    const plan = plannedNodeNames("prod", "gpu", ["a", "b", "c"], 4);
    expect(plan).toHaveLength(12);
    expect(new Set(plan.map((n) => n.name)).size).toBe(12);
    expect(plan.filter((n) => n.zone === "b").map((n) => n.name)).toEqual([
      "prod-gpu-b-0000",
      "prod-gpu-b-0001",
      "prod-gpu-b-0002",
      "prod-gpu-b-0003",
    ]);
    expect(plannedNodeNames("prod", "gpu", ["a", "b", "c"], 4)).toEqual(plan);
    expect(plannedNodeNames("prod", "gpu", ["a"], 0)).toEqual([]);
  });
});
