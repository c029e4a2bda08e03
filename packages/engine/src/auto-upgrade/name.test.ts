import { describe, expect, it } from "vitest";
import { generatedRunName } from "./name.ts";

describe("generatedRunName", () => {
  it("EXT-5 generated runs are named <profile>-<goal>-<n>, the same for every caller", () => {
    expect(generatedRunName("stable", "Full:1.18.6", 3)).toBe("stable-1-18-6-3");
    expect(generatedRunName("p", "Full:1.21.14-gke.4300", 1)).toBe("p-1-21-14-gke-4300-1");
    expect(generatedRunName("images", "NodeImageOnly:cos-110", 1)).toBe("images-cos-110-1");
    expect(generatedRunName("images", "NodeImageOnly:cos-110+ubuntu-2204", 2)).toBe(
      "images-node-images-2",
    );
  });

  it("EXT-5 a long profile name is shortened so the run's name stays a DNS label", () => {
    const name = generatedRunName(
      `${"a".repeat(50)}-${"b".repeat(12)}`,
      "Full:1.21.14-gke.4300",
      12,
    );
    expect(name.length).toBeLessThanOrEqual(63);
    expect(name).toMatch(/^[a-z0-9]([-a-z0-9]{0,61}[a-z0-9])?$/);
    expect(name.endsWith("-1-21-14-gke-4300-12")).toBe(true);
  });
});
