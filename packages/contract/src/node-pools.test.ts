import { describe, expect, it } from "vitest";
import { Autoscaling, NodePoolInput, UpgradeStrategy } from "./node-pools.ts";

const pool = {
  machineType: "e2-standard-4",
  zones: ["europe-west1-b", "europe-west1-c"],
  nodeCount: 3,
  version: "1.21.14-gke.4300",
  nodeImage: "cos-1.21.14-gke.4300",
};

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe("node pool input", () => {
  it("fills SPEC defaults: 110 pods per node, not spot, no strategy", () => {
    expect(NodePoolInput.parse(pool)).toEqual({
      ...pool,
      maxPodsPerNode: 110,
      spot: false,
      flexStart: false,
      queuedProvisioning: false,
      autopilotManaged: false,
      localSsd: false,
    });
  });

  it("rejects unknown fields at every level", () => {
    expect(NodePoolInput.safeParse({ ...pool, replicas: 3 }).success).toBe(false);
    expect(
      NodePoolInput.safeParse({ ...pool, upgradeStrategy: { type: "SURGE", surge: 2 } }).success,
    ).toBe(false);
    expect(
      NodePoolInput.safeParse({ ...pool, tpu: { topology: "2x2", multiHost: false, x: 1 } })
        .success,
    ).toBe(false);
  });

  it("bounds nodeCount per zone to 0..1000 and needs distinct zones", () => {
    expect(NodePoolInput.safeParse({ ...pool, nodeCount: 0 }).success).toBe(true);
    expect(NodePoolInput.safeParse({ ...pool, nodeCount: 1001 }).success).toBe(false);
    expect(NodePoolInput.safeParse({ ...pool, nodeCount: 1.5 }).success).toBe(false);
    expect(NodePoolInput.safeParse({ ...pool, zones: [] }).success).toBe(false);
    expect(NodePoolInput.safeParse({ ...pool, zones: ["a", "a"] }).success).toBe(false);
  });

  it("VER-1 quotes a version that is not MAJOR.MINOR.PATCH[-word.N]", () => {
    const result = NodePoolInput.safeParse({ ...pool, version: "1.21" });
    expect(messages(result)).toEqual([expect.stringContaining('"1.21"')]);
    expect(NodePoolInput.safeParse({ ...pool, version: "1.21.14-gke.4300" }).success).toBe(true);
  });

  it("CA-10 refuses BALANCED location policy for flex-start pools", () => {
    const autoscaling = { enabled: true, locationPolicy: "BALANCED" };
    expect(NodePoolInput.safeParse({ ...pool, autoscaling }).success).toBe(true);
    const result = NodePoolInput.safeParse({ ...pool, flexStart: true, autoscaling });
    expect(messages(result)).toEqual([expect.stringMatching(/^CA-10:/)]);
  });

  it("NUP-10 autoscaled blue-green needs autoscaling enabled", () => {
    const upgradeStrategy = { type: "AUTOSCALED_BLUE_GREEN" };
    expect(messages(NodePoolInput.safeParse({ ...pool, upgradeStrategy }))).toEqual([
      expect.stringMatching(/^NUP-10:/),
    ]);
    expect(
      NodePoolInput.safeParse({ ...pool, upgradeStrategy, autoscaling: { enabled: true } }).success,
    ).toBe(true);
  });
});

describe("upgrade strategy", () => {
  it("NUP-2 maxSurge and maxUnavailable both zero is rejected", () => {
    const result = UpgradeStrategy.safeParse({ maxSurge: 0, maxUnavailable: 0 });
    expect(messages(result)).toEqual(["NUP-2: maxSurge and maxUnavailable cannot both be 0"]);
    expect(result.error?.issues[0]?.path).toEqual(["maxSurge"]);
    expect(UpgradeStrategy.safeParse({ maxSurge: 0, maxUnavailable: 1 }).success).toBe(true);
  });

  it("NUP-2 defaults are maxSurge 1 and maxUnavailable 0; NUP-8/NUP-10 soak and wait defaults", () => {
    expect(UpgradeStrategy.parse({})).toEqual({
      type: "SURGE",
      maxSurge: 1,
      maxUnavailable: 0,
      batchSoakSeconds: 0,
      nodePoolSoakSeconds: 3600,
      waitSeconds: 259_200,
    });
  });

  it("NUP-8 a batch or node-pool soak above 7 days is accepted: only their total is capped, when the upgrade runs", () => {
    const long = {
      type: "BLUE_GREEN",
      batchSoakSeconds: 10 * 86_400,
      nodePoolSoakSeconds: 604_801,
    };
    expect(UpgradeStrategy.safeParse(long).success).toBe(true);
    expect(UpgradeStrategy.safeParse({ nodePoolSoakSeconds: -1 }).success).toBe(false);
  });

  it("NUP-10 waitSeconds is 0..7 days", () => {
    expect(UpgradeStrategy.safeParse({ waitSeconds: 604_800 }).success).toBe(true);
    expect(UpgradeStrategy.safeParse({ waitSeconds: 604_801 }).success).toBe(false);
    expect(UpgradeStrategy.safeParse({ waitSeconds: -1 }).success).toBe(false);
  });

  it("NUP-8 batch size is batchNodeCount or batchPercent in 0..1, not both", () => {
    expect(UpgradeStrategy.safeParse({ type: "BLUE_GREEN", batchPercent: 0.25 }).success).toBe(
      true,
    );
    expect(UpgradeStrategy.safeParse({ type: "BLUE_GREEN", batchPercent: 1.5 }).success).toBe(
      false,
    );
    expect(
      UpgradeStrategy.safeParse({ type: "BLUE_GREEN", batchPercent: 0.2, batchNodeCount: 2 })
        .success,
    ).toBe(false);
  });

  it("spells the strategy types exactly as API.md", () => {
    for (const type of ["SURGE", "BLUE_GREEN", "AUTOSCALED_BLUE_GREEN", "SHORT_LIVED"]) {
      expect(UpgradeStrategy.safeParse({ type }).success).toBe(true);
    }
    expect(UpgradeStrategy.safeParse({ type: "surge" }).success).toBe(false);
  });
});

describe("autoscaling", () => {
  it("CA-1 limits are per zone or total, min not above max", () => {
    // CA-11 (seed 001): the profile is the cluster's (`clusters update --autoscaling-profile`),
    // so a pool without one no longer defaults to balanced: the cluster's applies.
    const parsed = Autoscaling.parse({ enabled: true, minNodes: 1, maxNodes: 4 });
    expect(parsed).toMatchObject({ minNodes: 1, maxNodes: 4 });
    expect(parsed.profile).toBeUndefined();
    expect(Autoscaling.safeParse({ enabled: true, minNodes: 5, maxNodes: 4 }).success).toBe(false);
    expect(
      Autoscaling.safeParse({ enabled: true, totalMinNodes: 3, totalMaxNodes: 12 }).success,
    ).toBe(true);
    expect(Autoscaling.safeParse({ enabled: true, minNodes: 1, totalMaxNodes: 12 }).success).toBe(
      false,
    );
  });

  it("CA-11 profiles are balanced and optimize-utilization", () => {
    expect(Autoscaling.safeParse({ enabled: true, profile: "optimize-utilization" }).success).toBe(
      true,
    );
    expect(Autoscaling.safeParse({ enabled: true, profile: "aggressive" }).success).toBe(false);
  });
});
