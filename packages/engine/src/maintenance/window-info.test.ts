import { describe, expect, it } from "vitest";
import { parseRfc3339 } from "../time/instant.ts";
import type { Maintenance } from "./maintenance.ts";
import type { MaintenanceWindow } from "./window.ts";
import { windowInfo } from "./window-info.ts";

const at = (text: string) => parseRfc3339(text)!;

const saturdayNight: MaintenanceWindow = { start: "22:00", durationSeconds: 14_400, days: ["SAT"] };

/** Saturday nights, with every automatic upgrade excluded from `start` to `end`. */
const excluding = (start: string, end: string): Maintenance => ({
  windows: [saturdayNight],
  exclusions: [{ start, end, scope: "ALL" }],
});

describe("windowInfo", () => {
  it("MW-4 no window configured: no window info, an upgrade runs at any time", () => {
    const now = at("2022-06-01T12:00:00Z");
    expect(windowInfo(undefined, now)).toBeUndefined();
    expect(windowInfo({ windows: [] }, now)).toBeUndefined();
    expect(
      windowInfo(
        {
          exclusions: [
            { start: "2022-06-01T00:00:00Z", end: "2022-06-02T00:00:00Z", scope: "ALL" },
          ],
        },
        now,
      ),
    ).toBeUndefined();
  });

  it("MW-4 inside a window the upgrade is told when it closes, where a surge upgrade pauses", () => {
    expect(windowInfo({ windows: [saturdayNight] }, at("2022-06-04T23:00:00Z"))).toEqual({
      openUntil: at("2022-06-05T02:00:00Z"),
    });
  });

  it("MW-4 outside a window it is closed, with the next opening (MW-3) for the reason", () => {
    expect(windowInfo({ windows: [saturdayNight] }, at("2022-06-01T12:00:00Z"))).toEqual({
      openUntil: null,
      nextOpenAt: at("2022-06-04T22:00:00Z"),
    });
  });

  it("MW-4 at the window's end it is closed: the end belongs to the next week's wait", () => {
    expect(windowInfo({ windows: [saturdayNight] }, at("2022-06-05T02:00:00Z"))).toEqual({
      openUntil: null,
      nextOpenAt: at("2022-06-11T22:00:00Z"),
    });
  });

  it("MW-4 an exclusion pushes the next opening past it, but does not close an open window", () => {
    const maintenance = excluding("2022-06-04T00:00:00Z", "2022-06-05T00:00:00Z");
    expect(windowInfo(maintenance, at("2022-06-04T23:00:00Z"))).toEqual({
      openUntil: at("2022-06-05T02:00:00Z"),
    });
    expect(windowInfo(maintenance, at("2022-06-01T12:00:00Z"))).toEqual({
      openUntil: null,
      nextOpenAt: at("2022-06-05T00:00:00Z"),
    });
  });

  it("MW-4 a window that never opens again within sight is closed with no next opening", () => {
    const maintenance = excluding("2022-06-01T00:00:00Z", "2024-06-01T00:00:00Z");
    expect(windowInfo(maintenance, at("2022-06-01T12:00:00Z"))).toEqual({ openUntil: null });
  });
});
