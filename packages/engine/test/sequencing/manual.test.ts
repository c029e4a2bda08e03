import { describe, expect, it } from "vitest";
import { DAY, HOUR } from "../../src/time/instant.ts";
import { ChainDriver, cluster, T0 } from "./driver.ts";

const D = 86400;
const R21 = "1.21.14-gke.4300";

const startsOf = (driver: ChainDriver, group: string, type: "CONTROL_PLANE" | "NODE") =>
  driver.starts.filter((s) => s.group === group && s.type === type).map((s) => (s.at - T0) / HOUR);

describe("seed 000: a manual upgrade fixes a group's eligibility", () => {
  it("SEQ-8 an upstream group whose clusters already run the target qualifies it; its soak counts from the release's availability", () => {
    const driver = new ChainDriver(
      [
        {
          name: "testing",
          soakSeconds: 2 * D,
          // Upgraded by hand five days before the release made 1.21.14-gke.4300 a target.
          clusters: [
            cluster("t1", R21, { versionSince: T0 - 5 * DAY, nodeVersionSince: T0 - 5 * DAY }),
          ],
        },
        { name: "staging", soakSeconds: 0, clusters: [cluster("s1", "1.21.5-gke.100")] },
      ],
      { targetSince: { [R21]: T0 } },
    );
    driver.run(T0 + 5 * DAY);
    // Nothing to upgrade in testing; its soak runs from the release (T0) for 2 days.
    expect(driver.starts.filter((s) => s.group === "testing")).toEqual([]);
    expect(startsOf(driver, "staging", "CONTROL_PLANE")).toEqual([48]);
    expect(startsOf(driver, "staging", "NODE")).toEqual([49]);
    const status = driver.status("testing");
    expect(status.upgrades.map((u) => [u.type, u.version, u.state])).toEqual([
      ["CONTROL_PLANE", R21, "COMPLETE"],
      ["NODE", R21, "COMPLETE"],
    ]);
    expect(status.upgrades[0]?.clusters).toEqual([{ cluster: "t1", state: "COMPLETE" }]);
  });

  it("SEQ-8 a cluster upgraded by hand while the group waits for it counts from when it reached the version", () => {
    const held = {
      windows: [],
      exclusions: [
        { start: "2022-05-01T00:00:00Z", end: "2022-09-01T00:00:00Z", scope: "ALL" as const },
      ],
    };
    const driver = new ChainDriver([
      {
        name: "testing",
        soakSeconds: D,
        clusters: [
          cluster("t1", R21, { versionSince: T0 - DAY, nodeVersionSince: T0 - DAY }),
          cluster("t2", "1.21.5-gke.100", { maintenance: held }),
        ],
      },
      { name: "staging", soakSeconds: 0, clusters: [cluster("s1", "1.21.5-gke.100")] },
    ]);
    driver.run(T0 + 3 * DAY);
    expect(driver.starts).toEqual([]);
    // By hand, at day 3 (the exclusion holds automatic upgrades only).
    driver.patch("t2", {
      version: R21,
      nodeVersion: R21,
      versionSince: T0 + 3 * DAY,
      nodeVersionSince: T0 + 3 * DAY,
    });
    driver.run(T0 + 6 * DAY);
    expect(driver.starts.filter((s) => s.group === "testing")).toEqual([]);
    // The last cluster reached it at day 3, and testing soaks one day.
    expect(startsOf(driver, "staging", "CONTROL_PLANE")).toEqual([96]);
  });

  it("SEQ-8 a middle group upgraded by hand qualifies for its downstream although its own upstream has not", () => {
    const driver = new ChainDriver([
      {
        name: "testing",
        soakSeconds: 30 * D,
        clusters: [cluster("t1", "1.21.5-gke.100")],
      },
      {
        name: "staging",
        soakSeconds: D,
        clusters: [cluster("s1", R21, { versionSince: T0, nodeVersionSince: T0 })],
      },
      { name: "production", soakSeconds: 0, clusters: [cluster("p1", "1.21.5-gke.100")] },
    ]);
    driver.run(T0 + 3 * DAY);
    expect(startsOf(driver, "production", "CONTROL_PLANE")).toEqual([24]);
    expect(startsOf(driver, "staging", "CONTROL_PLANE")).toEqual([]);
  });

  it("SEQ-8 clusters taken by hand past every target (1.24.9) qualify nothing: the downstream keeps waiting, with the reason", () => {
    const driver = new ChainDriver([
      {
        name: "testing",
        soakSeconds: 0,
        clusters: [cluster("t1", "1.24.9-gke.100", { versionSince: T0 })],
      },
      { name: "staging", soakSeconds: 0, clusters: [cluster("s1", "1.21.5-gke.100")] },
    ]);
    driver.run(T0 + 2 * DAY);
    expect(driver.starts).toEqual([]);
    expect(driver.status("staging").upgrades[0]).toMatchObject({
      version: R21,
      state: "PENDING",
      reason: `SEQ-5: waiting for upstream testing to qualify ${R21} and finish its control-plane soak`,
    });
  });
});
