import { type Instant, toRfc3339 } from "../time/instant.ts";
import { compareVersions } from "../version/compare.ts";
import { minorOf, tryParseVersion } from "../version/version.ts";
import type { Channel } from "./channel.ts";
import { compareReleaseNames } from "./release-name.ts";

/** CH-2: when each minor reaches end of life, keyed by minor (`"1.23"`). */
export type MinorEndOfLife = Readonly<Record<string, Instant>>;

/** The part of a release that dates its minors' end of life. */
export interface ReleaseEndOfLife {
  name: string;
  channel: Channel;
  endOfLife: MinorEndOfLife;
}

/**
 * A channel's end-of-life dates: its releases applied in release order, a later release
 * moving the date of a minor it mentions (like the targets, CH-1).
 *
 * @example currentEndOfLife([{ name: "2022-R25", channel: "REGULAR", endOfLife: { "1.23": t } }], "REGULAR") // { "1.23": t }
 */
export function currentEndOfLife(
  releases: readonly ReleaseEndOfLife[],
  channel: Channel,
): Record<string, Instant> {
  const merged: Record<string, Instant> = {};
  const ordered = releases
    .filter((release) => release.channel === channel)
    .sort((a, b) => compareReleaseNames(a.name, b.name));
  for (const release of ordered) Object.assign(merged, release.endOfLife);
  return merged;
}

/** Where the end of life of a cluster's minor leaves a cluster that has no target. */
export type EndOfLifeTarget =
  | { kind: "NONE" }
  | { kind: "LATER"; at: Instant; reason: string }
  | { kind: "NOTHING_PUBLISHED"; at: Instant; reason: string }
  | { kind: "TARGET"; at: Instant; target: string };

/**
 * CH-2 (seed 000): a cluster with no valid auto-upgrade target is not upgraded
 * automatically until its minor reaches end of life; then it is, to the newest version
 * of the next minor its channel publishes (one minor at a time, VER-4; published, VER-6).
 *
 * @example endOfLifeTarget("1.23.4", { "1.23": t }, ["1.24.2", "1.24.5"], t) // { kind: "TARGET", at: t, target: "1.24.5" }
 */
export function endOfLifeTarget(
  currentVersion: string,
  endOfLife: MinorEndOfLife,
  published: readonly string[],
  now: Instant,
): EndOfLifeTarget {
  const current = tryParseVersion(currentVersion);
  if (current === undefined) return { kind: "NONE" };
  const minor = minorOf(current);
  const at = Object.hasOwn(endOfLife, minor) ? endOfLife[minor] : undefined;
  if (at === undefined) return { kind: "NONE" };
  const when = toRfc3339(at);
  if (now < at) {
    return {
      kind: "LATER",
      at,
      reason: `it is upgraded when ${minor} reaches end of life on ${when}`,
    };
  }
  const next = `${current.major}.${current.minor + 1}`;
  let best: { text: string; parsed: NonNullable<ReturnType<typeof tryParseVersion>> } | undefined;
  for (const text of published) {
    const parsed = tryParseVersion(text);
    if (parsed === undefined || minorOf(parsed) !== next) continue;
    if (best === undefined || compareVersions(parsed, best.parsed) > 0) best = { text, parsed };
  }
  if (best === undefined) {
    return {
      kind: "NOTHING_PUBLISHED",
      at,
      reason: `${minor} reached end of life on ${when} but no version of ${next} is published`,
    };
  }
  return { kind: "TARGET", at, target: best.text };
}
