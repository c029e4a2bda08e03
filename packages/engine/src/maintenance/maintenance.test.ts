import { describe, expect, it } from "vitest";
import { validateMaintenance } from "./maintenance.ts";

describe("validateMaintenance", () => {
  it("MW-1 MW-2 accepts a valid configuration and an empty one", () => {
    const maintenance = {
      windows: [
        {
          start: "19:00",
          durationSeconds: 39_600,
          days: ["MON" as const],
          timeZone: "Asia/Jakarta",
        },
      ],
      exclusions: [
        { start: "2022-12-20T00:00:00Z", end: "2023-01-05T00:00:00Z", scope: "ALL" as const },
      ],
    };
    expect(validateMaintenance(maintenance)).toEqual({ ok: true, value: maintenance });
    expect(validateMaintenance({}).ok).toBe(true);
  });

  it("MW-1 names the index of the bad window", () => {
    const result = validateMaintenance({
      windows: [
        { start: "19:00", durationSeconds: 3_600, days: ["MON"] },
        { start: "19:00", durationSeconds: 3_600, days: [] },
      ],
    });
    expect(result).toEqual({
      ok: false,
      error: {
        rule: "MW-1",
        kind: "malformed",
        detail: "MW-1: windows[1].days must name at least one day",
      },
    });
  });

  it("MW-2 names the index of the bad exclusion", () => {
    const result = validateMaintenance({
      exclusions: [{ start: "2023-01-05T00:00:00Z", end: "2022-12-20T00:00:00Z", scope: "ALL" }],
    });
    expect(result).toMatchObject({ ok: false, error: { rule: "MW-2", kind: "malformed" } });
    if (!result.ok) expect(result.error.detail).toMatch(/^MW-2: exclusions\[0\]\.end /);
  });
});
