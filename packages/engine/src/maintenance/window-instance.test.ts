import { describe, expect, it } from "vitest";
import { parseRfc3339, toRfc3339 } from "../time/instant.ts";
import type { MaintenanceWindow } from "./window.ts";
import { isWindowOpen, nextWindowStart, windowInstanceAt } from "./window-instance.ts";

const at = (text: string) => parseRfc3339(text)!;

function span(windows: MaintenanceWindow[], text: string): [string, string] | undefined {
  const instance = windowInstanceAt(windows, at(text));
  return instance && [toRfc3339(instance.start), toRfc3339(instance.end)];
}

// Saturday 22:00 UTC for four hours: it crosses midnight into Sunday.
const saturdayNight: MaintenanceWindow = { start: "22:00", durationSeconds: 14_400, days: ["SAT"] };

describe("windowInstanceAt and isWindowOpen", () => {
  it("MW-1 a window crossing midnight is open from Saturday 22:00 to Sunday 02:00 UTC", () => {
    const expected = ["2022-06-04T22:00:00.000Z", "2022-06-05T02:00:00.000Z"];
    expect(span([saturdayNight], "2022-06-04T22:00:00Z")).toEqual(expected);
    expect(span([saturdayNight], "2022-06-04T23:30:00Z")).toEqual(expected);
    expect(span([saturdayNight], "2022-06-05T01:59:59Z")).toEqual(expected);
  });

  it("MW-1 a window opens at its start (inclusive) and is closed at its end (exclusive)", () => {
    expect(isWindowOpen([saturdayNight], at("2022-06-04T21:59:59Z"))).toBe(false);
    expect(isWindowOpen([saturdayNight], at("2022-06-04T22:00:00Z"))).toBe(true);
    expect(isWindowOpen([saturdayNight], at("2022-06-05T02:00:00Z"))).toBe(false);
  });

  it("MW-1 days name the day a window opens: SAT does not open early on Saturday morning", () => {
    expect(isWindowOpen([saturdayNight], at("2022-06-04T01:00:00Z"))).toBe(false);
    expect(isWindowOpen([saturdayNight], at("2022-06-01T23:00:00Z"))).toBe(false);
  });

  it("MW-1 no window configured means automatic upgrades may start at any time", () => {
    expect(isWindowOpen([], at("2022-06-01T12:00:00Z"))).toBe(true);
    expect(windowInstanceAt([], at("2022-06-01T12:00:00Z"))).toBeUndefined();
  });

  it("MW-1 Asia/Jakarta: Monday 02:00 WIB opens on Sunday 19:00 UTC", () => {
    const jakarta: MaintenanceWindow = {
      start: "02:00",
      durationSeconds: 10_800,
      days: ["MON"],
      timeZone: "Asia/Jakarta",
    };
    expect(span([jakarta], "2022-06-05T19:30:00Z")).toEqual([
      "2022-06-05T19:00:00.000Z",
      "2022-06-05T22:00:00.000Z",
    ]);
    // Monday 02:00 UTC is Monday 09:00 in Jakarta: long closed.
    expect(isWindowOpen([jakarta], at("2022-06-06T02:30:00Z"))).toBe(false);
  });

  it("MW-1 America/New_York: a Sunday 01:00 window follows local time across spring-forward", () => {
    const ny: MaintenanceWindow = {
      start: "01:00",
      durationSeconds: 10_800,
      days: ["SUN"],
      timeZone: "America/New_York",
    };
    // The week before: 01:00 EST.
    expect(span([ny], "2022-03-06T07:00:00Z")?.[0]).toBe("2022-03-06T06:00:00.000Z");
    // DST night: opens 01:00 EST; three hours of elapsed time end at 05:00 EDT.
    expect(span([ny], "2022-03-13T08:30:00Z")).toEqual([
      "2022-03-13T06:00:00.000Z",
      "2022-03-13T09:00:00.000Z",
    ]);
    // The week after: 01:00 EDT, an hour earlier in UTC.
    expect(span([ny], "2022-03-20T05:00:00Z")?.[0]).toBe("2022-03-20T05:00:00.000Z");
  });

  it("MW-1 America/New_York: a window starting at 02:30, skipped on the spring-forward night, opens at 03:30 EDT", () => {
    const ny: MaintenanceWindow = {
      start: "02:30",
      durationSeconds: 3_600,
      days: ["SUN"],
      timeZone: "America/New_York",
    };
    expect(span([ny], "2022-03-13T07:45:00Z")).toEqual([
      "2022-03-13T07:30:00.000Z",
      "2022-03-13T08:30:00.000Z",
    ]);
  });

  it("MW-1 America/New_York: a 01:30 window on the fall-back night opens at the first 01:30 (EDT) only", () => {
    const ny: MaintenanceWindow = {
      start: "01:30",
      durationSeconds: 1_800,
      days: ["SUN"],
      timeZone: "America/New_York",
    };
    expect(span([ny], "2022-11-06T05:45:00Z")).toEqual([
      "2022-11-06T05:30:00.000Z",
      "2022-11-06T06:00:00.000Z",
    ]);
    // 06:45Z is the second 01:45 (EST): the window does not open twice.
    expect(isWindowOpen([ny], at("2022-11-06T06:45:00Z"))).toBe(false);
  });

  it("MW-1 duration is elapsed time: a 4 h window from 00:00 on the fall-back night ends at 03:00 EST", () => {
    const ny: MaintenanceWindow = {
      start: "00:00",
      durationSeconds: 14_400,
      days: ["SUN"],
      timeZone: "America/New_York",
    };
    expect(span([ny], "2022-11-06T05:00:00Z")).toEqual([
      "2022-11-06T04:00:00.000Z", // 00:00 EDT
      "2022-11-06T08:00:00.000Z", // 03:00 EST
    ]);
  });

  it("MW-1 of overlapping windows the occurrence that closes last is reported", () => {
    const short: MaintenanceWindow = { start: "22:00", durationSeconds: 3_600, days: ["SAT"] };
    expect(span([short, saturdayNight], "2022-06-04T22:30:00Z")?.[1]).toBe(
      "2022-06-05T02:00:00.000Z",
    );
    expect(span([saturdayNight, short], "2022-06-04T22:30:00Z")?.[1]).toBe(
      "2022-06-05T02:00:00.000Z",
    );
  });

  it("MW-1 a week-long window found from six days into it", () => {
    const week: MaintenanceWindow = { start: "12:00", durationSeconds: 604_800, days: ["MON"] };
    expect(span([week], "2022-06-12T11:00:00Z")).toEqual([
      "2022-06-06T12:00:00.000Z",
      "2022-06-13T12:00:00.000Z",
    ]);
  });

  it("MW-1 every night of the week, crossing midnight", () => {
    const nightly: MaintenanceWindow = {
      start: "23:00",
      durationSeconds: 7_200,
      days: ["MON", "TUE", "WED", "THU", "FRI", "SAT", "SUN"],
    };
    expect(span([nightly], "2022-06-01T00:30:00Z")?.[0]).toBe("2022-05-31T23:00:00.000Z");
    expect(isWindowOpen([nightly], at("2022-06-01T01:00:00Z"))).toBe(false);
  });

  it("MW-1 an invalid window never opens", () => {
    const broken: MaintenanceWindow = { start: "25:00", durationSeconds: 3_600, days: ["SAT"] };
    expect(isWindowOpen([broken], at("2022-06-04T01:30:00Z"))).toBe(false);
  });
});

