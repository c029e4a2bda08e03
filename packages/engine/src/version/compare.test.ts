import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareVersions } from "./compare.ts";
import type { Version } from "./version.ts";
import { formatVersion, parseVersion, tryParseVersion } from "./version.ts";

const v = (text: string): Version => tryParseVersion(text)!;

// Small ranges make equal and near-equal versions common, which is where orders break.
const component = fc.nat({ max: 30 });
const version: fc.Arbitrary<Version> = fc.record({
  major: fc.nat({ max: 3 }),
  minor: component,
  patch: component,
  suffix: fc.option(
    fc.record({ word: fc.constantFrom("gke", "rc", "b2", "GKE"), number: fc.nat({ max: 5000 }) }),
    { nil: undefined },
  ),
});

describe("compareVersions", () => {
  it("VER-1 seed example: 1.21.14-gke.4300 > 1.21.14-gke.900 (numeric, not textual)", () => {
    expect(compareVersions(v("1.21.14-gke.4300"), v("1.21.14-gke.900"))).toBe(1);
    expect(compareVersions(v("1.21.14-gke.900"), v("1.21.14-gke.4300"))).toBe(-1);
  });

  it("VER-1 orders major, minor, patch numerically before the suffix", () => {
    expect(compareVersions(v("1.9.0"), v("1.10.0"))).toBe(-1);
    expect(compareVersions(v("1.21.14-gke.9999"), v("1.21.15-gke.1"))).toBe(-1);
    expect(compareVersions(v("1.22.0"), v("1.21.99-gke.9"))).toBe(1);
    expect(compareVersions(v("2.0.0"), v("1.99.99"))).toBe(1);
  });

  it("VER-1 a version without suffix sorts before the same version with one", () => {
    expect(compareVersions(v("1.21.14"), v("1.21.14-gke.0"))).toBe(-1);
    expect(compareVersions(v("1.21.14-gke.0"), v("1.21.14"))).toBe(1);
    expect(compareVersions(v("1.21.14"), v("1.21.14"))).toBe(0);
  });

  it("VER-1 sorts the seed's release versions", () => {
    const texts = ["1.24.5-gke.600", "1.21.14-gke.4300", "1.23.8-gke.1900", "1.21.14-gke.900"];
    const sorted = texts.map(v).sort(compareVersions).map(formatVersion);
    expect(sorted).toEqual([
      "1.21.14-gke.900",
      "1.21.14-gke.4300",
      "1.23.8-gke.1900",
      "1.24.5-gke.600",
    ]);
  });

  it("VER-1 same suffix number with different words is ordered by word, never equal", () => {
    expect(compareVersions(v("1.2.3-gke.5"), v("1.2.3-rc.5"))).toBe(-1);
    expect(compareVersions(v("1.2.3-rc.5"), v("1.2.3-gke.5"))).toBe(1);
  });

  it("VER-1 property: format then parse gives the same version back, and parse then format the same text", () => {
    fc.assert(
      fc.property(version, (a) => {
        const text = formatVersion(a);
        const parsed = parseVersion(text);
        expect(parsed).toEqual({ ok: true, value: a });
        if (parsed.ok) expect(formatVersion(parsed.value)).toBe(text);
      }),
    );
  });

  it("VER-1 property: compare is zero exactly for versions that print the same text", () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareVersions(a, b) === 0).toBe(formatVersion(a) === formatVersion(b));
        expect(compareVersions(a, a)).toBe(0);
      }),
    );
  });

  it("VER-1 property: compare is antisymmetric", () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        expect(compareVersions(a, b)).toBe(-compareVersions(b, a) || 0);
      }),
    );
  });

  it("VER-1 property: compare is transitive, so it is a total order", () => {
    fc.assert(
      fc.property(version, version, version, (a, b, c) => {
        const [x, y, z] = [a, b, c].sort(compareVersions) as [Version, Version, Version];
        expect(compareVersions(x, y)).toBeLessThanOrEqual(0);
        expect(compareVersions(y, z)).toBeLessThanOrEqual(0);
        expect(compareVersions(x, z)).toBeLessThanOrEqual(0);
        if (compareVersions(a, b) <= 0 && compareVersions(b, c) <= 0) {
          expect(compareVersions(a, c)).toBeLessThanOrEqual(0);
        }
      }),
    );
  });

  it("VER-1 property: the order agrees with comparing the parsed text of each component", () => {
    fc.assert(
      fc.property(version, version, (a, b) => {
        const key = (x: Version) => [
          x.major,
          x.minor,
          x.patch,
          x.suffix === undefined ? -1 : x.suffix.number,
        ];
        const [ka, kb] = [key(a), key(b)];
        const firstDiff = ka.findIndex((n, i) => n !== kb[i]);
        if (firstDiff >= 0) {
          expect(compareVersions(a, b)).toBe(ka[firstDiff]! < kb[firstDiff]! ? -1 : 1);
        }
      }),
    );
  });
});
