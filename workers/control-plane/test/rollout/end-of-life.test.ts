import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advance, rollout, sequencedCluster, upgradeOf, useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures(["eol"]);

const DAY = 86_400;
/** 2022-R25 (the fixture) targets 1.24 clusters to this: the newest 1.24 the channel publishes. */
const R24 = "1.24.5-gke.600";

describe("end of life of a minor through the API (CH-2, seed 000)", () => {
  it("CH-2 a cluster with no valid target waits until its minor reaches end of life, then is upgraded to the newest published version of the next minor", async () => {
    const release = await api("PUT", "/v1/releases/2022-R26", {
      body: {
        channel: "REGULAR",
        targets: {},
        versions: ["1.24.2-gke.100"],
        endOfLife: { "1.23": "2026-01-07T00:00:00Z" },
      },
    });
    expect(release.status, JSON.stringify(release.body)).toBe(201);
    expect(release.body.endOfLife).toEqual({ "1.23": "2026-01-07T00:00:00Z" });
    const bad = await api("PUT", "/v1/releases/2022-R27", {
      body: { channel: "REGULAR", targets: {}, endOfLife: { "1.23": "soon" } },
    });
    expect(bad.status).toBe(400);

    await sequencedCluster("eol-a", "eol", "1.23.4-gke.100");
    expect(
      (await api("PUT", "/v1/fleets/eol/rollout", { body: { defaultSoakSeconds: 0 } })).status,
    ).toBe(201);
    const before = await rollout("/v1/fleets/eol");
    expect(before.upgrades).toEqual([]);
    expect(before.clusters).toEqual([
      {
        cluster: "eol-a",
        reason:
          "CH-2: no auto-upgrade target for minor 1.23 (cluster at 1.23.4-gke.100); it is upgraded when 1.23 reaches end of life on 2026-01-07T00:00:00.000Z",
      },
    ]);
    await advance(DAY, 6 * 3600);
    expect((await rollout("/v1/fleets/eol")).upgrades).toEqual([]);
    // Past the end of life (Wednesday 00:00): the upgrade starts, and completes.
    await advance(DAY + 6 * 3600, 6 * 3600);
    const cp = upgradeOf(await rollout("/v1/fleets/eol"), "CONTROL_PLANE", R24);
    expect(cp?.startedAt).toBe("2026-01-07T00:00:00.000Z");
    expect(cp?.state).toBe("COMPLETE");
    expect((await api("GET", "/v1/clusters/eol-a")).body.status.version).toBe(R24);
  });
});
