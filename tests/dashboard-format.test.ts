import { describe, expect, it } from "vitest";
import {
  count,
  duration,
  explain,
  fieldError,
  when,
} from "../workers/control-plane/dashboard/src/format.ts";

// The dashboard's words for people (docs/dashboard.md, issue 27 item 10).
const NOW = Date.parse("2026-12-04T09:30:00Z");

describe("the dashboard's formatting", () => {
  it("counts with the right plural", () => {
    expect(count(1, "bar")).toBe("1 bar");
    expect(count(0, "node")).toBe("0 nodes");
    expect(count(4, "node")).toBe("4 nodes");
    expect(count(1200, "member")).toBe("1,200 members");
  });

  it("shows one date format with a relative time, on the control plane's clock", () => {
    expect(when("2026-12-07T12:00:00.000Z", NOW)).toBe("Mon 7 Dec, 12:00 UTC (in 3 days)");
    expect(when("2026-12-04T07:30:00Z", NOW)).toBe("Fri 4 Dec, 07:30 UTC (2 hours ago)");
    expect(when("2027-01-04T09:30:00Z", NOW)).toBe("Mon 4 Jan 2027, 09:30 UTC (in 31 days)");
    expect(when(undefined, NOW)).toBe("—");
    expect(duration(3.5 * 86_400_000)).toBe("3d 12h");
  });

  it("MW-1 RUN-8 puts the sentence first and keeps the rules apart, with readable instants", () => {
    const { sentence, rules } = explain(
      "RUN-8: MW-1: outside the maintenance windows; next opening 2026-12-07T12:00:00.000Z",
      NOW,
    );
    expect(sentence).toBe(
      "Outside the maintenance windows; next opening Mon 7 Dec, 12:00 UTC (in 3 days)",
    );
    expect(rules).toEqual(["RUN-8", "MW-1"]);
    expect(explain("waiting for the soak (SEQ-7)", NOW).rules).toEqual(["SEQ-7"]);
  });

  it("turns zod's refusals into 'field: required'", () => {
    expect(
      fieldError({
        path: "json.version",
        message: "Invalid input: expected string, received undefined",
      }),
    ).toBe("version: required");
    expect(
      fieldError({
        path: "json.count",
        message: "Invalid input: expected number, received string",
      }),
    ).toBe("count: must be a number");
    expect(fieldError({ path: "json", message: 'Unrecognized key: "x"' })).toBe(
      'request: unrecognized key: "x"',
    );
  });
});