describe("nextWindowStart", () => {
  it("MW-3 from a Wednesday the next Saturday-night window starts Saturday 22:00", () => {
    const next = nextWindowStart([saturdayNight], at("2022-06-01T12:00:00Z"));
    expect(next && toRfc3339(next.start)).toBe("2022-06-04T22:00:00.000Z");
  });

  it("MW-3 a start at exactly `at` counts; just after it, the following week's", () => {
    expect(nextWindowStart([saturdayNight], at("2022-06-04T22:00:00Z"))?.start).toBe(
      at("2022-06-04T22:00:00Z"),
    );
    expect(nextWindowStart([saturdayNight], at("2022-06-04T22:00:01Z"))?.start).toBe(
      at("2022-06-11T22:00:00Z"),
    );
  });

  it("MW-3 the earliest of several windows in different zones wins", () => {
    const jakarta: MaintenanceWindow = { ...saturdayNight, timeZone: "Asia/Jakarta" };
    const ny: MaintenanceWindow = { ...saturdayNight, timeZone: "America/New_York" };
    // Saturday 22:00 WIB is 15:00 UTC, before 22:00 UTC and 02:00 UTC Sunday (EDT).
    expect(nextWindowStart([ny, saturdayNight, jakarta], at("2022-06-01T00:00:00Z"))?.start).toBe(
      at("2022-06-04T15:00:00Z"),
    );
  });

  it("MW-3 no valid window, no next start", () => {
    expect(nextWindowStart([], at("2022-06-01T00:00:00Z"))).toBeUndefined();
  });
});
