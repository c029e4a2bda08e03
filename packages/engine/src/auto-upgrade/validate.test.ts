import { describe, expect, it } from "vitest";
import { validateAutoUpgradeProfile } from "./validate.ts";

const catalogue = new Set(["1.18.6", "1.19.1"]);
const base = { strategy: "s", nodeImageSelection: "Latest", disabled: false } as const;

describe("validateAutoUpgradeProfile", () => {
  it("EXT-5 targetKubernetesVersion only with the TargetKubernetesVersion channel, and required there", () => {
    expect(
      validateAutoUpgradeProfile(
        { ...base, channel: "Stable", targetKubernetesVersion: "1.18.6" },
        catalogue,
      ),
    ).toMatchObject({ ok: false, error: { rule: "EXT-5", kind: "refused" } });
    expect(
      validateAutoUpgradeProfile({ ...base, channel: "TargetKubernetesVersion" }, catalogue),
    ).toMatchObject({ ok: false, error: { rule: "EXT-5", kind: "refused" } });
    expect(
      validateAutoUpgradeProfile(
        { ...base, channel: "TargetKubernetesVersion", targetKubernetesVersion: "1.19.1" },
        catalogue,
      ).ok,
    ).toBe(true);
  });

  it("EXT-5 VER-6 the target must be published", () => {
    expect(
      validateAutoUpgradeProfile(
        { ...base, channel: "TargetKubernetesVersion", targetKubernetesVersion: "1.19.2" },
        catalogue,
      ),
    ).toMatchObject({ ok: false, error: { rule: "VER-6", kind: "refused" } });
  });
});
