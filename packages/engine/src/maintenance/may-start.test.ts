import { describe, expect, it } from "vitest";
import { parseRfc3339, toRfc3339 } from "../time/instant.ts";
import type { Maintenance } from "./maintenance.ts";
import { mayStartAutomaticUpgrade } from "./may-start.ts";

const at = (text: string) => parseRfc3339(text)!;

// Seed 000: the community bank upgrades only after business hours (here: weeknights
// 19:00–06:00 in Jakarta) and freezes upgrades with an exclusion while it investigates.
const bank: Maintenance = {
  windows: [
    {
      start: "19:00",
      durationSeconds: 11 * 3600,
      days: ["MON", "TUE", "WED", "THU", "FRI"],
      timeZone: "Asia/Jakarta",
    },
  ],
  exclusions: [],
};

describe("mayStartAutomaticUpgrade", () => {
  it("MW-1 seed 000: during the bank's business hours no automatic upgrade starts", () => {
    // Wednesday 10:00 WIB.
    expect(mayStartAutomaticUpgrade(bank, at("2022-06-01T10:00:00+07:00"), "PATCH")).toEqual({
      allowed: false,
      rule: "MW-1",
      reason: "MW-1: outside the maintenance windows; next opening 2022-06-01T12:00:00.000Z",
      nextOpen: at("2022-06-01T19:00:00+07:00"),
    });
  });

  it("MW-1 seed 000: after hours the upgrade starts and learns when the window closes", () => {
    const decision = mayStartAutomaticUpgrade(bank, at("2022-06-01T22:00:00+07:00"), "MINOR");
    expect(decision.allowed).toBe(true);
    if (decision.allowed) {
      expect(toRfc3339(decision.window!.end)).toBe("2022-06-01T23:00:00.000Z"); // 06:00 WIB
    }
  });

  it("MW-1 Friday night's window runs into Saturday, but Saturday night has none", () => {
    expect(mayStartAutomaticUpgrade(bank, at("2022-06-04T03:00:00+07:00"), "NODE").allowed).toBe(
      true,
    );
    expect(mayStartAutomaticUpgrade(bank, at("2022-06-04T20:00:00+07:00"), "NODE")).toMatchObject({
      allowed: false,
      rule: "MW-1",
      nextOpen: at("2022-06-06T19:00:00+07:00"),
    });
  });

  it("MW-1 no maintenance configured: automatic upgrades may start at any time", () => {
    expect(mayStartAutomaticUpgrade(undefined, at("2022-06-01T10:00:00Z"), "MINOR")).toEqual({
      allowed: true,
      window: undefined,
    });
    expect(mayStartAutomaticUpgrade({ windows: [], exclusions: [] }, 0, "NODE").allowed).toBe(true);
  });

  it("MW-2 seed 000: the bank's exclusion holds every upgrade inside the window, citing MW-2", () => {
    const frozen: Maintenance = {
      ...bank,
      exclusions: [{ start: "2022-06-01T00:00:00Z", end: "2022-06-03T00:00:00Z", scope: "ALL" }],
    };
    expect(mayStartAutomaticUpgrade(frozen, at("2022-06-01T22:00:00+07:00"), "PATCH")).toEqual({
      allowed: false,
      rule: "MW-2",
      reason:
        "MW-2: PATCH upgrades are excluded from 2022-06-01T00:00:00Z to 2022-06-03T00:00:00Z (scope ALL); next opening 2022-06-03T12:00:00.000Z",
      // The exclusion ends at 07:00 WIB on Friday, after Thursday night's window closed at
      // 06:00: the next opening is Friday 19:00 WIB.
      nextOpen: at("2022-06-03T19:00:00+07:00"),
    });
  });

  it("MW-2 a MINOR_AND_NODE exclusion lets a control-plane patch start in the window", () => {
    const minorFreeze: Maintenance = {
      ...bank,
      exclusions: [
        { start: "2022-06-01T00:00:00Z", end: "2022-07-01T00:00:00Z", scope: "MINOR_AND_NODE" },
      ],
    };
    const night = at("2022-06-01T22:00:00+07:00");
    expect(mayStartAutomaticUpgrade(minorFreeze, night, "PATCH").allowed).toBe(true);
    expect(mayStartAutomaticUpgrade(minorFreeze, night, "NODE")).toMatchObject({ rule: "MW-2" });
    expect(mayStartAutomaticUpgrade(minorFreeze, night, "MINOR")).toMatchObject({
      rule: "MW-2",
      nextOpen: at("2022-07-01T19:00:00+07:00"),
    });
  });

  it("MW-2 an exclusion is reported even outside the window: it is the user's deliberate hold", () => {
    const frozen: Maintenance = {
      ...bank,
      exclusions: [{ start: "2022-06-01T00:00:00Z", end: "2022-06-02T00:00:00Z", scope: "MINOR" }],
    };
    expect(
      mayStartAutomaticUpgrade(frozen, at("2022-06-01T10:00:00+07:00"), "MINOR"),
    ).toMatchObject({
      rule: "MW-2",
    });
  });
});
