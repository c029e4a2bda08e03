import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DAY, parseRfc3339 } from "../time/instant.ts";
import type { UpgradeKind } from "./exclusion.ts";
import type { Maintenance } from "./maintenance.ts";
import { mayStartAutomaticUpgrade } from "./may-start.ts";
import { nextWindowOpen } from "./next-open.ts";
import type { MaintenanceWindow } from "./window.ts";

const at = (text: string) => parseRfc3339(text)!;

const saturdayNight: MaintenanceWindow = { start: "22:00", durationSeconds: 14_400, days: ["SAT"] };

describe("nextWindowOpen", () => {
  it("MW-3 inside an open window the next opening is now", () => {
    const now = at("2022-06-04T23:00:00Z");
    expect(nextWindowOpen({ windows: [saturdayNight] }, now)).toBe(now);
  });

  it("MW-3 outside a window it is the next window start", () => {
    expect(nextWindowOpen({ windows: [saturdayNight] }, at("2022-06-01T12:00:00Z"))).toBe(
      at("2022-06-04T22:00:00Z"),
    );
    expect(nextWindowOpen({ windows: [saturdayNight] }, at("2022-06-05T02:00:00Z"))).toBe(
      at("2022-06-11T22:00:00Z"),
    );
  });

  it("MW-3 with no window configured it is now, or the end of the exclusion holding it", () => {
    const now = at("2022-06-01T12:00:00Z");
    expect(nextWindowOpen(undefined, now)).toBe(now);
    const held: Maintenance = {
      exclusions: [{ start: "2022-06-01T00:00:00Z", end: "2022-06-02T00:00:00Z", scope: "ALL" }],
    };
    expect(nextWindowOpen(held, now)).toBe(at("2022-06-02T00:00:00Z"));
  });

  it("MW-3 an exclusion ending inside a window opens it mid-way", () => {
    const maintenance: Maintenance = {
      windows: [saturdayNight],
      exclusions: [{ start: "2022-06-04T00:00:00Z", end: "2022-06-05T00:00:00Z", scope: "ALL" }],
    };
    expect(nextWindowOpen(maintenance, at("2022-06-01T00:00:00Z"))).toBe(
      at("2022-06-05T00:00:00Z"),
    );
  });

  it("MW-3 an exclusion covering a whole window moves the opening to the next week", () => {
    const maintenance: Maintenance = {
      windows: [saturdayNight],
      exclusions: [{ start: "2022-06-04T00:00:00Z", end: "2022-06-05T03:00:00Z", scope: "ALL" }],
    };
    expect(nextWindowOpen(maintenance, at("2022-06-01T00:00:00Z"))).toBe(
      at("2022-06-11T22:00:00Z"),
    );
  });

  it("MW-3 chained exclusions are followed to the first free window", () => {
    const maintenance: Maintenance = {
      windows: [saturdayNight],
      exclusions: [
        { start: "2022-06-10T00:00:00Z", end: "2022-06-20T00:00:00Z", scope: "MINOR_AND_NODE" },
        { start: "2022-06-01T00:00:00Z", end: "2022-06-12T00:00:00Z", scope: "ALL" },
      ],
    };
    expect(nextWindowOpen(maintenance, at("2022-06-01T00:00:00Z"), "NODE")).toBe(
      at("2022-06-25T22:00:00Z"),
    );
    // A patch only waits for the ALL exclusion, which ends inside the 06-11 window.
    expect(nextWindowOpen(maintenance, at("2022-06-01T00:00:00Z"), "PATCH")).toBe(
      at("2022-06-12T00:00:00Z"),
    );
  });

  it("MW-3 without a kind only ALL exclusions count (when any automatic upgrade may start)", () => {
    const maintenance: Maintenance = {
      windows: [saturdayNight],
      exclusions: [{ start: "2022-06-01T00:00:00Z", end: "2022-12-01T00:00:00Z", scope: "MINOR" }],
    };
    expect(nextWindowOpen(maintenance, at("2022-06-01T00:00:00Z"))).toBe(
      at("2022-06-04T22:00:00Z"),
    );
    expect(nextWindowOpen(maintenance, at("2022-06-01T00:00:00Z"), "MINOR")).toBe(
      at("2022-12-03T22:00:00Z"),
    );
  });

  it("MW-3 nothing within 400 days: undefined", () => {
    const maintenance: Maintenance = {
      windows: [saturdayNight],
      exclusions: [{ start: "2022-01-01T00:00:00Z", end: "2024-01-01T00:00:00Z", scope: "ALL" }],
    };
    expect(nextWindowOpen(maintenance, at("2022-06-01T00:00:00Z"))).toBeUndefined();
  });

  it("MW-3 America/New_York: the first window after spring-forward opens at 01:00 EDT", () => {
    const ny: MaintenanceWindow = {
      start: "01:00",
      durationSeconds: 3_600,
      days: ["SUN"],
      timeZone: "America/New_York",
    };
    expect(nextWindowOpen({ windows: [ny] }, at("2022-03-13T12:00:00Z"))).toBe(
      at("2022-03-20T01:00:00-04:00"),
    );
  });

  it("MW-3 property: the answer is never before `at`, an automatic upgrade may start then, and sampled earlier instants are closed", () => {
    const windowArb: fc.Arbitrary<MaintenanceWindow> = fc.record({
      start: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.constantFrom(0, 15, 30, 45))
        .map(([h, m]) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`),
      durationSeconds: fc.integer({ min: 1, max: 3 * 86_400 }),
      days: fc.subarray(["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"] as const, {
        minLength: 1,
      }),
      timeZone: fc.constantFrom("UTC", "America/New_York", "Asia/Jakarta", "Australia/Lord_Howe"),
    });
    const base = at("2022-01-01T00:00:00Z");
    const instant = fc.integer({ min: base, max: base + 365 * DAY });
    const exclusionArb = fc
      .tuple(
        instant,
        fc.integer({ min: 1, max: 20 * DAY }),
        fc.constantFrom("ALL", "MINOR", "MINOR_AND_NODE" as const),
      )
      .map(([start, length, scope]) => ({
        start: new Date(start).toISOString(),
        end: new Date(start + length).toISOString(),
        scope,
      }));
    const kinds: UpgradeKind[] = ["PATCH", "MINOR", "NODE"];
    fc.assert(
      fc.property(
        fc.array(windowArb, { minLength: 0, maxLength: 2 }),
        fc.array(exclusionArb, { maxLength: 3 }),
        instant,
        fc.constantFrom(...kinds),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 5 }),
        (windows, exclusions, now, kind, samples) => {
          const maintenance: Maintenance = { windows, exclusions };
          const next = nextWindowOpen(maintenance, now, kind);
          if (next === undefined) return;
          expect(next).toBeGreaterThanOrEqual(now);
          expect(mayStartAutomaticUpgrade(maintenance, next, kind).allowed).toBe(true);
          for (const sample of samples) {
            const earlier = now + Math.floor((next - now) * sample);
            if (earlier < next) {
              expect(mayStartAutomaticUpgrade(maintenance, earlier, kind).allowed).toBe(false);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});
