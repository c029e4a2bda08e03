import { describe, expect, it } from "vitest";
import { DAY, HOUR, toRfc3339 } from "../../src/time/instant.ts";
import { ChainDriver, cluster, R25, T0 } from "./driver.ts";

const D = 86400;

/** The community bank of seed 000: Testing soaks 14 days, Staging 7, then Production. */
function bank(extra: { production?: number } = {}) {
  return new ChainDriver([
    {
      name: "testing",
      soakSeconds: 14 * D,
      clusters: [cluster("t1", "1.21.5-gke.100"), cluster("t2", "1.21.6-gke.200")],
    },
    { name: "staging", soakSeconds: 7 * D, clusters: [cluster("s1", "1.21.5-gke.100")] },
    {
      name: "production",
      soakSeconds: extra.production ?? 0,
      clusters: [cluster("p1", "1.21.6-gke.200"), cluster("p2", "1.21.5-gke.100")],
    },
  ]);
}

function upgrade(
  driver: ChainDriver,
  group: string,
  type: "CONTROL_PLANE" | "NODE",
  version: string,
) {
  return driver.status(group).upgrades.filter((u) => u.type === type && u.version === version);
}

const startOf = (driver: ChainDriver, group: string, type: "CONTROL_PLANE" | "NODE") =>
  driver.starts.filter((s) => s.group === group && s.type === type).map((s) => (s.at - T0) / HOUR);

