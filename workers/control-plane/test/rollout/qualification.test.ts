import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import {
  advance,
  DAY,
  rollout,
  sequencedCluster,
  upgradeOf,
  useRolloutFixtures,
} from "./helpers.ts";

useRolloutFixtures(["r1", "r2", "r3", "r4", "o1", "o2", "e1", "e2", "f1", "f2", "g1"]);

const R21 = "1.21.14-gke.4300";
const R23 = "1.23.8-gke.1900";
const put = (fleet: string, body: unknown) => api("PUT", `/v1/fleets/${fleet}/rollout`, { body });

describe("SEQ-8 qualification between fleets (release 2022-R25)", () => {
  it("SEQ-8 mixed targets in the first fleet (1.21.14-gke.4300 and 1.23.8-gke.1900) leave the second fleet ineligible, naming both", async () => {
    await sequencedCluster("r1-a", "r1", "1.21.11-gke.1100");
    await sequencedCluster("r1-b", "r1", "1.22.3-gke.100");
    await sequencedCluster("r2-a", "r2", "1.21.11-gke.1100");
    expect((await put("r1", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect((await put("r2", { upstreamFleet: "r1", defaultSoakSeconds: 0 })).status).toBe(201);
    const first = await rollout("/v1/fleets/r1");
    // SEQ-8: the first group takes every eligible target.
    expect(first.upgrades.map((u) => [u.type, u.version, u.state])).toEqual([
      ["CONTROL_PLANE", R21, "IN_PROGRESS"],
      ["CONTROL_PLANE", R23, "IN_PROGRESS"],
    ]);
    await advance(8 * 3600, 1200);
    const second = upgradeOf(await rollout("/v1/fleets/r2"), "CONTROL_PLANE", R21);
    expect(second).toMatchObject({
      state: "INELIGIBLE",
      reason: `SEQ-8: upstream r1 qualified no single version (${R21} and ${R23} clash), target is ${R21}`,
      clusters: [{ cluster: "r2-a", state: "INELIGIBLE" }],
    });
    expect((await api("GET", "/v1/clusters/r2-a")).body.status.version).toBe("1.21.11-gke.1100");
  });

  it("SEQ-8 upstream qualified 1.21.14-gke.4300 but the downstream's 1.22 cluster targets 1.23.8-gke.1900: blocked", async () => {
    await sequencedCluster("r3-a", "r3", "1.21.11-gke.1100");
    await sequencedCluster("r4-a", "r4", "1.22.3-gke.100");
    expect((await put("r3", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect((await put("r4", { upstreamFleet: "r3", defaultSoakSeconds: 0 })).status).toBe(201);
    await advance(8 * 3600, 1200);
    expect(upgradeOf(await rollout("/v1/fleets/r4"), "CONTROL_PLANE", R23)).toMatchObject({
      state: "INELIGIBLE",
      reason: `SEQ-8: upstream r3 qualified ${R21}, target is ${R23}`,
    });
  });

  it("SEQ-7 SEQ-14 a soak override of 0 for the version ends the upstream's soak and the downstream starts", async () => {
    await sequencedCluster("o1-a", "o1", "1.21.11-gke.1100");
    await sequencedCluster("o2-a", "o2", "1.21.11-gke.1100");
    expect((await put("o1", { defaultSoakSeconds: 14 * DAY })).status).toBe(201);
    expect((await put("o2", { upstreamFleet: "o1", defaultSoakSeconds: 0 })).status).toBe(201);
    await advance(6 * 3600, 1200);
    const soaking = upgradeOf(await rollout("/v1/fleets/o1"), "CONTROL_PLANE", R21);
    expect(soaking?.state).toBe("SOAKING");
    expect(
      Date.parse(soaking?.soakEndsAt ?? "") - Date.parse(soaking?.startedAt ?? ""),
    ).toBeGreaterThan(14 * DAY * 1000);
    const override = await put("o1", {
      defaultSoakSeconds: 14 * DAY,
      soakOverrides: [{ version: R21, soakSeconds: 0 }],
    });
    expect(override.status).toBe(200);
    expect(override.body.soakOverrides).toEqual([{ version: R21, soakSeconds: 0 }]);
    await advance(0);
    expect(upgradeOf(await rollout("/v1/fleets/o1"), "CONTROL_PLANE", R21)?.state).toBe("COMPLETE");
    expect(upgradeOf(await rollout("/v1/fleets/o2"), "CONTROL_PLANE", R21)?.state).toMatch(
      /IN_PROGRESS|SOAKING|COMPLETE/,
    );
  });

  it("SEQ-9 an empty first fleet cannot qualify anything: the downstream stalls with the reason", async () => {
    await sequencedCluster("e2-a", "e2", "1.21.11-gke.1100");
    expect((await put("e1", { defaultSoakSeconds: 0 })).status).toBe(201);
    expect((await put("e2", { upstreamFleet: "e1", defaultSoakSeconds: 0 })).status).toBe(201);
    await advance(0);
    expect(upgradeOf(await rollout("/v1/fleets/e2"), "CONTROL_PLANE", R21)).toMatchObject({
      state: "PENDING",
      reason: `SEQ-9: upstream e1 has no clusters and no upstream, so it cannot qualify ${R21}`,
    });
  });

  it("SEQ-10 a cluster held by a maintenance exclusion past 30 days: the fleet soaks anyway (FORCED_SOAKING), the downstream follows", async () => {
    await sequencedCluster("f1-a", "f1", "1.21.11-gke.1100");
    await sequencedCluster("f1-held", "f1", "1.21.11-gke.1100", {
      maintenance: {
        windows: [],
        exclusions: [{ start: "2026-01-01T00:00:00Z", end: "2026-03-01T00:00:00Z", scope: "ALL" }],
      },
    });
    await sequencedCluster("f2-a", "f2", "1.21.11-gke.1100");
    expect((await put("f1", { defaultSoakSeconds: DAY })).status).toBe(201);
    expect((await put("f2", { upstreamFleet: "f1", defaultSoakSeconds: 0 })).status).toBe(201);
    await advance(6 * 3600, 1200);
    const held = upgradeOf(await rollout("/v1/fleets/f1"), "CONTROL_PLANE", R21);
    // SEQ-14: the exclusion delays the fleet's completion.
    expect(held?.state).toBe("IN_PROGRESS");
    expect(held?.clusters[1]).toMatchObject({ cluster: "f1-held", state: "PENDING" });
    expect(held?.clusters[1]?.reason).toMatch(/^MW-2: MINOR|^MW-2: PATCH/);
    await advance(30 * DAY, 2 * DAY);
    const forced = upgradeOf(await rollout("/v1/fleets/f1"), "CONTROL_PLANE", R21);
    // Soak starts 30 days after the upgrade started, and lasts the fleet's one day.
    expect(Date.parse(forced?.soakEndsAt ?? "") - Date.parse(forced?.startedAt ?? "")).toBe(
      31 * DAY * 1000,
    );
    expect(forced).toMatchObject({
      state: "FORCED_SOAKING",
      reason:
        "SEQ-10: 1 of 2 clusters were not upgraded 30 days after the control-plane upgrade started; the group soaks anyway",
    });
    await advance(2 * DAY, 1200 * 6);
    expect(upgradeOf(await rollout("/v1/fleets/f2"), "CONTROL_PLANE", R21)?.state).not.toBe(
      "PENDING",
    );
  }, 120_000);

  it("SEQ-10 the 30 days count from when the fleet's control-plane upgrades started, not from its turn: every cluster held 10 days by an exclusion, it force-soaks 30 days after the first one started", async () => {
    const now = Date.parse((await api("GET", "/v1/sim")).body.now);
    const until = (days: number) => new Date(now + days * DAY * 1000).toISOString();
    const exclusion = (days: number) => ({
      windows: [],
      exclusions: [
        { start: new Date(now - DAY * 1000).toISOString(), end: until(days), scope: "ALL" },
      ],
    });
    await sequencedCluster("g1-a", "g1", "1.21.11-gke.1100", { maintenance: exclusion(10) });
    await sequencedCluster("g1-held", "g1", "1.21.11-gke.1100", { maintenance: exclusion(90) });
    expect((await put("g1", { defaultSoakSeconds: DAY })).status).toBe(201);
    await advance(35 * DAY, 2 * DAY);
    // Its turn came at once, its first upgrade 10 days later: 25 days in, no forced soak.
    const held = upgradeOf(await rollout("/v1/fleets/g1"), "CONTROL_PLANE", R21);
    expect(held?.state).toBe("IN_PROGRESS");
    await advance(5.5 * DAY, DAY / 2);
    const forced = upgradeOf(await rollout("/v1/fleets/g1"), "CONTROL_PLANE", R21);
    expect(forced?.state).toBe("FORCED_SOAKING");
    // 10 days held, 30 days running, one day of soak.
    const soakEnds = Date.parse(forced?.soakEndsAt ?? "");
    expect(soakEnds - now).toBeGreaterThanOrEqual(41 * DAY * 1000);
    expect(soakEnds - now).toBeLessThanOrEqual(41 * DAY * 1000 + 2 * DAY * 1000);
  }, 120_000);
});
