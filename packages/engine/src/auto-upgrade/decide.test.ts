import { describe, expect, it } from "vitest";
import type { Candidate } from "../update-run/create.ts";
import type { Availability } from "../update-run/types.ts";
import { decideAutoUpgradeProfile } from "./decide.ts";
import type { AutoUpgradeProfileSpec, ProfileFacts } from "./types.ts";

// The catalogue: with 1.19 the newest minor, Stable is 1.18.6 and Rapid 1.19.1.
const CATALOGUE = ["1.17.9", "1.18.4", "1.18.6", "1.19.1"];
const NO_IMAGES: Availability = { versionRegions: {}, nodeImages: [] };
const STRATEGY = { stages: [{ name: "all", groups: [{ name: "canary" }, { name: "prod" }] }] };

function member(
  cluster: string,
  version: string,
  group = "prod",
  nodeImage = "cos-105",
): Candidate {
  return {
    updateGroup: group,
    facts: { cluster, region: "eu", version, pools: [{ name: "np", nodeImage }] },
  };
}

function facts(
  profile: Partial<AutoUpgradeProfileSpec>,
  candidates: Candidate[],
  extra: Partial<ProfileFacts> = {},
): ProfileFacts {
  return {
    profile: {
      strategy: "rings",
      channel: "Stable",
      nodeImageSelection: "Latest",
      disabled: false,
      ...profile,
    },
    strategy: STRATEGY,
    candidates,
    catalogue: CATALOGUE,
    availability: NO_IMAGES,
    ...extra,
  };
}

