import { compareVersions } from "../version/compare.ts";
import { formatVersion, minorOf, tryParseVersion, type Version } from "../version/version.ts";
import type { AutoUpgradeProfileSpec } from "./types.ts";

/** Where a version channel points: a version, or why there is none (EXT-9). */
export type ChannelTarget = { kind: "TARGET"; version: Version } | { kind: "NONE"; reason: string };

/** The published versions, parsed, newest first (unparseable entries are not versions). */
export function publishedVersions(catalogue: readonly string[]): Version[] {
  const versions: Version[] = [];
  for (const text of catalogue) {
    const version = tryParseVersion(text);
    if (version !== undefined) versions.push(version);
  }
  return versions.sort((a, b) => compareVersions(b, a));
}

/** The newest published version of `major.minor`, if any; `newest` is sorted newest first. */
export function latestPatch(
  newest: readonly Version[],
  major: number,
  minor: number,
): Version | undefined {
  return newest.find((v) => v.major === major && v.minor === minor);
}

/**
 * EXT-5: the version a profile's channel points at. N is the newest published minor;
 * Stable is the latest patch of the published minor below it (N−1), Rapid the latest
 * patch of N; TargetKubernetesVersion the profile's version, while it is published (VER-6).
 *
 * @example channelTarget({ channel: "Stable", … }, ["1.17.9", "1.18.4", "1.18.6", "1.19.1"]) // 1.18.6
 * @example channelTarget({ channel: "Rapid", … }, ["1.17.9", "1.18.4", "1.18.6", "1.19.1"]) // 1.19.1
 */
export function channelTarget(
  profile: Pick<AutoUpgradeProfileSpec, "channel" | "targetKubernetesVersion">,
  catalogue: readonly string[],
): ChannelTarget {
  const newest = publishedVersions(catalogue);
  const top = newest[0];
  if (profile.channel === "TargetKubernetesVersion") {
    const wanted = profile.targetKubernetesVersion ?? "";
    const version = tryParseVersion(wanted);
    if (version === undefined || !catalogue.includes(wanted)) {
      return { kind: "NONE", reason: `VER-6: ${wanted} is not in the release catalogue` };
    }
    return { kind: "TARGET", version };
  }
  if (top === undefined) return { kind: "NONE", reason: "EXT-5: no version is published" };
  if (profile.channel === "Rapid") return { kind: "TARGET", version: top };
  // Stable: the newest minor below N that has a published patch (normally N−1).
  const below = newest.find((v) => minorOf(v) !== minorOf(top));
  if (below === undefined) {
    return {
      kind: "NONE",
      reason: `EXT-5: Stable follows the minor below the newest (${minorOf(top)}); no older minor is published`,
    };
  }
  return { kind: "TARGET", version: below };
}

/** Where one member goes next on the way to a target. */
export type MemberStep =
  | { kind: "STEP"; version: Version }
  | { kind: "CURRENT" }
  | { kind: "STUCK"; reason: string };

/**
 * EXT-5, VER-4: a member's next version towards `target`, never more than one minor at a
 * time. On the target's minor or the one below, the target itself; further behind, the
 * latest published patch of its next minor (a later generation takes it the rest of the
 * way); at or above the target, nothing.
 *
 * @example memberStep("1.17.7", 1.18.6, newest) // STEP 1.18.6
 * @example memberStep("1.16.3", 1.18.6, newest) // STEP 1.17.9 (the latest 1.17)
 */
export function memberStep(
  cluster: string,
  current: string,
  target: Version,
  newest: readonly Version[],
): MemberStep {
  const from = tryParseVersion(current);
  if (from === undefined) {
    return { kind: "STUCK", reason: `VER-1: cluster ${cluster} runs ${current}, not a version` };
  }
  if (compareVersions(from, target) >= 0) return { kind: "CURRENT" };
  if (from.major !== target.major) {
    return {
      kind: "STUCK",
      reason: `EXT-5: cluster ${cluster} on ${current} is on another major than ${formatVersion(target)}`,
    };
  }
  if (target.minor - from.minor <= 1) return { kind: "STEP", version: target };
  const next = latestPatch(newest, from.major, from.minor + 1);
  if (next === undefined) {
    return {
      kind: "STUCK",
      reason: `EXT-5: cluster ${cluster} on ${current} is more than one minor behind ${formatVersion(target)} and no ${from.major}.${from.minor + 1} is published`,
    };
  }
  return { kind: "STEP", version: next };
}
