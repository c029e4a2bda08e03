import { describe, expect, it } from "vitest";
import { api } from "../helpers.ts";
import { advance, rollout, sequencedCluster, upgradeOf, useRolloutFixtures } from "./helpers.ts";

useRolloutFixtures(["elig", "teams", "mixed"]);

const R21 = "1.21.14-gke.4300";
const put = (path: string, body: unknown) => api("PUT", `${path}/rollout`, { body });

describe("eligibility and start conditions through the API", () => {
  it("SEQ-4 SEQ-11 MW-1 MW-3 CH-2 a channel mismatch, deprecated APIs, a closed window and no target each show their reason", async () => {
    await sequencedCluster("el-ok", "elig", "1.21.11-gke.1100");
    await sequencedCluster("el-ok2", "elig", "1.21.11-gke.1100");
    await sequencedCluster("el-stable", "elig", "1.21.11-gke.1100", { releaseChannel: "STABLE" });
    await sequencedCluster("el-deprecated", "elig", "1.21.11-gke.1100", {
      deprecatedApiUsage: true,
    });
    await sequencedCluster("el-window", "elig", "1.21.11-gke.1100", {
      maintenance: {
        windows: [{ start: "22:00", durationSeconds: 4 * 3600, days: ["SAT"] }],
        exclusions: [],
      },
    });
    await sequencedCluster("el-notarget", "elig", "1.23.4-gke.100");
    expect((await put("/v1/fleets/elig", { defaultSoakSeconds: 0 })).status).toBe(201);
    const status = await rollout("/v1/fleets/elig");
    const cp = upgradeOf(status, "CONTROL_PLANE", R21);
    const byName = Object.fromEntries((cp?.clusters ?? []).map((c) => [c.cluster, c]));
    expect(byName["el-ok"]?.state).toBe("IN_PROGRESS");
    expect(byName["el-deprecated"]).toEqual({
      cluster: "el-deprecated",
      state: "PENDING",
      reason:
        "SEQ-11: el-deprecated uses deprecated APIs; automatic upgrades pause until that is cleared",
    });
    expect(byName["el-window"]?.state).toBe("PENDING");
    expect(byName["el-window"]?.reason).toMatch(
      /^MW-1: outside the maintenance windows; next opening 2026-01-\d\dT22:00:00.000Z$/,
    );
    expect(status.clusters).toEqual(
      expect.arrayContaining([
        {
          cluster: "el-stable",
          reason: "SEQ-4: el-stable is on STABLE, the sequence is on REGULAR",
        },
        {
          cluster: "el-notarget",
          reason: "CH-2: no auto-upgrade target for minor 1.23 (cluster at 1.23.4-gke.100)",
        },
      ]),
    );
    // The upgrade runs as a real operation, visible at GET /v1/operations/{id}.
    const cluster = await api("GET", "/v1/clusters/el-ok");
    const operation = await api(
      "GET",
      `/v1/operations/${cluster.body.status.components.operation}`,
    );
    expect(operation.body).toMatchObject({
      kind: "CLUSTER_UPGRADE",
      target: { cluster: "el-ok", version: R21 },
    });
  });

  it("SEQ-11 clearing deprecated API usage lets the cluster start on the next pass", async () => {
    const body = (await api("GET", "/v1/clusters/el-deprecated")).body;
    const { status: _status, name: _name, createdAt: _c, updatedAt: _u, ...spec } = body;
    const cleared = await api("PUT", "/v1/clusters/el-deprecated", {
      body: { ...spec, deprecatedApiUsage: false },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect((await put("/v1/fleets/elig", { defaultSoakSeconds: 0 })).status).toBe(200);
    const cp = upgradeOf(await rollout("/v1/fleets/elig"), "CONTROL_PLANE", R21);
    expect(cp?.clusters.find((c) => c.cluster === "el-deprecated")?.state).toMatch(
      /IN_PROGRESS|COMPLETE/,
    );
  });

  it("CH-3 a version not yet published in the cluster's region waits; publishing it there (PUT /v1/releases) starts it", async () => {
    await sequencedCluster("el-asia", "elig", "1.24.3-gke.100", { region: "asia-southeast2" });
    const release = (regions: string[]) =>
      api("PUT", "/v1/releases/2022-R26", {
        body: {
          channel: "REGULAR",
          targets: { "1.24": "1.24.5-gke.600" },
          versions: ["1.24.3-gke.100"],
          regions: { "1.24.5-gke.600": regions },
        },
      });
    expect((await release(["europe-west1"])).status).toBe(201);
    const waiting = upgradeOf(await rollout("/v1/fleets/elig"), "CONTROL_PLANE", "1.24.5-gke.600");
    expect(waiting?.clusters).toEqual([
      {
        cluster: "el-asia",
        state: "PENDING",
        reason: "CH-3: 1.24.5-gke.600 is not yet available in region asia-southeast2",
      },
    ]);
    expect((await release(["europe-west1", "asia-southeast2"])).status).toBe(200);
    const started = upgradeOf(await rollout("/v1/fleets/elig"), "CONTROL_PLANE", "1.24.5-gke.600");
    expect(started?.clusters[0]?.state).toBe("IN_PROGRESS");
  });

  it("SEQ-3 a cluster in two team scopes is ineligible in a team-scope sequence", async () => {
    for (const scope of ["db", "web"]) {
      expect(
        (await api("PUT", `/v1/fleets/teams/scopes/${scope}`, { body: {} })).status,
      ).toBeLessThan(300);
    }
    await sequencedCluster("tm-db", "teams", "1.21.11-gke.1100", { scopes: ["db"] });
    await sequencedCluster("tm-shared", "teams", "1.21.11-gke.1100", { scopes: ["db", "web"] });
    expect((await put("/v1/fleets/teams/scopes/db", { defaultSoakSeconds: 0 })).status).toBe(201);
    const status = await rollout("/v1/fleets/teams/scopes/db");
    const cp = upgradeOf(status, "CONTROL_PLANE", R21);
    expect(cp?.clusters).toEqual([
      { cluster: "tm-db", state: "IN_PROGRESS" },
      {
        cluster: "tm-shared",
        state: "INELIGIBLE",
        reason: "SEQ-3: tm-shared is in 2 team scopes; team-scope sequencing needs single tenancy",
      },
    ]);
    await advance(0);
  });

  it("SEQ-13 minor (1.20 →) and patch (1.21 →) upgrades to 1.21.14-gke.4300 are two entries that can differ in state", async () => {
    const older = await api("PUT", "/v1/releases/2022-R20", {
      body: { channel: "REGULAR", targets: {}, versions: ["1.20.15-gke.100"] },
    });
    expect(older.status).toBeLessThan(300);
    await sequencedCluster("mx-patch", "mixed", "1.21.11-gke.1100");
    await sequencedCluster("mx-minor", "mixed", "1.20.15-gke.100", {
      maintenance: {
        windows: [{ start: "22:00", durationSeconds: 3600, days: ["SUN"] }],
        exclusions: [],
      },
    });
    expect((await put("/v1/fleets/mixed", { defaultSoakSeconds: 0 })).status).toBe(201);
    const entries = (await rollout("/v1/fleets/mixed")).upgrades.filter(
      (u) => u.type === "CONTROL_PLANE" && u.version === R21,
    );
    const byTracking = Object.fromEntries(entries.map((u) => [u.tracking, u]));
    expect(entries).toHaveLength(2);
    expect(byTracking.PATCH?.state).toBe("IN_PROGRESS");
    expect(byTracking.MINOR?.state).toBe("PENDING");
    expect(byTracking.MINOR?.reason).toMatch(
      /^MW-1: outside the maintenance windows; next opening /,
    );
  });
});
