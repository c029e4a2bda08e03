import type { Channel, ChannelTargets } from "./channel.ts";
import { compareReleaseNames } from "./release-name.ts";

/** The part of a release (`PUT /v1/releases/{release}`) that sets a channel's targets. */
export interface ReleaseTargets {
  name: string;
  channel: Channel;
  targets: ChannelTargets;
}

/**
 * A channel's current auto-upgrade targets (CH-1): the releases of that channel applied
 * in release order, the later release winning per minor. A minor a later release does
 * not mention keeps the earlier target — a release publishes targets, it does not
 * withdraw them. Releases with the same name apply in the order given.
 *
 * @example
 * currentTargets([
 *   { name: "2022-R26", channel: "REGULAR", targets: { "1.24": "1.24.6-gke.1500" } },
 *   { name: "2022-R25", channel: "REGULAR", targets: { "1.22": "1.23.8-gke.1900", "1.24": "1.24.5-gke.600" } },
 * ], "REGULAR") // {"1.22": "1.23.8-gke.1900", "1.24": "1.24.6-gke.1500"}
 */
export function currentTargets(
  releases: readonly ReleaseTargets[],
  channel: Channel,
): ChannelTargets {
  const ordered = releases
    .filter((release) => release.channel === channel)
    .sort((a, b) => compareReleaseNames(a.name, b.name));
  const merged: Record<string, string> = {};
  for (const release of ordered) Object.assign(merged, release.targets);
  return merged;
}
