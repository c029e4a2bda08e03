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

useRolloutFixtures(["hand-up", "hand-down", "direct-up", "direct-down"]);

const R21 = "1.21.14-gke.4300";
const put = (fleet: string, body: unknown) => api("PUT", `/v1/fleets/${fleet}/rollout`, { body });
const simNow = async (): Promise<number> => Date.parse((await api("GET", "/v1/sim")).body.now);

describe("seed 000: a manual upgrade fixes a group's eligibility (SEQ-8)", () => {
  it("SEQ-8 an upstream fleet whose cluster already runs the target qualifies it; its soak counts from the release that made it a target, then the downstream upgrades", async () => {
    // On RAPID, where no release targets anything yet.
    await sequencedCluster("hand-up-a", "hand-up", R21, { releaseChannel: "RAPID" });
    await sequencedCluster("hand-down-a", "hand-down", "1.21.11-gke.1100", {
      releaseChannel: "RAPID",
    });
    expect((await put("hand-up", { defaultSoakSeconds: DAY })).status).toBe(201);
    expect(
      (await put("hand-down", { upstreamFleet: "hand-up", defaultSoakSeconds: 0 })).status,
    ).toBe(201);
    await advance(DAY, 3 * 3600);
    const published = await simNow();
    const release = await api("PUT", "/v1/releases/2022-R40", {
      body: { channel: "RAPID", targets: { "1.21": R21 }, versions: [R21] },
    });
    expect(release.status, JSON.stringify(release.body)).toBeLessThan(300);
    await advance(0);
    const up = await rollout("/v1/fleets/hand-up");
    expect(upgradeOf(up, "CONTROL_PLANE", R21)).toMatchObject({
      state: "SOAKING",
      clusters: [{ cluster: "hand-up-a", state: "COMPLETE" }],
    });
    // Soak from the release, not from when the cluster got there a day earlier.
    expect(Date.parse(upgradeOf(up, "CONTROL_PLANE", R21)?.soakEndsAt ?? "")).toBe(
      published + DAY * 1000,
    );
    expect(upgradeOf(await rollout("/v1/fleets/hand-down"), "CONTROL_PLANE", R21)).toMatchObject({
      state: "PENDING",
      reason: `SEQ-5: waiting for upstream hand-up to qualify ${R21} and finish its control-plane soak`,
    });
    await advance(DAY + 2 * 3600, 3600);
    expect(upgradeOf(await rollout("/v1/fleets/hand-up"), "CONTROL_PLANE", R21)?.state).toBe(
      "COMPLETE",
    );
    const down = upgradeOf(await rollout("/v1/fleets/hand-down"), "CONTROL_PLANE", R21);
    expect(down?.state).toMatch(/IN_PROGRESS|SOAKING|COMPLETE/);
  });

  it("SEQ-8 a direct upgrade (POST /v1/clusters/{cluster}/upgrade) of the upstream's held cluster qualifies the version from when it finished; the downstream follows", async () => {
    await sequencedCluster("direct-up-a", "direct-up", "1.21.11-gke.1100", {
      maintenance: {
        windows: [],
        exclusions: [{ start: "2026-01-01T00:00:00Z", end: "2026-06-01T00:00:00Z", scope: "ALL" }],
      },
    });
    await sequencedCluster("direct-down-a", "direct-down", "1.21.11-gke.1100");
    expect((await put("direct-up", { defaultSoakSeconds: DAY })).status).toBe(201);
    expect(
      (await put("direct-down", { upstreamFleet: "direct-up", defaultSoakSeconds: 0 })).status,
    ).toBe(201);
    await advance(3600);
    const held = upgradeOf(await rollout("/v1/fleets/direct-up"), "CONTROL_PLANE", R21);
    expect(held?.clusters[0]).toMatchObject({ cluster: "direct-up-a", state: "PENDING" });
    expect(held?.clusters[0]?.reason).toMatch(/^MW-2/);
    const started = await api("POST", "/v1/clusters/direct-up-a/upgrade", {
      body: { version: R21 },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(202);
    let version: string | undefined;
    for (let i = 0; i < 48 && version !== R21; i++) {
      await advance(600, 600);
      version = (await api("GET", "/v1/clusters/direct-up-a")).body.status.version;
    }
    expect(version).toBe(R21);
    const reached = await simNow();
    await advance(1200, 600);
    const soaking = upgradeOf(await rollout("/v1/fleets/direct-up"), "CONTROL_PLANE", R21);
    expect(soaking).toMatchObject({
      state: "SOAKING",
      clusters: [{ cluster: "direct-up-a", state: "COMPLETE" }],
    });
    // Its node pool went along (a full upgrade): the node phase counts as done by hand too.
    expect(upgradeOf(await rollout("/v1/fleets/direct-up"), "NODE", R21)?.clusters).toEqual([
      { cluster: "direct-up-a", state: "COMPLETE" },
    ]);
    const soakEnd = Date.parse(soaking?.soakEndsAt ?? "");
    expect(soakEnd).toBeGreaterThanOrEqual(reached - 600_000 + DAY * 1000);
    expect(soakEnd).toBeLessThanOrEqual(reached + 1200_000 + DAY * 1000);
    expect(upgradeOf(await rollout("/v1/fleets/direct-down"), "CONTROL_PLANE", R21)?.state).toBe(
      "PENDING",
    );
    await advance(DAY + 3600, 3 * 3600);
    const down = await rollout("/v1/fleets/direct-down");
    expect(upgradeOf(down, "CONTROL_PLANE", R21)?.state).toMatch(/IN_PROGRESS|SOAKING|COMPLETE/);
    await advance(6 * 3600, 1200);
    expect(upgradeOf(await rollout("/v1/fleets/direct-down"), "NODE", R21)?.state).toMatch(
      /IN_PROGRESS|SOAKING|COMPLETE/,
    );
  }, 120_000);
});