describe("decideAutoUpgradeProfile", () => {
  it("EXT-5 Stable: a member on 1.17.7 with 1.17.9, 1.18.4, 1.18.6, 1.19.1 published goes to 1.18.6", () => {
    expect(decideAutoUpgradeProfile(facts({}, [member("a", "1.17.7")]))).toEqual({
      kind: "GENERATE",
      goal: { type: "Full", kubernetesVersion: "1.18.6", nodeImageSelection: "Latest" },
      key: "Full:1.18.6",
      members: ["a"],
    });
  });

  it("EXT-5 Rapid: the latest patch of the newest minor, 1.19.1, for a member on 1.18.4", () => {
    const decision = decideAutoUpgradeProfile(facts({ channel: "Rapid" }, [member("a", "1.18.4")]));
    expect(decision).toMatchObject({ kind: "GENERATE", key: "Full:1.19.1", members: ["a"] });
  });

  it("EXT-5 Rapid never jumps two minors: a member on 1.17.7 goes to 1.18.6, not 1.19.1", () => {
    const decision = decideAutoUpgradeProfile(facts({ channel: "Rapid" }, [member("a", "1.17.7")]));
    expect(decision).toMatchObject({ kind: "GENERATE", key: "Full:1.18.6", members: ["a"] });
  });

  it("EXT-5 the laggards step first: 1.16.3 takes 1.17.9 while the 1.17.7 member waits for the next run", () => {
    const decision = decideAutoUpgradeProfile(
      facts({ channel: "Stable" }, [member("a", "1.17.7"), member("old", "1.16.3")], {
        catalogue: ["1.16.3", ...CATALOGUE],
      }),
    );
    expect(decision).toMatchObject({ kind: "GENERATE", key: "Full:1.17.9", members: ["old"] });
  });

  it("EXT-5 a member already at or above the target is not eligible; every member there holds with the reason", () => {
    const decision = decideAutoUpgradeProfile(
      facts({}, [member("a", "1.18.6"), member("b", "1.19.1")]),
    );
    expect(decision).toEqual({
      kind: "HOLD",
      reason: "EXT-5: every member already runs 1.18.6 or newer",
    });
    const mixed = decideAutoUpgradeProfile(
      facts({}, [member("a", "1.18.6"), member("b", "1.18.4")]),
    );
    expect(mixed).toMatchObject({ kind: "GENERATE", members: ["b"] });
  });

  it("EXT-5 Stable with one published minor has no target", () => {
    const decision = decideAutoUpgradeProfile(
      facts({}, [member("a", "1.19.0")], { catalogue: ["1.19.0", "1.19.1"] }),
    );
    expect(decision).toMatchObject({
      kind: "HOLD",
      reason: expect.stringMatching(/^EXT-5: Stable/),
    });
  });

  it("EXT-5 a member two minors behind with no next minor published is stuck, with the reason", () => {
    const decision = decideAutoUpgradeProfile(
      facts({ channel: "Rapid" }, [member("a", "1.17.7")], { catalogue: ["1.17.9", "1.19.1"] }),
    );
    expect(decision).toEqual({
      kind: "HOLD",
      reason:
        "EXT-5: cluster a on 1.17.7 is more than one minor behind 1.19.1 and no 1.18 is published",
    });
  });

  it("EXT-5 TargetKubernetesVersion: a Full run to the named version", () => {
    const decision = decideAutoUpgradeProfile(
      facts({ channel: "TargetKubernetesVersion", targetKubernetesVersion: "1.18.4" }, [
        member("a", "1.17.7"),
      ]),
    );
    expect(decision).toMatchObject({ kind: "GENERATE", key: "Full:1.18.4" });
  });

  it("EXT-5 TargetKubernetesVersion no longer published holds with VER-6", () => {
    const decision = decideAutoUpgradeProfile(
      facts({ channel: "TargetKubernetesVersion", targetKubernetesVersion: "1.18.5" }, [
        member("a", "1.17.7"),
      ]),
    );
    expect(decision).toMatchObject({ kind: "HOLD", reason: expect.stringMatching(/^VER-6: /) });
  });

  it("EXT-5 a disabled profile generates nothing", () => {
    const decision = decideAutoUpgradeProfile(facts({ disabled: true }, [member("a", "1.17.7")]));
    expect(decision).toEqual({ kind: "HOLD", reason: "EXT-5: the profile is disabled" });
  });

  it("EXT-5 one generated run per profile at a time: a Running last run holds, a NotStarted one is started", () => {
    const running = decideAutoUpgradeProfile(
      facts({}, [member("a", "1.17.7")], {
        lastRun: { name: "p-1-18-6-1", state: "Running", goalKey: "Full:1.18.6" },
      }),
    );
    expect(running).toEqual({
      kind: "HOLD",
      reason: "EXT-5: generated run p-1-18-6-1 is Running; one generated run per profile at a time",
    });
    for (const state of ["Pending", "Stopping", "Stopped", "Creating"] as const) {
      const held = decideAutoUpgradeProfile(
        facts({}, [member("a", "1.17.7")], { lastRun: { name: "r", state } }),
      );
      expect(held.kind, state).toBe("HOLD");
    }
    const notStarted = decideAutoUpgradeProfile(
      facts({}, [member("a", "1.17.7")], { lastRun: { name: "r", state: "NotStarted" } }),
    );
    expect(notStarted).toEqual({ kind: "START", run: "r" });
  });

  it("EXT-5 after a Completed run a member that missed it is caught up; a gone run does not hold", () => {
    for (const state of ["Completed", "Gone"] as const) {
      const decision = decideAutoUpgradeProfile(
        facts({}, [member("late", "1.17.7")], {
          lastRun: { name: "r", state, goalKey: "Full:1.18.6" },
        }),
      );
      expect(decision).toMatchObject({ kind: "GENERATE", members: ["late"] });
    }
  });

  it("EXT-5 a goal whose generated run Failed is not generated again; a newer target is", () => {
    const lastRun = { name: "r", state: "Failed" as const, goalKey: "Full:1.18.6" };
    const again = decideAutoUpgradeProfile(facts({}, [member("a", "1.17.7")], { lastRun }));
    expect(again).toMatchObject({
      kind: "HOLD",
      reason: expect.stringMatching(/^EXT-5: .*Failed/),
    });
    const newer = decideAutoUpgradeProfile(
      facts({}, [member("a", "1.17.7")], { lastRun, catalogue: [...CATALOGUE, "1.18.7"] }),
    );
    expect(newer).toMatchObject({ kind: "GENERATE", key: "Full:1.18.7" });
  });

  it("EXT-5 only members in a group of the profile's strategy are generated for", () => {
    const decision = decideAutoUpgradeProfile(
      facts({}, [member("a", "1.17.7", "elsewhere"), member("b", "1.17.7", "canary")]),
    );
    expect(decision).toMatchObject({ kind: "GENERATE", members: ["b"] });
    const none = decideAutoUpgradeProfile(facts({}, [member("a", "1.17.7", "elsewhere")]));
    expect(none).toMatchObject({
      kind: "HOLD",
      reason: expect.stringMatching(/^EXT-5: no cluster/),
    });
    const gone = decideAutoUpgradeProfile(
      facts({}, [member("a", "1.17.7")], { strategy: undefined }),
    );
    expect(gone).toEqual({
      kind: "HOLD",
      reason: "EXT-5: update strategy rings does not exist in the fleet",
    });
  });

  describe("NodeImage", () => {
    const availability: Availability = {
      versionRegions: {},
      nodeImages: [
        { version: "cos-105", regions: ["eu", "us"] },
        { version: "cos-110", regions: ["eu"] },
      ],
    };

    it("EXT-5 NodeImage: a NodeImageOnly run when a newer image than members run is published in their region", () => {
      const decision = decideAutoUpgradeProfile(
        facts(
          { channel: "NodeImage" },
          [member("a", "1.18.6"), member("b", "1.18.6", "prod", "cos-110")],
          {
            availability,
          },
        ),
      );
      expect(decision).toEqual({
        kind: "GENERATE",
        goal: { type: "NodeImageOnly", nodeImageSelection: "Latest" },
        key: "NodeImageOnly:cos-110",
        members: ["a"],
      });
    });

    it("EXT-5 NodeImage: nothing newer in the member's region holds with the reason", () => {
      const us: Candidate = {
        updateGroup: "prod",
        facts: {
          cluster: "u",
          region: "us",
          version: "1.18.6",
          pools: [{ name: "np", nodeImage: "cos-105" }],
        },
      };
      expect(
        decideAutoUpgradeProfile(facts({ channel: "NodeImage" }, [us], { availability })),
      ).toEqual({
        kind: "HOLD",
        reason: "EXT-5: no member has a newer node image published in its region",
      });
    });

    it("EXT-5 NodeImage Consistent: only an image common to the members' regions counts", () => {
      const us: Candidate = {
        updateGroup: "prod",
        facts: {
          cluster: "u",
          region: "us",
          version: "1.18.6",
          pools: [{ name: "np", nodeImage: "cos-105" }],
        },
      };
      const decision = decideAutoUpgradeProfile(
        facts(
          { channel: "NodeImage", nodeImageSelection: "Consistent" },
          [member("a", "1.18.6"), us],
          {
            availability,
          },
        ),
      );
      expect(decision.kind).toBe("HOLD");
    });
  });
});
