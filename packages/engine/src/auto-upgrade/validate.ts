import { ok, type Result, refuse } from "../rules/violation.ts";
import { checkInCatalogue } from "../version/catalogue.ts";
import type { AutoUpgradeProfileSpec } from "./types.ts";

/**
 * EXT-5 at `PUT`: `targetKubernetesVersion` is given with the TargetKubernetesVersion
 * channel and only with it, and it is published (VER-6: the profile would otherwise wait
 * for a version nobody can install).
 *
 * @example validateAutoUpgradeProfile({ channel: "Stable", targetKubernetesVersion: "1.18.6", … }, catalogue) // refused EXT-5
 */
export function validateAutoUpgradeProfile(
  profile: AutoUpgradeProfileSpec,
  catalogue: ReadonlySet<string>,
): Result<AutoUpgradeProfileSpec> {
  const target = profile.targetKubernetesVersion;
  if (profile.channel !== "TargetKubernetesVersion") {
    if (target === undefined) return ok(profile);
    return refuse(
      "EXT-5",
      "refused",
      `EXT-5: targetKubernetesVersion is only for the TargetKubernetesVersion channel, not ${profile.channel}`,
    );
  }
  if (target === undefined) {
    return refuse(
      "EXT-5",
      "refused",
      "EXT-5: the TargetKubernetesVersion channel needs targetKubernetesVersion",
    );
  }
  const known = checkInCatalogue(target, catalogue);
  return known.ok ? ok(profile) : known;
}
