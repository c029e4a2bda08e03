import { describe, expect, it } from "vitest";
import { diagnosticFromAnswer, preflight, startClusterUpgrade } from "../../src/lifecycle/index.ts";
import { T0, workerPool } from "./driver.ts";
import { adminCluster, request, userCluster } from "./fixtures.ts";

describe("preflight", () => {
  it("VER-4 LIFE-2 seed: 1.13.0 → 1.15.0 is refused because it skips 1.14", () => {
    const result = preflight(userCluster({ version: "1.13.0" }), "1.15.0", T0);
    expect(result.passed).toBe(false);
    expect(result.findings).toContainEqual({
      check: "VERSION_PATH",
      blocking: true,
      rule: "VER-4",
      message: "VER-4: 1.13.0 → 1.15.0 skips minor 1.14",
    });
    const started = startClusterUpgrade(
      request(userCluster({ version: "1.13.0" }), { version: "1.15.0" }),
      T0,
    );
    expect(started.ok || started.error).toEqual({
      rule: "VER-4",
      kind: "refused",
      detail: "VER-4: 1.13.0 → 1.15.0 skips minor 1.14",
    });
  });

  it("VER-4 LIFE-2 seed: 1.14.3 → 1.15.11 is allowed (patches on either side do not matter)", () => {
    const result = preflight(userCluster(), "1.15.11", T0);
    expect(result.passed).toBe(true);
    expect(result.findings).toEqual([]);
    expect(startClusterUpgrade(request(userCluster()), T0).ok).toBe(true);
  });

  it("VER-3 seed: 1.14.0 → 1.14.1 passes and names 1.14.3 as the newest patch to prefer", () => {
    const result = preflight(userCluster({ version: "1.14.0" }), "1.14.1", T0);
    expect(result.passed).toBe(true);
    expect(result.findings).toEqual([
      expect.objectContaining({
        blocking: false,
        rule: "VER-3",
        message: expect.stringContaining("1.14.3"),
      }),
    ]);
  });

  it("VER-2 a downgrade is a blocking finding", () => {
    const result = preflight(userCluster({ version: "1.15.0" }), "1.14.3", T0);
    expect(result.findings.map((f) => [f.rule, f.blocking])).toEqual([["VER-2", true]]);
  });

  it("VER-6 a version no release publishes is a blocking finding naming known ones", () => {
    const result = preflight(userCluster(), "1.15.5", T0);
    expect(result.findings[0]).toMatchObject({
      rule: "VER-6",
      blocking: true,
      check: "RELEASE_CATALOGUE",
    });
    expect(result.findings[0]?.message).toContain("1.15.11");
  });

  it("VER-5 seed: an admin upgrade to a new minor is refused while a user cluster lags, naming it", () => {
    const facts = adminCluster({
      managedClusters: [
        { name: "bm-1", version: "1.14.3" },
        { name: "bm-2", version: "1.13.0" },
      ],
    });
    const result = preflight(facts, "1.15.11", T0);
    expect(result.passed).toBe(false);
    const finding = result.findings.find((f) => f.check === "ADMIN_USER_SKEW");
    expect(finding?.rule).toBe("VER-5");
    expect(finding?.message).toContain("bm-2 (1.13.0)");
    expect(finding?.message).not.toContain("bm-1");
    const started = startClusterUpgrade(request(facts), T0);
    expect(started.ok ? undefined : started.error.rule).toBe("VER-5");
  });

  it("VER-5 a user cluster may not pass its admin", () => {
    const result = preflight(userCluster({ adminVersion: "1.14.3" }), "1.15.11", T0);
    expect(result.findings.map((f) => f.rule)).toEqual(["VER-5"]);
  });

  it("SEQ-11 a cluster flagged for deprecated API usage takes no upgrade, patches included, until the flag is cleared (seed 000: GKE pauses cluster upgrades)", () => {
    const finding = {
      check: "DEPRECATED_APIS",
      blocking: true,
      rule: "SEQ-11",
      message:
        "SEQ-11: bm-1 is flagged for deprecated API usage (deprecatedApiUsage); its upgrades pause, patches included, until that is cleared",
    };
    const flagged = userCluster({ version: "1.14.2", deprecatedApiUsage: true });
    for (const target of ["1.14.3", "1.15.11"]) {
      const result = preflight(flagged, target, T0);
      expect(result.passed, target).toBe(false);
      expect(result.findings, target).toEqual([finding]);
    }
    expect(preflight({ ...flagged, deprecatedApiUsage: false }, "1.14.3", T0).passed).toBe(true);
  });

  it("LIFE-2 deprecated API usage removed by the target minor blocks; removed later does not", () => {
    const facts = userCluster({
      deprecatedApis: [
        { api: "policy/v1beta1 PodSecurityPolicy", removedIn: "1.15", uses: 4 },
        { api: "batch/v1beta1 CronJob", removedIn: "1.16", uses: 2 },
      ],
    });
    const result = preflight(facts, "1.15.11", T0);
    expect(result.findings).toEqual([
      {
        check: "DEPRECATED_APIS",
        blocking: true,
        rule: "LIFE-2",
        message:
          "LIFE-2: policy/v1beta1 PodSecurityPolicy is still used 4 times and is removed in 1.15; migrate before upgrading to 1.15.11",
      },
    ]);
  });

  it("LIFE-2 quota: every pool's surge nodes must fit its zones (blue-green needs a whole green pool)", () => {
    const facts = userCluster({
      workerPools: "STRATEGY",
      pools: [
        workerPool("np-a", { a: 3 }, "1.14.3", {
          upgradeStrategy: { type: "SURGE", maxSurge: 2, maxUnavailable: 0 },
          freeCapacity: { a: { nodes: 2, limitedBy: "NODES" } },
        }),
        workerPool("np-b", { a: 3 }, "1.14.3", {
          upgradeStrategy: { type: "BLUE_GREEN" },
          machineType: "n2-highcpu-16",
          freeCapacity: { a: { nodes: 2, limitedBy: "CPU" } },
        }),
      ],
    });
    const result = preflight(facts, "1.15.11", T0);
    expect(result.findings.map((f) => f.message)).toEqual([
      "LIFE-2: pool np-b needs 3 surge nodes in a but only 2 fit the zone's CPU quota",
    ]);
  });

  it("LIFE-2 LIFE-3 quota: pools of one machine type upgrade side by side, so their surge nodes add up", () => {
    const room = { a: { nodes: 1, limitedBy: "NODES" as const } };
    const facts = userCluster({
      workerPools: "STRATEGY",
      pools: [
        workerPool("np-a", { a: 3 }, "1.14.3", { freeCapacity: room }),
        workerPool("np-b", { a: 3 }, "1.14.3", { freeCapacity: room }),
        workerPool("np-c", { a: 3 }, "1.14.3", {
          freeCapacity: room,
          machineType: "n2-standard-8",
        }),
      ],
    });
    expect(preflight(facts, "1.15.11", T0).findings.map((f) => f.message)).toEqual([
      "NUP-6: pools np-a, np-b side by side need 2 surge nodes in a but only 1 fit the zone's node quota (with its reservations); the upgrade starts and those nodes wait until capacity is available",
    ]);
  });

  it("NUP-6 a surge pool short of quota does not block the upgrade: the finding warns, naming the rule, and the preflight passes", () => {
    const facts = userCluster({
      workerPools: "STRATEGY",
      pools: [
        workerPool("np-a", { a: 3 }, "1.14.3", {
          freeCapacity: { a: { nodes: 0, limitedBy: "NODES" } },
        }),
      ],
    });
    const result = preflight(facts, "1.15.11", T0);
    expect(result.passed).toBe(true);
    expect(result.findings).toEqual([
      {
        check: "SURGE_QUOTA",
        blocking: false,
        rule: "NUP-6",
        message:
          "NUP-6: pool np-a needs 1 surge nodes in a but only 0 fit the zone's node quota (with its reservations); the upgrade starts and those nodes wait until capacity is available",
      },
    ]);
  });

  it("LIFE-2 LIFE-3 bare-metal pools upgraded in place (the default) create no surge machine, so no quota can block them", () => {
    const room = { a: { nodes: 0, limitedBy: "NODES" as const } };
    const facts = userCluster({
      pools: [workerPool("np-a", { a: 3 }, "1.14.3", { freeCapacity: room })],
    });
    const result = preflight(facts, "1.15.11", T0);
    expect(result.findings.filter((f) => f.check === "SURGE_QUOTA")).toEqual([]);
    expect(result.passed).toBe(true);
    const byStrategy = preflight({ ...facts, workerPools: "STRATEGY" }, "1.15.11", T0);
    expect(byStrategy.findings.map((f) => f.check)).toEqual(["SURGE_QUOTA"]);
  });

  it("LIFE-2 failing node or network diagnostics from the provider block", () => {
    const result = preflight(
      userCluster({
        diagnostics: [
          { check: "NODE_DIAGNOSTICS", passed: true, message: "nodes ok" },
          {
            check: "NETWORK_DIAGNOSTICS",
            passed: false,
            message: "10.0.0.4 cannot reach the API VIP",
          },
        ],
      }),
      "1.15.11",
      T0,
    );
    expect(result.passed).toBe(false);
    expect(result.findings).toEqual([
      {
        check: "NETWORK_DIAGNOSTICS",
        blocking: true,
        rule: "LIFE-2",
        message: "LIFE-2: 10.0.0.4 cannot reach the API VIP",
      },
    ]);
  });

  it("LIFE-2 a blocking finding refuses the upgrade before anything changes, naming every blocker", () => {
    const facts = userCluster({
      diagnostics: [
        { check: "NODE_DIAGNOSTICS", passed: false, message: "node cp-1 disk pressure" },
      ],
      deprecatedApis: [{ api: "extensions/v1beta1 Ingress", removedIn: "1.15", uses: 1 }],
    });
    const started = startClusterUpgrade(request(facts), T0);
    expect(started.ok).toBe(false);
    if (started.ok) return;
    expect(started.error.rule).toBe("LIFE-2");
    expect(started.error.detail).toContain("extensions/v1beta1 Ingress");
    expect(started.error.detail).toContain("node cp-1 disk pressure");
  });

  it("LIFE-2 a RUN_PREFLIGHT answer becomes a provider diagnostic for the preflight facts", () => {
    const failed = diagnosticFromAnswer({
      type: "COMMAND_FAILED",
      commandId: "pf-1:preflight:1",
      at: T0,
      reason: "PREFLIGHT_BLOCKED",
      message: "node cp-1 disk pressure",
    });
    const result = preflight(userCluster({ diagnostics: failed ? [failed] : [] }), "1.15.11", T0);
    expect(result.findings).toEqual([
      {
        check: "PROVIDER_DIAGNOSTICS",
        blocking: true,
        rule: "LIFE-2",
        message: "LIFE-2: node cp-1 disk pressure",
      },
    ]);
    const passed = diagnosticFromAnswer({
      type: "COMMAND_SUCCEEDED",
      commandId: "pf-1:preflight:1",
      at: T0,
    });
    expect(
      preflight(userCluster({ diagnostics: passed ? [passed] : [] }), "1.15.11", T0).passed,
    ).toBe(true);
  });
});
