import { describe, expect, it } from "vitest";
import { clusterBody, poolBody } from "../fixtures.ts";
import { api } from "../helpers.ts";
import { useNodePoolFixtures } from "./helpers.ts";

useNodePoolFixtures();

interface Finding {
  check: string;
  blocking: boolean;
  message: string;
  rule: string;
}

async function putCluster(name: string, overrides: Record<string, unknown>) {
  const res = await api("PUT", `/v1/clusters/${name}`, { body: clusterBody(overrides) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

async function runPreflight(cluster: string, version: string, workerPools?: string) {
  const res = await api("POST", `/v1/clusters/${cluster}/preflight`, {
    body: { version, ...(workerPools ? { workerPools } : {}) },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { passed: boolean; findings: Finding[]; version: string; cluster: string };
}

describe("cluster preflight through the API (LIFE-2, VER-4, VER-5)", () => {
  it("VER-4 seed: 1.13.0 → 1.15.0 is refused, naming the skipped minor; the result is kept", async () => {
    await putCluster("pf-skip", { version: "1.13.0" });
    const result = await runPreflight("pf-skip", "1.15.0");
    expect(result.passed).toBe(false);
    expect(result.findings).toContainEqual(
      expect.objectContaining({ check: "VERSION_PATH", blocking: true, rule: "VER-4" }),
    );
    expect(result.findings.find((f) => f.rule === "VER-4")?.message).toMatch(
      /^VER-4: 1\.13\.0 → 1\.15\.0 .*1\.14/,
    );

    const stored = await api("GET", "/v1/clusters/pf-skip/preflight");
    expect(stored.status).toBe(200);
    expect(stored.body).toEqual(result);
  });

  it("VER-4 seed: 1.14.3 → 1.15.11 is one minor ahead and published, so it passes", async () => {
    const release = await api("PUT", "/v1/releases/2023-R1", {
      body: { channel: "REGULAR", targets: { "1.14": "1.15.11" } },
    });
    expect(release.status, JSON.stringify(release.body)).toBeLessThan(300);
    await putCluster("pf-step", { version: "1.14.3" });
    const result = await runPreflight("pf-step", "1.15.11");
    expect(result.findings.filter((f) => f.blocking)).toEqual([]);
    expect(result.passed).toBe(true);
  });

  it("VER-5 seed: an admin upgrade is refused while a user cluster lags, naming it", async () => {
    await putCluster("pf-admin", { role: "admin", version: "1.14.3" });
    await putCluster("pf-user-ok", {
      role: "user",
      adminCluster: "pf-admin",
      version: "1.14.3",
    });
    await putCluster("pf-user-lag", {
      role: "user",
      adminCluster: "pf-admin",
      version: "1.13.0",
    });
    const result = await runPreflight("pf-admin", "1.15.11");
    expect(result.passed).toBe(false);
    const skew = result.findings.find((f) => f.check === "ADMIN_USER_SKEW");
    expect(skew).toMatchObject({ blocking: true, rule: "VER-5" });
    expect(skew?.message).toContain("pf-user-lag (1.13.0)");
    expect(skew?.message).not.toContain("pf-user-ok");
  });

  it("VER-5 a user cluster may not pass its admin", async () => {
    await putCluster("pf-admin-2", { role: "admin", version: "1.14.3" });
    await putCluster("pf-user-2", { role: "user", adminCluster: "pf-admin-2", version: "1.14.3" });
    const result = await runPreflight("pf-user-2", "1.15.11");
    expect(result.findings).toContainEqual(
      expect.objectContaining({ check: "ADMIN_USER_SKEW", blocking: true, rule: "VER-5" }),
    );
  });

  it("SEQ-11 a cluster flagged for deprecated APIs takes neither a minor nor a patch: its preflight blocks both, naming SEQ-11, like sequencing's hold", async () => {
    await putCluster("pf-deprecated", { version: "1.21.11-gke.1100", deprecatedApiUsage: true });
    for (const target of ["1.21.14-gke.4300", "1.22.3-gke.100"]) {
      const result = await runPreflight("pf-deprecated", target);
      expect(result.passed, target).toBe(false);
      expect(result.findings).toContainEqual(
        expect.objectContaining({ check: "DEPRECATED_APIS", blocking: true, rule: "SEQ-11" }),
      );
    }
    const refused = await api("POST", "/v1/clusters/pf-deprecated/upgrade", {
      body: { version: "1.21.14-gke.4300" },
    });
    expect(refused.status).toBe(422);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    expect(refused.body.rule).toBe("SEQ-11");
  });

  it("LIFE-2 surge nodes of every pool upgraded by its strategy must fit the zone's quota, naming the pools", async () => {
    await api("PUT", "/v1/zones/europe-west1-d", {
      body: { region: "europe-west1", quota: { nodes: 4 } },
    });
    await putCluster("pf-quota", { version: "1.21.11-gke.1100" });
    for (const pool of ["a", "b"]) {
      const res = await api("PUT", `/v1/clusters/pf-quota/node-pools/${pool}`, {
        body: poolBody({
          zones: ["europe-west1-d"],
          nodeCount: 2,
          upgradeStrategy: { type: "BLUE_GREEN" },
        }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const result = await runPreflight("pf-quota", "1.21.14-gke.4300", "STRATEGY");
    expect(result.passed).toBe(false);
    const quota = result.findings.find((f) => f.check === "SURGE_QUOTA");
    expect(quota).toMatchObject({ blocking: true, rule: "LIFE-2" });
    expect(quota?.message).toContain("pools a, b side by side");
  });

  it("LIFE-2 a preflight changes nothing: the cluster keeps its spec and status", async () => {
    await putCluster("pf-still", { version: "1.21.11-gke.1100" });
    const before = (await api("GET", "/v1/clusters/pf-still")).body;
    await runPreflight("pf-still", "1.21.14-gke.4300");
    expect((await api("GET", "/v1/clusters/pf-still")).body).toEqual(before);
  });

  it("LIFE-2 GET …/preflight is 404 until a preflight ran", async () => {
    await putCluster("pf-none", { version: "1.21.11-gke.1100" });
    expect((await api("GET", "/v1/clusters/pf-none/preflight")).status).toBe(404);
  });

  it("LIFE-2 a deleted cluster's preflight is forgotten: a cluster re-created with its name has none", async () => {
    await putCluster("pf-gone", { version: "1.13.0" });
    await runPreflight("pf-gone", "1.15.0");
    expect((await api("DELETE", "/v1/clusters/pf-gone")).status).toBe(204);
    await putCluster("pf-gone", { version: "1.21.11-gke.1100" });
    expect((await api("GET", "/v1/clusters/pf-gone/preflight")).status).toBe(404);
  });
});
