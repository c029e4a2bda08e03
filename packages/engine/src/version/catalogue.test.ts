import { describe, expect, it } from "vitest";
import { checkInCatalogue } from "./catalogue.ts";

// The versions release 2022-R25 publishes on the Regular channel (seed 000).
const catalogue = new Set([
  "1.21.14-gke.4300",
  "1.23.8-gke.1900",
  "1.24.5-gke.600",
  "1.24.2-gke.100",
]);

describe("checkInCatalogue", () => {
  it("VER-6 accepts a version the catalogue publishes", () => {
    const result = checkInCatalogue("1.23.8-gke.1900", catalogue);
    expect(result.ok && result.value.suffix).toEqual({ word: "gke", number: 1900 });
  });

  it("VER-6 refuses an unknown target with 422 and names the known versions of its minor", () => {
    expect(checkInCatalogue("1.24.9-gke.1", catalogue)).toEqual({
      ok: false,
      error: {
        rule: "VER-6",
        kind: "refused",
        detail:
          "VER-6: 1.24.9-gke.1 is not in the release catalogue (known for 1.24: 1.24.5-gke.600, 1.24.2-gke.100)",
      },
    });
  });

  it("VER-6 seed 003: bmctl 1.15.11 installs only 1.15.11", () => {
    const bmctl = new Set(["1.15.11"]);
    expect(checkInCatalogue("1.15.11", bmctl).ok).toBe(true);
    expect(checkInCatalogue("1.15.10", bmctl)).toMatchObject({
      ok: false,
      error: { kind: "refused" },
    });
    expect(checkInCatalogue("1.16.0", bmctl)).toMatchObject({
      ok: false,
      error: {
        detail: "VER-6: 1.16.0 is not in the release catalogue (no version of 1.16 is published)",
      },
    });
  });

  it("VER-1 an unparseable target is a 400 before the catalogue is consulted", () => {
    expect(checkInCatalogue("1.24", catalogue)).toMatchObject({
      ok: false,
      error: { rule: "VER-1", kind: "malformed" },
    });
  });
});