describe("seed 000: the community bank rolls Testing → Staging → Production", () => {
  it("SEQ-5 control planes: Staging starts when Testing's 14-day soak ends, Production after Staging's 7 days", () => {
    const driver = bank();
    driver.run(T0 + 40 * DAY);
    // Testing's control planes take an hour; their soak ends 14 days later.
    expect(startOf(driver, "testing", "CONTROL_PLANE")).toEqual([0, 0]);
    expect(startOf(driver, "staging", "CONTROL_PLANE")).toEqual([14 * 24 + 1]);
    expect(startOf(driver, "production", "CONTROL_PLANE")).toEqual([21 * 24 + 2, 21 * 24 + 2]);
  });

  it("SEQ-6 nodes follow their own control plane, and the next group's nodes wait for the node soak", () => {
    const driver = bank();
    driver.run(T0 + 40 * DAY);
    expect(startOf(driver, "testing", "NODE")).toEqual([1, 1]);
    // Staging's control plane is done at 14 d + 2 h, but Testing's node soak ends at 14 d + 3 h.
    expect(startOf(driver, "staging", "NODE")).toEqual([14 * 24 + 3]);
    expect(startOf(driver, "production", "NODE")).toEqual([21 * 24 + 5, 21 * 24 + 5]);
    for (const group of ["testing", "staging", "production"]) {
      expect(driver.status(group).upgrades.map((u) => u.state)).toEqual(["COMPLETE", "COMPLETE"]);
    }
  });

  it("SEQ-13 the status shows start, soak end and per-cluster states while Testing soaks", () => {
    const driver = bank();
    driver.run(T0 + 2 * DAY);
    const [cp] = upgrade(driver, "testing", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp).toEqual({
      type: "CONTROL_PLANE",
      version: "1.21.14-gke.4300",
      tracking: "PATCH",
      state: "SOAKING",
      startedAt: toRfc3339(T0),
      soakEndsAt: toRfc3339(T0 + HOUR + 14 * DAY),
      clusters: [
        { cluster: "t1", state: "COMPLETE" },
        { cluster: "t2", state: "COMPLETE" },
      ],
    });
    const [waiting] = upgrade(driver, "staging", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(waiting?.state).toBe("PENDING");
    expect(waiting?.reason).toBe(
      "SEQ-5: waiting for upstream testing to qualify 1.21.14-gke.4300 and finish its control-plane soak",
    );
    const [nodes] = upgrade(driver, "staging", "NODE", "1.21.14-gke.4300");
    expect(nodes).toBeUndefined();
  });

  it("SEQ-7 SEQ-14 a soak override of 0 for the version lets Staging start at once", () => {
    const driver = bank();
    driver.run(T0 + 2 * DAY);
    driver.setSoak("testing", { overrides: { "1.21.14-gke.4300": 0 } });
    driver.run(T0 + 2 * DAY + 1);
    expect(startOf(driver, "staging", "CONTROL_PLANE")).toEqual([48]);
    const [cp] = upgrade(driver, "testing", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.state).toBe("COMPLETE");
  });

  it("SEQ-7 SEQ-14 a soak override to the 30-day maximum holds Staging for 30 days", () => {
    const driver = bank();
    driver.setSoak("testing", { overrides: { "1.21.14-gke.4300": 30 * D } });
    driver.run(T0 + 40 * DAY);
    expect(startOf(driver, "staging", "CONTROL_PLANE")).toEqual([30 * 24 + 1]);
  });

  it("SEQ-14 a maintenance exclusion on one Testing cluster delays the group's completion", () => {
    const exclusion = {
      start: "2022-05-31T00:00:00Z",
      end: "2022-06-11T00:00:00Z",
      scope: "ALL" as const,
    };
    const driver = new ChainDriver([
      {
        name: "testing",
        soakSeconds: 14 * D,
        clusters: [
          cluster("t1", "1.21.5-gke.100"),
          cluster("t2", "1.21.5-gke.100", { maintenance: { exclusions: [exclusion] } }),
        ],
      },
      { name: "staging", soakSeconds: 7 * D, clusters: [cluster("s1", "1.21.5-gke.100")] },
    ]);
    driver.run(T0 + 5 * DAY);
    const [cp] = upgrade(driver, "testing", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.state).toBe("IN_PROGRESS");
    expect(cp?.clusters[1]).toEqual({
      cluster: "t2",
      state: "PENDING",
      reason:
        "MW-2: PATCH upgrades are excluded from 2022-05-31T00:00:00Z to 2022-06-11T00:00:00Z (scope ALL); next opening 2022-06-11T00:00:00.000Z",
    });
    driver.run(T0 + 40 * DAY);
    // t2 starts when the exclusion ends (day 10), soak 14 days from 10 d + 1 h.
    expect(startOf(driver, "testing", "CONTROL_PLANE")).toEqual([0, 10 * 24]);
    expect(startOf(driver, "staging", "CONTROL_PLANE")).toEqual([24 * 24 + 1]);
  });
});

describe("seed 000: release 2022-R25", () => {
  it("SEQ-8 the first group takes every eligible target, even different ones", () => {
    const driver = new ChainDriver([
      {
        name: "first",
        soakSeconds: D,
        clusters: [cluster("a", "1.20.15-gke.100"), cluster("b", "1.24.3-gke.100")],
      },
    ]);
    driver.run(T0 + HOUR / 2);
    expect(driver.starts.map((s) => `${s.cluster}→${s.version}`)).toEqual([
      "a→1.21.14-gke.4300",
      "b→1.24.5-gke.600",
    ]);
  });

  it("SEQ-8 clusters on 1.20 and 1.21 share 1.21.14-gke.4300 and qualify it together for the next group", () => {
    const driver = new ChainDriver([
      {
        name: "first",
        soakSeconds: D,
        clusters: [cluster("a", "1.20.15-gke.100"), cluster("b", "1.21.5-gke.100")],
      },
      { name: "second", soakSeconds: D, clusters: [cluster("c", "1.20.15-gke.100")] },
    ]);
    driver.run(T0 + 3 * DAY);
    expect(driver.messages.filter((m) => m.key.includes("QUALIFIED"))[0]).toEqual({
      from: "first",
      to: "second",
      key: "CONTROL_PLANE QUALIFIED 1.21.14-gke.4300",
    });
    expect(startOf(driver, "second", "CONTROL_PLANE")).toEqual([25]);
  });

  it("SEQ-8 mixed targets in the first group (1.21.14-gke.4300 and 1.23.8-gke.1900) block the second group", () => {
    const driver = new ChainDriver([
      {
        name: "first",
        soakSeconds: D,
        clusters: [cluster("a", "1.21.5-gke.100"), cluster("b", "1.22.7-gke.100")],
      },
      { name: "second", soakSeconds: D, clusters: [cluster("c", "1.21.5-gke.100")] },
    ]);
    driver.run(T0 + 10 * DAY);
    expect(driver.starts.filter((s) => s.group === "second")).toEqual([]);
    const [cp] = upgrade(driver, "second", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.state).toBe("INELIGIBLE");
    expect(cp?.reason).toBe(
      "SEQ-8: upstream first qualified no single version (1.21.14-gke.4300 and 1.23.8-gke.1900 clash), target is 1.21.14-gke.4300",
    );
  });

  it("SEQ-8 upstream qualified 1.21.14-gke.4300 but the downstream's 1.22 clusters target 1.23.8-gke.1900: blocked", () => {
    const driver = new ChainDriver([
      { name: "first", soakSeconds: D, clusters: [cluster("a", "1.21.5-gke.100")] },
      { name: "second", soakSeconds: D, clusters: [cluster("c", "1.22.7-gke.100")] },
    ]);
    driver.run(T0 + 10 * DAY);
    expect(driver.starts.filter((s) => s.group === "second")).toEqual([]);
    const [cp] = upgrade(driver, "second", "CONTROL_PLANE", "1.23.8-gke.1900");
    expect(cp).toMatchObject({
      state: "INELIGIBLE",
      reason: "SEQ-8: upstream first qualified 1.21.14-gke.4300, target is 1.23.8-gke.1900",
      clusters: [{ cluster: "c", state: "INELIGIBLE" }],
    });
  });

  it("SEQ-13 minor and patch upgrades to one version are two entries that can differ in state", () => {
    const driver = new ChainDriver(
      [
        {
          name: "first",
          soakSeconds: D,
          clusters: [cluster("a", "1.20.15-gke.100"), cluster("b", "1.21.5-gke.100")],
        },
      ],
      {
        durationOf: (name, type) =>
          name === "a" && type === "CONTROL_PLANE" ? 5 * 3600 : undefined,
      },
    );
    driver.run(T0 + 2 * HOUR);
    const entries = upgrade(driver, "first", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(entries.map((u) => [u.tracking, u.state])).toEqual([
      ["MINOR", "IN_PROGRESS"],
      ["PATCH", "SOAKING"],
    ]);
  });
});

describe("eligibility", () => {
  it("SEQ-3 a cluster in two team scopes is ineligible in a team-scope sequence", () => {
    const driver = new ChainDriver([
      {
        name: "bank/db",
        kind: "SCOPE",
        soakSeconds: D,
        clusters: [
          cluster("a", "1.21.5-gke.100"),
          cluster("shared", "1.21.5-gke.100", { scopeCount: 2 }),
        ],
      },
    ]);
    driver.run(T0 + 3 * DAY);
    expect(driver.starts.map((s) => s.cluster)).toEqual(["a", "a"]);
    const [cp] = upgrade(driver, "bank/db", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.clusters[1]).toEqual({
      cluster: "shared",
      state: "INELIGIBLE",
      reason: "SEQ-3: shared is in 2 team scopes; team-scope sequencing needs single tenancy",
    });
    expect(cp?.state).toBe("COMPLETE");
  });

  it("SEQ-4 a cluster on another channel than the sequence is ineligible", () => {
    const driver = new ChainDriver([
      { name: "first", soakSeconds: D, clusters: [cluster("a", "1.21.5-gke.100")] },
      {
        name: "second",
        soakSeconds: D,
        clusters: [
          cluster("b", "1.21.5-gke.100"),
          cluster("c", "1.21.5-gke.100", { channel: "STABLE" }),
        ],
      },
    ]);
    driver.run(T0 + 5 * DAY);
    expect(driver.starts.filter((s) => s.group === "second").map((s) => s.cluster)).toEqual([
      "b",
      "b",
    ]);
    const status = driver.status("second");
    expect(status.channel).toBe("REGULAR");
    expect(status.clusters).toEqual([
      { cluster: "c", reason: "SEQ-4: c is on STABLE, the sequence is on REGULAR" },
    ]);
  });

  it("SEQ-11 deprecated API usage pauses a cluster until cleared", () => {
    const driver = new ChainDriver([
      {
        name: "first",
        soakSeconds: D,
        clusters: [cluster("a", "1.21.5-gke.100", { deprecatedApiUsage: true })],
      },
    ]);
    driver.run(T0 + DAY);
    expect(driver.starts).toEqual([]);
    const [cp] = upgrade(driver, "first", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.state).toBe("PENDING");
    expect(cp?.reason).toBe(
      "SEQ-11: a uses deprecated APIs; automatic upgrades pause until that is cleared",
    );
    driver.patch("a", { deprecatedApiUsage: false });
    driver.run(T0 + DAY + 1);
    expect(driver.starts.map((s) => s.cluster)).toEqual(["a"]);
  });

  it("CH-3 a cluster whose region does not have the version yet waits, then starts when it is published there", () => {
    const availability: Record<string, string[]> = { "1.21.14-gke.4300": ["europe-west1"] };
    const driver = new ChainDriver(
      [{ name: "first", soakSeconds: D, clusters: [cluster("a", "1.21.5-gke.100")] }],
      { availability },
    );
    driver.run(T0 + DAY);
    const [cp] = upgrade(driver, "first", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.reason).toBe(
      "CH-3: 1.21.14-gke.4300 is not yet available in region asia-southeast2",
    );
    availability["1.21.14-gke.4300"] = ["europe-west1", "asia-southeast2"];
    driver.run(T0 + DAY + 1);
    expect(driver.starts.map((s) => s.cluster)).toEqual(["a"]);
  });

  it("MW-1 automatic upgrades start only inside the window and the reason gives the next opening", () => {
    const window = { start: "22:00", durationSeconds: 4 * 3600, days: ["SAT" as const] };
    const driver = new ChainDriver([
      {
        name: "first",
        soakSeconds: D,
        clusters: [cluster("a", "1.21.5-gke.100", { maintenance: { windows: [window] } })],
      },
    ]);
    driver.run(T0 + HOUR);
    const [cp] = upgrade(driver, "first", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.reason).toBe(
      "MW-1: outside the maintenance windows; next opening 2022-06-04T22:00:00.000Z",
    );
    driver.run(T0 + 5 * DAY);
    expect(driver.starts.map((s) => toRfc3339(s.at))).toEqual([
      "2022-06-04T22:00:00.000Z",
      "2022-06-04T23:00:00.000Z",
    ]);
  });

  it("MW-2 an exclusion of minor upgrades holds a minor control-plane upgrade but not a patch", () => {
    const exclusions = [
      { start: "2022-05-01T00:00:00Z", end: "2022-07-01T00:00:00Z", scope: "MINOR" as const },
    ];
    const driver = new ChainDriver([
      {
        name: "first",
        soakSeconds: D,
        clusters: [
          cluster("minor", "1.20.15-gke.100", { maintenance: { exclusions } }),
          cluster("patch", "1.21.5-gke.100", { maintenance: { exclusions } }),
        ],
      },
    ]);
    driver.run(T0 + HOUR / 2);
    expect(driver.starts.map((s) => s.cluster)).toEqual(["patch"]);
  });

  it("CH-2 a cluster whose minor has no target is outside every upgrade, with the reason", () => {
    const driver = new ChainDriver([
      { name: "first", soakSeconds: D, clusters: [cluster("a", "1.23.4-gke.100")] },
    ]);
    driver.run(T0 + HOUR);
    expect(driver.status("first")).toMatchObject({
      upgrades: [],
      clusters: [
        {
          cluster: "a",
          reason: "CH-2: no auto-upgrade target for minor 1.23 (cluster at 1.23.4-gke.100)",
        },
      ],
    });
  });
});

describe("end of life (CH-2, seed 000)", () => {
  it("CH-2 a cluster with no valid target is not upgraded until its minor reaches end of life, then it is: to the newest published version of the next minor", () => {
    const driver = new ChainDriver(
      [
        {
          name: "first",
          soakSeconds: D,
          clusters: [cluster("a", "1.23.4-gke.100"), cluster("b", "1.25.1-gke.100")],
        },
      ],
      {
        endOfLife: { "1.23": T0 + 10 * DAY, "1.25": T0 + 2 * DAY },
        published: ["1.24.2-gke.100", "1.24.5-gke.600", "1.25.1-gke.100", "1.23.8-gke.1900"],
      },
    );
    driver.run(T0 + 5 * DAY);
    expect(driver.starts).toEqual([]);
    expect(driver.status("first").clusters).toEqual([
      {
        cluster: "a",
        reason:
          "CH-2: no auto-upgrade target for minor 1.23 (cluster at 1.23.4-gke.100); it is upgraded when 1.23 reaches end of life on 2022-06-11T00:00:00.000Z",
      },
      {
        cluster: "b",
        reason:
          "CH-2: no auto-upgrade target for minor 1.25 (cluster at 1.25.1-gke.100); 1.25 reached end of life on 2022-06-03T00:00:00.000Z but no version of 1.26 is published",
      },
    ]);
    driver.run(T0 + 12 * DAY);
    expect(driver.starts.map((s) => [s.cluster, s.type, s.version, s.at])).toEqual([
      ["a", "CONTROL_PLANE", "1.24.5-gke.600", T0 + 10 * DAY],
      ["a", "NODE", "1.24.5-gke.600", T0 + 10 * DAY + HOUR],
    ]);
  });
});

describe("soak, forced soak, empty groups, several upgrades", () => {
  it("SEQ-10 a group that cannot finish within 30 days because of an exclusion soaks anyway (FORCED_SOAKING)", () => {
    const exclusion = {
      start: "2022-05-01T00:00:00Z",
      end: "2022-09-01T00:00:00Z",
      scope: "ALL" as const,
    };
    const driver = new ChainDriver([
      {
        name: "testing",
        soakSeconds: 14 * D,
        clusters: [
          cluster("t1", "1.21.5-gke.100"),
          cluster("t2", "1.21.5-gke.100", { maintenance: { exclusions: [exclusion] } }),
        ],
      },
      { name: "staging", soakSeconds: 7 * D, clusters: [cluster("s1", "1.21.5-gke.100")] },
    ]);
    driver.run(T0 + 31 * DAY);
    const [cp] = upgrade(driver, "testing", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.state).toBe("FORCED_SOAKING");
    expect(cp?.soakEndsAt).toBe(toRfc3339(T0 + 44 * DAY));
    expect(cp?.reason).toBe(
      "SEQ-10: 1 of 2 clusters were not upgraded 30 days after the control-plane upgrade started; the group soaks anyway",
    );
    driver.run(T0 + 45 * DAY);
    expect(startOf(driver, "staging", "CONTROL_PLANE")).toEqual([44 * 24]);
  });

  it("SEQ-10 the 30 days run from when the group's upgrades started, not from its turn: held 10 days by an exclusion, it force-soaks on day 40", () => {
    // Every cluster is excluded for the first 10 days of the group's turn; t2 for 120.
    const first = {
      start: toRfc3339(T0 - DAY),
      end: toRfc3339(T0 + 10 * DAY),
      scope: "ALL" as const,
    };
    const long = {
      start: toRfc3339(T0 - DAY),
      end: toRfc3339(T0 + 120 * DAY),
      scope: "ALL" as const,
    };
    const driver = new ChainDriver([
      {
        name: "testing",
        soakSeconds: 14 * D,
        clusters: [
          cluster("t1", "1.21.5-gke.100", { maintenance: { exclusions: [first] } }),
          cluster("t2", "1.21.5-gke.100", { maintenance: { exclusions: [long] } }),
        ],
      },
    ]);
    driver.run(T0 + 35 * DAY);
    expect(startOf(driver, "testing", "CONTROL_PLANE")).toEqual([10 * 24]);
    const [held] = upgrade(driver, "testing", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(held?.state).toBe("IN_PROGRESS");
    driver.run(T0 + 41 * DAY);
    const [cp] = upgrade(driver, "testing", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.state).toBe("FORCED_SOAKING");
    expect(cp?.soakEndsAt).toBe(toRfc3339(T0 + 40 * DAY + 14 * DAY));
  });

  it("SEQ-5 SEQ-10 30 days after the control-plane upgrade started the soak starts even with a failed cluster", () => {
    const driver = new ChainDriver(
      [
        {
          name: "first",
          soakSeconds: 0,
          clusters: [cluster("a", "1.21.5-gke.100"), cluster("b", "1.21.5-gke.100")],
        },
      ],
      { failing: new Set(["b"]) },
    );
    driver.run(T0 + 29 * DAY);
    const [cp] = upgrade(driver, "first", "CONTROL_PLANE", "1.21.14-gke.4300");
    expect(cp?.state).toBe("IN_PROGRESS");
    expect(cp?.clusters[1]?.reason).toMatch(
      /^SEQ-5: the control-plane upgrade to 1.21.14-gke.4300 failed/,
    );
    driver.run(T0 + 30 * DAY);
    expect(upgrade(driver, "first", "CONTROL_PLANE", "1.21.14-gke.4300")[0]?.state).toBe(
      "COMPLETE",
    );
  });

  it("SEQ-6 SEQ-10 slow node upgrades enter the node soak 30 days after they started", () => {
    const driver = new ChainDriver(
      [
        {
          name: "first",
          soakSeconds: D,
          clusters: [cluster("a", "1.21.5-gke.100"), cluster("big", "1.21.5-gke.100")],
        },
      ],
      { durationOf: (name, type) => (name === "big" && type === "NODE" ? 40 * D : undefined) },
    );
    driver.run(T0 + 31 * DAY);
    const [nodes] = upgrade(driver, "first", "NODE", "1.21.14-gke.4300");
    expect(nodes?.state).toBe("FORCED_SOAKING");
    expect(nodes?.soakEndsAt).toBe(toRfc3339(T0 + HOUR + 31 * DAY));
  });

  it("SEQ-9 an empty first group cannot qualify anything, so the downstream stalls with the reason", () => {
    const driver = new ChainDriver([
      { name: "empty", soakSeconds: D, clusters: [] },
      { name: "second", soakSeconds: D, clusters: [cluster("c", "1.21.5-gke.100")] },
    ]);
    driver.run(T0 + 10 * DAY);
    expect(driver.starts).toEqual([]);
    expect(upgrade(driver, "second", "CONTROL_PLANE", "1.21.14-gke.4300")[0]?.reason).toBe(
      "SEQ-9: upstream empty has no clusters and no upstream, so it cannot qualify 1.21.14-gke.4300",
    );
  });

  it("SEQ-9 an empty group with an upstream completes at once and passes the qualification on", () => {
    const driver = new ChainDriver([
      { name: "first", soakSeconds: D, clusters: [cluster("a", "1.21.5-gke.100")] },
      { name: "empty", soakSeconds: 7 * D, clusters: [] },
      { name: "third", soakSeconds: D, clusters: [cluster("c", "1.21.5-gke.100")] },
    ]);
    driver.run(T0 + 3 * DAY);
    expect(startOf(driver, "third", "CONTROL_PLANE")).toEqual([25]);
    expect(driver.status("empty").upgrades.map((u) => [u.type, u.state])).toEqual([
      ["CONTROL_PLANE", "COMPLETE"],
      ["NODE", "COMPLETE"],
    ]);
  });

  it("SEQ-12 the first group starts a newer target while the third still rolls the previous one", () => {
    const targets: Record<string, string> = { "1.24": "1.24.2-gke.100" };
    const driver = new ChainDriver(
      [
        { name: "g1", soakSeconds: D, clusters: [cluster("a", "1.24.1-gke.100")] },
        { name: "g2", soakSeconds: D, clusters: [cluster("b", "1.24.1-gke.100")] },
        { name: "g3", soakSeconds: D, clusters: [cluster("c", "1.24.1-gke.100")] },
      ],
      { targets, durationOf: (name) => (name === "c" ? 10 * D : undefined) },
    );
    driver.run(T0 + 3 * DAY);
    expect(driver.starts.filter((s) => s.group === "g3").map((s) => s.version)).toEqual([
      "1.24.2-gke.100",
    ]);
    targets["1.24"] = "1.24.3-gke.500";
    driver.run(T0 + 3 * DAY + 1);
    expect(driver.starts.at(-1)).toMatchObject({ group: "g1", version: "1.24.3-gke.500" });
    expect(upgrade(driver, "g3", "CONTROL_PLANE", "1.24.2-gke.100")[0]?.state).toBe("IN_PROGRESS");
    expect(upgrade(driver, "g2", "CONTROL_PLANE", "1.24.3-gke.500")[0]?.reason).toBe(
      "SEQ-5: waiting for upstream g1 to qualify 1.24.3-gke.500 and finish its control-plane soak",
    );
    driver.run(T0 + 6 * DAY);
    // g2 qualified 1.24.3 for g3, but c's upgrade to 1.24.2 (10 days) is still running.
    expect(upgrade(driver, "g3", "CONTROL_PLANE", "1.24.3-gke.500")[0]?.clusters).toEqual([
      {
        cluster: "c",
        state: "PENDING",
        reason: "SEQ-12: the cluster's control-plane upgrade to 1.24.2-gke.100 is still running",
      },
    ]);
    driver.run(T0 + 40 * DAY);
    expect(driver.status("g3").upgrades.map((u) => [u.type, u.version, u.state])).toEqual([
      ["CONTROL_PLANE", "1.24.2-gke.100", "COMPLETE"],
      ["CONTROL_PLANE", "1.24.3-gke.500", "COMPLETE"],
      ["NODE", "1.24.2-gke.100", "COMPLETE"],
      ["NODE", "1.24.3-gke.500", "COMPLETE"],
    ]);
  });

  it("SEQ-8 RPCs between groups stay O(groups): a few messages per group per release, not per cluster", () => {
    const many = (prefix: string) =>
      Array.from({ length: 50 }, (_, i) => cluster(`${prefix}${i}`, "1.21.5-gke.100"));
    const driver = new ChainDriver([
      { name: "g1", soakSeconds: D, clusters: many("a") },
      { name: "g2", soakSeconds: D, clusters: many("b") },
      { name: "g3", soakSeconds: D, clusters: many("c") },
    ]);
    driver.run(T0 + 10 * DAY);
    expect(driver.starts).toHaveLength(300);
    // Per upstream group and type: STARTED and QUALIFIED.
    expect(driver.messages).toHaveLength(2 * 2 * 2);
  });
});

void R25;
