import { describe, expect, it } from "vitest";
import { autoUpgradeTarget } from "./auto-upgrade-target.ts";

// Seed 000: release 2022-R25, Regular channel.
const r25 = {
  "1.20": "1.21.14-gke.4300",
  "1.21": "1.21.14-gke.4300",
  "1.22": "1.23.8-gke.1900",
  "1.24": "1.24.5-gke.600",
};

describe("autoUpgradeTarget", () => {
  it("CH-1 seed 000: clusters on 1.20 and 1.21 are upgraded to 1.21.14-gke.4300", () => {
    expect(autoUpgradeTarget("1.20.15-gke.2500", r25)).toEqual({
      none: false,
      target: "1.21.14-gke.4300",
      kind: "MINOR",
    });
    expect(autoUpgradeTarget("1.21.12-gke.1700", r25)).toEqual({
      none: false,
      target: "1.21.14-gke.4300",
      kind: "PATCH",
    });
  });

  it("CH-1 seed 000: 1.22 goes to 1.23.8-gke.1900 and 1.24 to 1.24.5-gke.600", () => {
    expect(autoUpgradeTarget("1.22.11-gke.400", r25)).toMatchObject({ target: "1.23.8-gke.1900" });
    expect(autoUpgradeTarget("1.24.2-gke.100", r25)).toMatchObject({ target: "1.24.5-gke.600" });
  });

  it("CH-1 seed 000 release note: Regular moves 1.21 to 1.22.15-gke.1000", () => {
    expect(autoUpgradeTarget("1.21.14-gke.4300", { "1.21": "1.22.15-gke.1000" })).toEqual({
      none: false,
      target: "1.22.15-gke.1000",
      kind: "MINOR",
    });
  });

  it("CH-2 a cluster whose minor has no entry has no valid target (1.23 in 2022-R25)", () => {
    expect(autoUpgradeTarget("1.23.4-gke.100", r25)).toEqual({
      none: true,
      rule: "CH-2",
      reason: "CH-2: no auto-upgrade target for minor 1.23 (cluster at 1.23.4-gke.100)",
    });
  });

  it("CH-2 a target equal to the current version is no target", () => {
    expect(autoUpgradeTarget("1.21.14-gke.4300", r25)).toEqual({
      none: true,
      rule: "CH-2",
      reason:
        "CH-2: target 1.21.14-gke.4300 for minor 1.21 is equal to the current 1.21.14-gke.4300",
    });
  });

  it("CH-2 a target below the current version is no target (a cluster upgraded by hand past it)", () => {
    expect(autoUpgradeTarget("1.24.6-gke.1500", r25)).toEqual({
      none: true,
      rule: "CH-2",
      reason: "CH-2: target 1.24.5-gke.600 for minor 1.24 is below the current 1.24.6-gke.1500",
    });
  });

  it("CH-2 a target two minors ahead is no target; the reason cites VER-4", () => {
    expect(autoUpgradeTarget("1.20.1", { "1.20": "1.22.0" })).toEqual({
      none: true,
      rule: "VER-4",
      reason: "VER-4: 1.20.1 → 1.22.0 skips minor 1.21",
    });
  });

  it("CH-2 an unparseable current version or target is no target; the reason cites VER-1", () => {
    expect(autoUpgradeTarget("1.20", r25)).toMatchObject({ none: true, rule: "VER-1" });
    expect(autoUpgradeTarget("1.20.1", { "1.20": "next" })).toMatchObject({
      none: true,
      rule: "VER-1",
    });
  });

  it("CH-2 only the release's own entries count, not inherited properties", () => {
    const inherited = Object.create({ "1.20": "1.21.14-gke.4300" }) as Record<string, string>;
    expect(autoUpgradeTarget("1.20.1", inherited)).toMatchObject({ none: true, rule: "CH-2" });
  });
});
