import { describe, expect, it } from "vitest";
import { formatVersion, minorOf, parseVersion, tryParseVersion } from "./version.ts";

describe("parseVersion", () => {
  it("VER-1 parses a GKE version with its -gke.N suffix", () => {
    expect(parseVersion("1.21.14-gke.4300")).toEqual({
      ok: true,
      value: { major: 1, minor: 21, patch: 14, suffix: { word: "gke", number: 4300 } },
    });
  });

  it("VER-1 parses a plain MAJOR.MINOR.PATCH (seed 003 bare-metal versions)", () => {
    expect(parseVersion("1.15.11")).toEqual({
      ok: true,
      value: { major: 1, minor: 15, patch: 11, suffix: undefined },
    });
  });

  it("VER-1 accepts any -<word>.N suffix, not only gke", () => {
    expect(tryParseVersion("2.0.0-rc.1")?.suffix).toEqual({ word: "rc", number: 1 });
    expect(tryParseVersion("1.32.2-gke.1652000")?.suffix?.number).toBe(1652000);
  });

  it.each([
    "",
    "1",
    "1.21",
    "1.21.",
    "v1.21.14",
    "1.21.14 ",
    "1.21.14-",
    "1.21.14-gke",
    "1.21.14-gke.",
    "1.21.14-.5",
    "1.21.14-gke.4300.1",
    "1.21.14-1gke.4",
    "1.21.x",
    "01.21.14",
    "1.021.14",
    "1.21.14-gke.007",
    "-1.21.14",
    "1.21.14+build.1",
    "1.2.3-gk\u0010.1",
    "1.1234567890123456.0",
  ])("VER-1 refuses %j with a 400 quoting the string", (text) => {
    const result = parseVersion(text);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.rule).toBe("VER-1");
    expect(result.error.kind).toBe("malformed");
    expect(result.error.detail).toContain(JSON.stringify(text));
  });

  it("VER-1 shortens a huge unparseable string in the detail", () => {
    const result = parseVersion("9".repeat(10_000));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.detail.length).toBeLessThan(300);
  });
});

describe("formatVersion and minorOf", () => {
  it("VER-1 formats the canonical text back", () => {
    for (const text of ["1.21.14-gke.4300", "1.24.5-gke.600", "0.0.0", "1.15.11"]) {
      expect(formatVersion(tryParseVersion(text)!)).toBe(text);
    }
  });

  it("CH-1 keys a version by its minor (1.21.14-gke.4300 → 1.21)", () => {
    expect(minorOf(tryParseVersion("1.21.14-gke.4300")!)).toBe("1.21");
    expect(minorOf(tryParseVersion("1.9.0")!)).toBe("1.9");
  });
});
