import { describe, expect, it } from "vitest";
import { checkInCatalogue } from "../version/catalogue.ts";
import { releaseCatalogue } from "./release-catalogue.ts";

describe("releaseCatalogue", () => {
  it("VER-6 the catalogue is every target and listed version of every release", () => {
    const catalogue = releaseCatalogue([
      { targets: { "1.20": "1.21.14-gke.4300", "1.22": "1.23.8-gke.1900" } },
      { targets: { "1.24": "1.24.5-gke.600" }, versions: ["1.24.2-gke.100", "not-a-version"] },
    ]);
    expect([...catalogue].sort()).toEqual([
      "1.21.14-gke.4300",
      "1.23.8-gke.1900",
      "1.24.2-gke.100",
      "1.24.5-gke.600",
    ]);
    expect(checkInCatalogue("1.24.2-gke.100", catalogue).ok).toBe(true);
    expect(checkInCatalogue("1.24.3-gke.500", catalogue)).toMatchObject({
      ok: false,
      error: { rule: "VER-6", kind: "refused" },
    });
  });
});
