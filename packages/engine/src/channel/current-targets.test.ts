import { describe, expect, it } from "vitest";
import type { ReleaseTargets } from "./current-targets.ts";
import { currentTargets } from "./current-targets.ts";

// Seed 000: release 2022-R25 on the Regular channel.
const r25: ReleaseTargets = {
  name: "2022-R25",
  channel: "REGULAR",
  targets: {
    "1.20": "1.21.14-gke.4300",
    "1.21": "1.21.14-gke.4300",
    "1.22": "1.23.8-gke.1900",
    "1.24": "1.24.5-gke.600",
  },
};

describe("currentTargets", () => {
  it("CH-1 seed 000: after 2022-R25 the Regular channel has the release's targets", () => {
    expect(currentTargets([r25], "REGULAR")).toEqual(r25.targets);
  });

  it("CH-1 a later release wins per minor and keeps the minors it does not mention", () => {
    const r26: ReleaseTargets = {
      name: "2022-R26",
      channel: "REGULAR",
      targets: { "1.24": "1.24.6-gke.1500", "1.25": "1.25.3-gke.800" },
    };
    // Given newest first: the order comes from the names, not from the list.
    expect(currentTargets([r26, r25], "REGULAR")).toEqual({
      "1.20": "1.21.14-gke.4300",
      "1.21": "1.21.14-gke.4300",
      "1.22": "1.23.8-gke.1900",
      "1.24": "1.24.6-gke.1500",
      "1.25": "1.25.3-gke.800",
    });
  });

  it("CH-1 2023-R1 is later than 2022-R26 (year first, then release number)", () => {
    const releases: ReleaseTargets[] = [
      { name: "2023-R1", channel: "RAPID", targets: { "1.24": "1.24.9-gke.100" } },
      { name: "2022-R26", channel: "RAPID", targets: { "1.24": "1.24.7-gke.200" } },
      { name: "2022-R3", channel: "RAPID", targets: { "1.24": "1.24.1-gke.1" } },
    ];
    expect(currentTargets(releases, "RAPID")).toEqual({ "1.24": "1.24.9-gke.100" });
  });

  it("CH-1 each channel only sees its own releases", () => {
    const stable: ReleaseTargets = {
      name: "2022-R30",
      channel: "STABLE",
      targets: { "1.22": "1.22.15-gke.1000" },
    };
    expect(currentTargets([r25, stable], "STABLE")).toEqual({ "1.22": "1.22.15-gke.1000" });
    expect(currentTargets([r25, stable], "RAPID")).toEqual({});
  });
});
