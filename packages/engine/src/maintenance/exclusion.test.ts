import { describe, expect, it } from "vitest";
import { parseRfc3339 } from "../time/instant.ts";
import type { ExclusionScope, MaintenanceExclusion, UpgradeKind } from "./exclusion.ts";
import { blockingExclusion, isExcluded, scopeBlocks, validateExclusion } from "./exclusion.ts";

const at = (text: string) => parseRfc3339(text)!;

const holidays = (scope: ExclusionScope): MaintenanceExclusion => ({
  start: "2022-12-20T00:00:00Z",
  end: "2023-01-05T00:00:00Z",
  scope,
});

describe("exclusion scopes", () => {
  it.each<[ExclusionScope, UpgradeKind, boolean]>([
    ["ALL", "PATCH", true],
    ["ALL", "MINOR", true],
    ["ALL", "NODE", true],
    ["MINOR", "PATCH", false],
    ["MINOR", "MINOR", true],
    ["MINOR", "NODE", false],
    ["MINOR_AND_NODE", "PATCH", false],
    ["MINOR_AND_NODE", "MINOR", true],
    ["MINOR_AND_NODE", "NODE", true],
  ])("MW-2 scope %s holds back %s upgrades: %s", (scope, kind, blocked) => {
    expect(scopeBlocks(scope, kind)).toBe(blocked);
    expect(isExcluded([holidays(scope)], at("2022-12-24T12:00:00Z"), kind)).toBe(blocked);
  });
});

describe("isExcluded", () => {
  it("MW-2 an exclusion holds from its start (inclusive) to its end (exclusive)", () => {
    const all = [holidays("ALL")];
    expect(isExcluded(all, at("2022-12-19T23:59:59Z"), "PATCH")).toBe(false);
    expect(isExcluded(all, at("2022-12-20T00:00:00Z"), "PATCH")).toBe(true);
    expect(isExcluded(all, at("2023-01-04T23:59:59Z"), "PATCH")).toBe(true);
    expect(isExcluded(all, at("2023-01-05T00:00:00Z"), "PATCH")).toBe(false);
  });

  it("MW-2 exclusion bounds may carry an offset (Asia/Jakarta +07:00)", () => {
    const lebaran: MaintenanceExclusion = {
      start: "2022-05-01T00:00:00+07:00",
      end: "2022-05-03T00:00:00+07:00",
      scope: "ALL",
    };
    expect(isExcluded([lebaran], at("2022-04-30T17:00:00Z"), "NODE")).toBe(true);
    expect(isExcluded([lebaran], at("2022-04-30T16:59:59Z"), "NODE")).toBe(false);
  });

  it("MW-2 of overlapping exclusions the one ending last is reported", () => {
    const longer: MaintenanceExclusion = {
      ...holidays("MINOR_AND_NODE"),
      end: "2023-01-31T00:00:00Z",
    };
    const found = blockingExclusion([holidays("ALL"), longer], at("2022-12-24T00:00:00Z"), "NODE");
    expect(found?.exclusion).toBe(longer);
    expect(found?.end).toBe(at("2023-01-31T00:00:00Z"));
  });

  it("MW-2 no exclusions, nothing excluded", () => {
    expect(isExcluded([], at("2022-12-24T00:00:00Z"), "MINOR")).toBe(false);
  });
});

describe("validateExclusion", () => {
  it("MW-2 accepts RFC 3339 bounds with end after start", () => {
    expect(validateExclusion(holidays("MINOR")).ok).toBe(true);
  });

  it("MW-2 refuses with a 400 naming the field", () => {
    const cases: [MaintenanceExclusion, string][] = [
      [
        { ...holidays("ALL"), start: "2022-12-20" },
        'MW-2: exclusions[0].start "2022-12-20" is not an RFC 3339 time',
      ],
      [
        { ...holidays("ALL"), end: "soon" },
        'MW-2: exclusions[0].end "soon" is not an RFC 3339 time',
      ],
      [
        { ...holidays("ALL"), end: "2022-12-20T00:00:00Z" },
        "MW-2: exclusions[0].end 2022-12-20T00:00:00Z is not after start 2022-12-20T00:00:00Z",
      ],
      [
        { ...holidays("ALL"), scope: "PATCH" as ExclusionScope },
        'MW-2: exclusions[0].scope "PATCH" is not one of ALL, MINOR, MINOR_AND_NODE',
      ],
    ];
    for (const [exclusion, detail] of cases) {
      expect(validateExclusion(exclusion, "exclusions[0]")).toEqual({
        ok: false,
        error: { rule: "MW-2", kind: "malformed", detail },
      });
    }
  });
});
