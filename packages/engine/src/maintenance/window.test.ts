import { describe, expect, it } from "vitest";
import type { MaintenanceWindow } from "./window.ts";
import { validateWindow } from "./window.ts";

const valid: MaintenanceWindow = { start: "22:00", durationSeconds: 14_400, days: ["SAT"] };

function detailOf(window: MaintenanceWindow): string | undefined {
  const result = validateWindow(window, "windows[0]");
  if (result.ok) return undefined;
  expect(result.error).toMatchObject({ rule: "MW-1", kind: "malformed" });
  return result.error.detail;
}

describe("validateWindow", () => {
  it("MW-1 accepts a window in UTC and one in an IANA time zone", () => {
    expect(validateWindow(valid)).toEqual({ ok: true, value: valid });
    expect(validateWindow({ ...valid, timeZone: "Asia/Jakarta" }).ok).toBe(true);
    expect(validateWindow({ ...valid, start: "00:00", durationSeconds: 1 }).ok).toBe(true);
    expect(validateWindow({ ...valid, start: "23:59", durationSeconds: 604_800 }).ok).toBe(true);
  });

  it.each(["24:00", "7:00", "07:60", "0700", "07:00:00", " 07:00"])(
    "MW-1 refuses start %j with a 400 naming the field",
    (start) => {
      expect(detailOf({ ...valid, start })).toBe(
        `MW-1: windows[0].start ${JSON.stringify(start)} is not a time HH:MM between 00:00 and 23:59`,
      );
    },
  );

  it.each([0, -60, 1.5, 604_801, Number.NaN])(
    "MW-1 refuses durationSeconds %s (1 s to one week)",
    (durationSeconds) => {
      expect(detailOf({ ...valid, durationSeconds })).toContain("windows[0].durationSeconds");
    },
  );

  it("MW-1 refuses no days, a repeated day and an unknown day", () => {
    expect(detailOf({ ...valid, days: [] })).toBe(
      "MW-1: windows[0].days must name at least one day",
    );
    expect(detailOf({ ...valid, days: ["MON", "TUE", "MON"] })).toBe(
      "MW-1: windows[0].days names MON twice",
    );
    const unknown = { ...valid, days: ["MONDAY"] } as unknown as MaintenanceWindow;
    expect(detailOf(unknown)).toContain('"MONDAY" is not one of MON, TUE, WED, THU, FRI, SAT, SUN');
  });

  it("MW-1 refuses a time zone Intl does not know", () => {
    expect(detailOf({ ...valid, timeZone: "Asia/Atlantis" })).toBe(
      'MW-1: windows[0].timeZone "Asia/Atlantis" is not an IANA time zone',
    );
    expect(detailOf({ ...valid, timeZone: "" })).toContain("timeZone");
  });
});
