import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { NodeImage, RegionName, ReleaseChannel, Version } from "./common.ts";

/** A release name such as `2022-R25`. */
export const ReleaseName = z
  .string()
  .regex(/^[A-Za-z0-9]([-A-Za-z0-9._]{0,61}[A-Za-z0-9])?$/, {
    error: (issue) => `${JSON.stringify(issue.input)} is not a release name`,
  })
  .openapi({ example: "2022-R25" });

/** A current minor such as `1.21`, the key of a channel target (CH-1). */
export const Minor = z
  .string()
  .regex(/^\d+\.\d+$/, { error: (issue) => `${JSON.stringify(issue.input)} is not MAJOR.MINOR` })
  .openapi({ example: "1.21" });

/** Auto-upgrade targets keyed by current minor: `{"1.20": "1.21.14-gke.4300"}` (CH-1). */
export const ChannelTargets = z.record(Minor, Version).openapi("ChannelTargets", {
  example: { "1.20": "1.21.14-gke.4300", "1.22": "1.23.8-gke.1900" },
});

/** A node image and the regions that have it (CH-3). */
export const NodeImageAvailability = z
  .strictObject({ version: NodeImage, regions: z.array(RegionName).max(256) })
  .openapi("NodeImageAvailability");

/** Regions that have each version (CH-3); a version not listed is available everywhere. */
export const VersionRegions = z
  .record(Version, z.array(RegionName).max(256))
  .openapi("VersionRegions");

/**
 * CH-2: when each minor reaches end of life; a cluster of that minor with no
 * auto-upgrade target is upgraded then, to the newest published version of the next minor.
 */
export const MinorEndOfLife = z
  .record(Minor, fleetInstant())
  .openapi("MinorEndOfLife", { example: { "1.23": "2023-07-31T00:00:00Z" } });

const releaseFields = {
  channel: ReleaseChannel,
  targets: ChannelTargets,
  versions: z.array(Version).max(1000).default([]).openapi({
    description: "Versions this release can install (VER-6).",
  }),
  nodeImages: z.array(NodeImageAvailability).max(1000).default([]),
  regions: VersionRegions.default({}),
  endOfLife: MinorEndOfLife.default({}),
};

/** `PUT /v1/releases/{release}` body. */
export const ReleaseInput = z.strictObject(releaseFields).openapi("ReleaseInput");

/** A release as the API shows it. */
export const Release = z
  .object({ name: ReleaseName, ...releaseFields, createdAt: fleetInstant().optional() })
  .openapi("Release");

/** `GET /v1/channels/{channel}`: the channel's current targets and the release they come from. */
export const Channel = z
  .object({
    channel: ReleaseChannel,
    release: ReleaseName.nullable().openapi({ description: "null before any release" }),
    targets: ChannelTargets,
  })
  .openapi("Channel");
