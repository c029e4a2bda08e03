import { describe, expect, it } from "vitest";
import { addSeconds, parseRfc3339, toRfc3339 } from "./instant.ts";

describe("instant", () => {
  it("round-trips RFC 3339 and adds seconds", () => {
    const at = parseRfc3339("2022-06-01T10:00:00Z")!;
    expect(toRfc3339(addSeconds(at, 3600))).toBe("2022-06-01T11:00:00.000Z");
    expect(parseRfc3339("yesterday")).toBeUndefined();
    expect(parseRfc3339("2022-06-01T12:00:00+02:00")).toBe(at);
  });
});
