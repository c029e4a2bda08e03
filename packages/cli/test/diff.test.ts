import { describe, expect, it } from "vitest";
import { diff, formatChange } from "../src/apply/diff.ts";
import { LinesDisplay } from "../src/watch/display.ts";

describe("apply's diff", () => {
  it("names each changed leaf by its dotted path; arrays compare whole", () => {
    const changes = diff(
      { nodeCount: 1, zones: ["a"], upgradeStrategy: { type: "SURGE", maxSurge: 1 }, spot: true },
      {
        nodeCount: 2,
        zones: ["a", "b"],
        upgradeStrategy: { type: "SURGE", maxSurge: 2 },
        labels: { t: "x" },
      },
    );
    expect(changes.map(formatChange)).toEqual([
      '+ labels: {"t":"x"}',
      "~ nodeCount: 1 → 2",
      "- spot: true",
      "~ upgradeStrategy.maxSurge: 1 → 2",
      '~ zones: ["a"] → ["a","b"]',
    ]);
  });

  it("an absent field equals null, and key order inside arrays of objects does not matter", () => {
    expect(diff({ upstreamFleet: null, o: [{ a: 1, b: 2 }] }, { o: [{ b: 2, a: 1 }] })).toEqual([]);
  });
});

describe("watch without a terminal", () => {
  it("prints one line per change and nothing for a poll that changed nothing", () => {
    let out = "";
    const display = new LinesDisplay({ out: (text) => (out += text) });
    const snapshot = {
      status: "run r: Running",
      bars: [{ key: "s", label: "stage s", done: 0, total: 2, note: "Running" }],
      events: ["member a (s/g): Running"],
    };
    display.show(snapshot);
    display.show(snapshot);
    display.show({ ...snapshot, bars: [{ ...snapshot.bars[0]!, done: 1 }] });
    expect(out).toBe(
      "run r: Running\n  member a (s/g): Running\n  stage s: 0/2 Running\n  stage s: 1/2 Running\n",
    );
  });
});
