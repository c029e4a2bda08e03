import { describe, expect, it } from "vitest";
import { versionAtLeast, versionBelow } from "../../src/sequencing/index.ts";

describe("which pools a node phase upgrades", () => {
  it("SEQ-5 a pool below the target is upgraded; one at or above it, or unreadable, is left alone", () => {
    expect(versionBelow("1.21.14-gke.900", "1.21.14-gke.4300")).toBe(true);
    expect(versionBelow("1.20.15-gke.100", "1.21.14-gke.4300")).toBe(true);
    expect(versionBelow("1.21.14-gke.4300", "1.21.14-gke.4300")).toBe(false);
    expect(versionBelow("1.22.1-gke.1", "1.21.14-gke.4300")).toBe(false);
    expect(versionBelow("not-a-version", "1.21.14-gke.4300")).toBe(false);
    // Below and at-least split every readable pair exactly.
    for (const [a, b] of [
      ["1.21.14-gke.900", "1.21.14-gke.4300"],
      ["1.21.14-gke.4300", "1.21.14-gke.4300"],
      ["1.22.1-gke.1", "1.21.14-gke.4300"],
    ] as const) {
      expect(versionBelow(a, b)).toBe(!versionAtLeast(a, b));
    }
  });
});
