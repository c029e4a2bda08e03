import { describe, expect, it } from "vitest";
import { HOUR } from "../../src/time/instant.ts";
import type { UpdateRun } from "../../src/update-run/types.ts";
import { checkTree } from "./check-tree.ts";
import { created, drive, member, request, T0 } from "./driver.ts";

/**
 * Sequence tests, as for node-pool and cluster upgrades: the readable timeline of a
 * seed-shaped run is compared with its golden file, then replayed under 25 seeded orders
 * of member ends due at the same instant; the outcome and the tree rules must hold.
 */

/** Monday 00:00 UTC = T0: windows relative to it. */
const OPENS_IN_2H = {
  windows: [{ start: "02:00", durationSeconds: 4 * 3600, days: ["MON" as const] }],
};
const OPEN_NOW = {
  windows: [{ start: "00:00", durationSeconds: 3 * 3600, days: ["MON" as const, "TUE" as const] }],
};
const TUESDAY_NIGHT = {
  windows: [{ start: "22:00", durationSeconds: 4 * 3600, days: ["TUE" as const] }],
};

function seedShapedRun(): UpdateRun {
  const members = [
    { ...member("canary-1", { maintenance: OPENS_IN_2H }), group: "canary" },
    { ...member("canary-2"), group: "canary" },
    { ...member("ring-1"), group: "ring" },
    { ...member("ring-2", { version: "1.28.3" }), group: "ring" },
    { ...member("ring-3", { region: "asia" }), group: "ring" },
    { ...member("prod-closed", { maintenance: TUESDAY_NIGHT }), group: "prod" },
    { ...member("prod-none"), group: "prod" },
    { ...member("prod-open", { maintenance: OPEN_NOW }), group: "prod" },
  ];
  return created(
    request(members, {
      strategy: {
        stages: [
          {
            name: "early",
            groups: [{ name: "canary" }, { name: "ring" }],
            afterStageWaitSeconds: 3600,
          },
          { name: "production", groups: [{ name: "prod" }] },
        ],
      },
    }),
  );
}

function play(tieSeed?: number) {
  return drive(seedShapedRun(), T0, {
    logTree: tieSeed === undefined,
    duration: () => 1800,
    observe: checkTree,
    until: T0 + 14 * 24 * HOUR,
    script: [{ at: T0, event: (at) => ({ type: "START", at }) }],
    ...(tieSeed === undefined ? {} : { tieSeed }),
  });
}

describe("update run sequences", () => {
  it("RUN-2 RUN-3 RUN-7 RUN-8 RUN-9 a seed-shaped run: the timeline matches its golden file", async () => {
    const { log, run } = play();
    expect(run.state).toBe("Completed");
    await expect(`${log.join("\n")}\n`).toMatchFileSnapshot("./__golden__/seed-shaped.timeline");
  });

  it("RUN-3 RUN-8 25 seeded orders of simultaneous member ends all complete, each member started once, the tree rules holding", () => {
    for (let seed = 1; seed <= 25; seed++) {
      const { run, starts } = play(seed);
      expect(run.state, `seed ${seed}`).toBe("Completed");
      const clusters = starts.map((s) => s.cluster);
      expect(new Set(clusters).size, `seed ${seed}`).toBe(clusters.length);
    }
  });
});
