import { describe, expect, it } from "vitest";
import { checkUpgradePath } from "./upgrade-path.ts";

function kindOf(current: string, target: string) {
  const result = checkUpgradePath(current, target);
  return result.ok ? result.value.kind : result.error;
}

describe("checkUpgradePath", () => {
  it("VER-3 seed 003: patch upgrades 1.14.0 → 1.14.1 → 1.14.3", () => {
    expect(kindOf("1.14.0", "1.14.1")).toBe("PATCH");
    expect(kindOf("1.14.1", "1.14.3")).toBe("PATCH");
  });

  it("VER-3 allows any higher patch of the same minor in one step (1.15.X → 1.15.Y, Y > X)", () => {
    expect(kindOf("1.15.0", "1.15.11")).toBe("PATCH");
  });

  it("VER-3 a newer GKE build of the same patch is a patch upgrade (1.21.14-gke.900 → 1.21.14-gke.4300)", () => {
    expect(kindOf("1.21.14-gke.900", "1.21.14-gke.4300")).toBe("PATCH");
    expect(kindOf("1.21.3-gke.100", "1.21.14-gke.4300")).toBe("PATCH");
  });

  it("VER-4 seed 003: 1.14.3 → 1.15.11 and 1.14.2 → 1.15.11 go to the next minor at any patch", () => {
    expect(kindOf("1.14.3", "1.15.11")).toBe("MINOR");
    expect(kindOf("1.14.2", "1.15.11")).toBe("MINOR");
    expect(kindOf("1.20.15-gke.100", "1.21.14-gke.4300")).toBe("MINOR");
  });

  it("VER-4 rejects skipping a minor (1.13.0 → 1.15.0)", () => {
    expect(kindOf("1.13.0", "1.15.0")).toEqual({
      rule: "VER-4",
      kind: "refused",
      detail: "VER-4: 1.13.0 → 1.15.0 skips minor 1.14",
    });
  });

  it("VER-4 names every skipped minor when several are skipped", () => {
    expect(kindOf("1.20.1", "1.24.5-gke.600")).toMatchObject({
      kind: "refused",
      detail: "VER-4: 1.20.1 → 1.24.5-gke.600 skips minors 1.21 to 1.23",
    });
  });

  it("VER-4 refuses a major change: the next minor of 1.29 is 1.30, not 2.0", () => {
    expect(kindOf("1.29.3", "2.0.0")).toMatchObject({
      rule: "VER-4",
      kind: "refused",
      detail: "VER-4: 1.29.3 → 2.0.0 changes the major version",
    });
  });

  it("VER-2 refuses a downgrade to a lower minor, patch or build", () => {
    for (const [current, target] of [
      ["1.22.3", "1.21.0"],
      ["1.14.3", "1.14.1"],
      ["1.21.14-gke.4300", "1.21.14-gke.900"],
      ["1.21.14-gke.1", "1.21.14"],
    ] as const) {
      expect(kindOf(current, target)).toMatchObject({ rule: "VER-2", kind: "refused" });
    }
    expect(kindOf("1.22.3", "1.21.0")).toMatchObject({
      detail: "VER-2: 1.21.0 is below the current 1.22.3; clusters cannot be downgraded",
    });
  });

  it("VER-2 a downgrade that also skips minors is reported as a downgrade", () => {
    expect(kindOf("1.24.0", "1.20.0")).toMatchObject({ rule: "VER-2" });
  });

  it("VER-3 setting the version the cluster already has is an allowed no-op", () => {
    expect(kindOf("1.21.14-gke.4300", "1.21.14-gke.4300")).toBe("NO_OP");
  });

  it("VER-1 an unparseable current or target is a 400 quoting it", () => {
    expect(kindOf("1.21", "1.21.14")).toMatchObject({ rule: "VER-1", kind: "malformed" });
    expect(kindOf("1.21.3", "latest")).toMatchObject({
      rule: "VER-1",
      kind: "malformed",
      detail: expect.stringContaining('"latest"'),
    });
  });
});
