import { describe, expect, it } from "vitest";
import { ClusterInput } from "./clusters.ts";
import { ClusterLabelKey, ClusterLabels, ClusterLabelValue } from "./common.ts";
import { Maintenance, MaintenanceWindow } from "./maintenance.ts";

const cluster = {
  fleet: "prod",
  role: "standalone",
  region: "europe-west1",
  releaseChannel: "REGULAR",
  version: "1.21.14-gke.4300",
};

describe("cluster input", () => {
  it("fills defaults and keeps what API.md names", () => {
    expect(ClusterInput.parse(cluster)).toEqual({
      ...cluster,
      scopes: [],
      autopilot: false,
      deprecatedApiUsage: false,
    });
  });

  it("rejects unknown fields, also inside maintenance", () => {
    expect(ClusterInput.safeParse({ ...cluster, channel: "RAPID" }).success).toBe(false);
    expect(
      ClusterInput.safeParse({ ...cluster, maintenance: { windows: [], exclusions: [], x: 1 } })
        .success,
    ).toBe(false);
  });

  it("spells roles and channels exactly as API.md", () => {
    for (const role of ["admin", "user", "hybrid", "standalone"]) {
      expect(ClusterInput.safeParse({ ...cluster, role }).success).toBe(true);
    }
    expect(ClusterInput.safeParse({ ...cluster, role: "ADMIN" }).success).toBe(false);
    expect(ClusterInput.safeParse({ ...cluster, releaseChannel: "rapid" }).success).toBe(false);
  });

  it("names must be DNS labels", () => {
    expect(ClusterInput.safeParse({ ...cluster, fleet: "Prod" }).success).toBe(false);
    expect(ClusterInput.safeParse({ ...cluster, fleet: "-prod" }).success).toBe(false);
    expect(ClusterInput.safeParse({ ...cluster, fleet: "a".repeat(64) }).success).toBe(false);
    expect(ClusterInput.safeParse({ ...cluster, scopes: ["a", "a"] }).success).toBe(false);
  });

  it("LIFE-1 only a user cluster names its admin cluster", () => {
    expect(ClusterInput.safeParse({ ...cluster, role: "user", adminCluster: "adm" }).success).toBe(
      true,
    );
    const result = ClusterInput.safeParse({ ...cluster, role: "hybrid", adminCluster: "adm" });
    expect(result.error?.issues[0]?.path).toEqual(["adminCluster"]);
  });
});

describe("cluster labels", () => {
  const messages = (input: unknown) =>
    ClusterLabels.safeParse(input).error?.issues.map((issue) => [issue.path, issue.message]);

  it("SEQ-16 keys are Kubernetes label keys: [DNS-subdomain prefix /] name of 1-63", () => {
    for (const key of [
      "canary",
      "a",
      "A_b.c-9",
      "example.com/tier",
      "kubernetes.io/arch",
      `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}/${"n".repeat(63)}`,
    ]) {
      expect(ClusterLabelKey.safeParse(key).success, key).toBe(true);
    }
    for (const key of [
      "",
      "-bad",
      "bad-",
      "_x",
      "a b",
      "n".repeat(64),
      "/name",
      "example.com/",
      "a/b/c",
      "Example.com/tier",
      "-example.com/tier",
      "example..com/tier",
      `${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(62)}/n`,
    ]) {
      expect(ClusterLabelKey.safeParse(key).success, key).toBe(false);
    }
  });

  it("SEQ-16 values are empty or 1-63 characters shaped like a name", () => {
    for (const value of ["", "true", "v1.2_3-x", "v".repeat(63)]) {
      expect(ClusterLabelValue.safeParse(value).success, value).toBe(true);
    }
    for (const value of ["v".repeat(64), "-x", "x.", "a/b", "a b"]) {
      expect(ClusterLabelValue.safeParse(value).success, value).toBe(false);
    }
  });

  it("SEQ-16 errors name the offending key, and a cluster takes at most 64 labels", () => {
    expect(messages({ "-bad": "x" })).toEqual([
      [["-bad"], expect.stringMatching(/^label key "-bad": name "-bad" must be 1 to 63/)],
    ]);
    expect(messages({ "a/b/c": "x" })).toEqual([
      [["a/b/c"], `label key "a/b/c" has more than one '/'`],
    ]);
    expect(messages({ "Bad.io/x": "x" })).toEqual([
      [["Bad.io/x"], expect.stringContaining('prefix "Bad.io" is not a DNS subdomain')],
    ]);
    expect(messages({ tier: "v".repeat(64) })).toEqual([
      [["tier"], expect.stringMatching(/^label value "v{64}" must be empty or 1 to 63/)],
    ]);
    const many = (n: number) =>
      Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, ""]));
    expect(ClusterLabels.safeParse(many(64)).success).toBe(true);
    expect(messages(many(65))).toEqual([[[], "at most 64 labels, not 65"]]);
  });

  it("SEQ-16 a cluster's labels are optional and kept as given", () => {
    const labels = { canary: "true", "example.com/tier": "" };
    expect(ClusterInput.parse({ ...cluster, labels }).labels).toEqual(labels);
    expect(ClusterInput.parse(cluster).labels).toBeUndefined();
    expect(ClusterInput.safeParse({ ...cluster, labels: { canary: true } }).success).toBe(false);
    expect(ClusterInput.safeParse({ ...cluster, labels: ["canary"] }).success).toBe(false);
  });
});

describe("maintenance", () => {
  const window = { start: "02:00", durationSeconds: 14_400, days: ["SAT", "SUN"] };

  it("MW-1 windows are HH:MM, a duration and days, in an IANA time zone", () => {
    expect(MaintenanceWindow.safeParse(window).success).toBe(true);
    expect(MaintenanceWindow.safeParse({ ...window, timeZone: "Europe/Berlin" }).success).toBe(
      true,
    );
    expect(MaintenanceWindow.safeParse({ ...window, timeZone: "Mars/Olympus" }).success).toBe(
      false,
    );
    expect(MaintenanceWindow.safeParse({ ...window, start: "24:00" }).success).toBe(false);
    expect(MaintenanceWindow.safeParse({ ...window, start: "2:00" }).success).toBe(false);
    expect(MaintenanceWindow.safeParse({ ...window, days: [] }).success).toBe(false);
    expect(MaintenanceWindow.safeParse({ ...window, days: ["SAT", "SAT"] }).success).toBe(false);
    expect(MaintenanceWindow.safeParse({ ...window, days: ["Saturday"] }).success).toBe(false);
    expect(MaintenanceWindow.safeParse({ ...window, durationSeconds: 0 }).success).toBe(false);
  });

  it("MW-2 exclusions are RFC 3339 ranges with a scope, end after start", () => {
    const exclusion = {
      start: "2022-12-20T00:00:00Z",
      end: "2023-01-02T00:00:00+01:00",
      scope: "MINOR",
    };
    expect(Maintenance.parse({ exclusions: [exclusion] })).toEqual({
      windows: [],
      exclusions: [exclusion],
    });
    const backwards = { ...exclusion, end: "2022-12-19T00:00:00Z" };
    expect(Maintenance.safeParse({ exclusions: [backwards] }).success).toBe(false);
    expect(Maintenance.safeParse({ exclusions: [{ ...exclusion, scope: "NODE" }] }).success).toBe(
      false,
    );
    expect(
      Maintenance.safeParse({ exclusions: [{ ...exclusion, start: "yesterday" }] }).success,
    ).toBe(false);
  });
});
