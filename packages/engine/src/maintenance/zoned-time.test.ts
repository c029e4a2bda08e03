import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HOUR, parseRfc3339 } from "../time/instant.ts";
import { instantAtWallClock, isValidTimeZone, utcOffsetAt, wallClockAt } from "./zoned-time.ts";

const at = (text: string) => parseRfc3339(text)!;
// A wall clock is written as if it were UTC.
const wall = (text: string) => parseRfc3339(`${text}Z`)!;

describe("zoned time", () => {
  it("MW-1 Asia/Jakarta is UTC+7 all year (no DST)", () => {
    expect(utcOffsetAt("Asia/Jakarta", at("2022-01-15T12:00:00Z"))).toBe(7 * HOUR);
    expect(utcOffsetAt("Asia/Jakarta", at("2022-07-15T12:00:00Z"))).toBe(7 * HOUR);
  });

  it("MW-1 America/New_York is UTC-5 in winter and UTC-4 in summer", () => {
    expect(utcOffsetAt("America/New_York", at("2022-01-15T12:00:00Z"))).toBe(-5 * HOUR);
    expect(utcOffsetAt("America/New_York", at("2022-07-15T12:00:00Z"))).toBe(-4 * HOUR);
    expect(utcOffsetAt(undefined, at("2022-07-15T12:00:00Z"))).toBe(0);
  });

  it("MW-1 the wall clock in a zone with a 45-minute offset (Asia/Kathmandu)", () => {
    expect(wallClockAt("Asia/Kathmandu", at("2022-06-01T00:00:00Z"))).toBe(
      wall("2022-06-01T05:45:00"),
    );
  });

  it("MW-1 a local time skipped by spring-forward moves on by the gap (02:30 → 03:30 EDT)", () => {
    expect(instantAtWallClock("America/New_York", wall("2022-03-13T02:30:00"))).toBe(
      at("2022-03-13T03:30:00-04:00"),
    );
    expect(instantAtWallClock("America/New_York", wall("2022-03-13T01:30:00"))).toBe(
      at("2022-03-13T01:30:00-05:00"),
    );
    expect(instantAtWallClock("America/New_York", wall("2022-03-13T03:30:00"))).toBe(
      at("2022-03-13T03:30:00-04:00"),
    );
  });

  it("MW-1 a local time repeated by fall-back means its first occurrence (01:30 EDT)", () => {
    expect(instantAtWallClock("America/New_York", wall("2022-11-06T01:30:00"))).toBe(
      at("2022-11-06T01:30:00-04:00"),
    );
    expect(instantAtWallClock("America/New_York", wall("2022-11-06T02:30:00"))).toBe(
      at("2022-11-06T02:30:00-05:00"),
    );
  });

  it("MW-1 time zones are checked with Intl", () => {
    expect(isValidTimeZone("Asia/Jakarta")).toBe(true);
    expect(isValidTimeZone("UTC")).toBe(true);
    expect(isValidTimeZone("Mars/Olympus_Mons")).toBe(false);
    expect(isValidTimeZone("")).toBe(false);
  });

  it("MW-1 property: the instant found for a local time shows that local time again", () => {
    const zones = [
      "America/New_York",
      "Asia/Jakarta",
      "Europe/Berlin",
      "Australia/Lord_Howe",
      "America/Santiago",
      "Asia/Kathmandu",
    ];
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.integer({ min: at("2000-01-01T00:00:00Z"), max: at("2040-01-01T00:00:00Z") }),
        (zone, instant) => {
          const local = wallClockAt(zone, instant);
          const back = instantAtWallClock(zone, local);
          expect(wallClockAt(zone, back)).toBe(local);
          // Only a repeated local time may resolve to another (earlier) instant.
          expect(back).toBeLessThanOrEqual(instant);
        },
      ),
      { numRuns: 300 },
    );
  });
});
