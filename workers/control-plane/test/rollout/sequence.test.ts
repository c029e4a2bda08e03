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

useRolloutFixtures(["testing", "staging", "production"]);

const TARGET = "1.21.14-gke.4300";

describe("seed 000: the community bank rolls 2022-R25 Testing → Staging → Production through the API", () => {
  it("SEQ-5 SEQ-6 SEQ-13 control planes then nodes, Testing soaks 14 days before Staging starts, operations are real", async () => {
    await sequencedCluster("bank-t1", "testing", "1.21.11-gke.1100");
    await sequencedCluster("bank-t2", "testing", "1.21.11-gke.1100");
    await sequencedCluster("bank-s1", "staging", "1.21.11-gke.1100");
    await sequencedCluster("bank-p1", "production", "1.21.11-gke.1100");
    const put = (fleet: string, body: unknown) =>
      api("PUT", `/v1/fleets/${fleet}/rollout`, { body });
    expect((await put("testing", { defaultSoakSeconds: 14 * DAY })).status).toBe(201);
    expect(
      (await put("staging", { upstreamFleet: "testing", defaultSoakSeconds: 7 * DAY })).status,
    ).toBe(201);
    expect(
      (await put("production", { upstreamFleet: "staging", defaultSoakSeconds: 0 })).status,
    ).toBe(201);

    // The configuration's pass starts Testing's control planes at once.
    const first = await rollout("/v1/fleets/testing");
    const cp = upgradeOf(first, "CONTROL_PLANE", TARGET);
    expect(cp).toMatchObject({
      state: "IN_PROGRESS",
      tracking: "PATCH",
      startedAt: "2026-01-05T00:00:00.000Z",
    });
    expect(cp?.clusters.map((c) => c.state)).toEqual(["IN_PROGRESS", "IN_PROGRESS"]);
    const staging = upgradeOf(await rollout("/v1/fleets/staging"), "CONTROL_PLANE", TARGET);
    expect(staging).toMatchObject({
      state: "PENDING",
      reason: `SEQ-5: waiting for upstream testing to qualify ${TARGET} and finish its control-plane soak`,
    });

    // A real CLUSTER_UPGRADE operation runs for each control plane.
    const cluster = await api("GET", "/v1/clusters/bank-t1");
    expect(cluster.body.version).toBe(TARGET);

    await advance(6 * 3600, 1200);
    const soaking = await rollout("/v1/fleets/testing");
    const cpSoak = upgradeOf(soaking, "CONTROL_PLANE", TARGET);
    expect(cpSoak?.state).toBe("SOAKING");
    expect(cpSoak?.clusters.map((c) => c.state)).toEqual(["COMPLETE", "COMPLETE"]);
    expect(upgradeOf(soaking, "NODE", TARGET)?.state).toBe("SOAKING");
    expect((await api("GET", "/v1/clusters/bank-t1")).body.status.version).toBe(TARGET);
    expect((await api("GET", "/v1/clusters/bank-t1/node-pools/p")).body.version).toBe(TARGET);

    // Nothing in Staging before Testing's 14 days.
    await advance(13 * DAY + 18 * 3600, DAY);
    expect(upgradeOf(await rollout("/v1/fleets/staging"), "CONTROL_PLANE", TARGET)?.state).toBe(
      "PENDING",
    );
    await advance(12 * 3600, 1200);
    const stagingNow = await rollout("/v1/fleets/staging");
    expect(stagingNow.upgrades.map((u) => [u.type, u.state])).toEqual([
      ["CONTROL_PLANE", "SOAKING"],
      ["NODE", "SOAKING"],
    ]);
    expect(upgradeOf(await rollout("/v1/fleets/testing"), "CONTROL_PLANE", TARGET)?.state).toBe(
      "COMPLETE",
    );

    // Staging soaks 7 days, then Production (soak 0) completes.
    await advance(6 * DAY + 12 * 3600, DAY);
    expect(upgradeOf(await rollout("/v1/fleets/production"), "CONTROL_PLANE", TARGET)?.state).toBe(
      "PENDING",
    );
    await advance(12 * 3600, 1200);
    const production = await rollout("/v1/fleets/production");
    expect(production.upgrades.map((u) => [u.type, u.state])).toEqual([
      ["CONTROL_PLANE", "COMPLETE"],
      ["NODE", "COMPLETE"],
    ]);
    const pools = await api("GET", "/v1/clusters/bank-p1/node-pools/p");
    expect(pools.body.version).toBe(TARGET);
  }, 240_000);
});
