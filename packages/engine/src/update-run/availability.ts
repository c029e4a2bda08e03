import type { Instant } from "../time/instant.ts";
import type { Availability, ImageAvailability } from "./types.ts";

/** What CH-3 reads of one published release (`PUT /v1/releases/{release}`). */
export interface PublishedRelease {
  name: string;
  /** First publication; a replaced release keeps it. */
  createdAt: Instant;
  /** Node images in the order the release lists them, each with its regions. */
  nodeImages: readonly ImageAvailability[];
  /** Regions per Kubernetes version. */
  regions: Readonly<Record<string, readonly string[]>>;
}

/**
 * CH-3 as a run reads it: node images in publication order (releases by first
 * publication, ties by name, each in its listed order; an image published again counts
 * as newer) and, per image and per version, the regions of every release merged.
 *
 * @example
 * releaseAvailability([
 *   { name: "2022-R25", createdAt: 1, nodeImages: [{ version: "cos-105", regions: ["eu"] }], regions: { "1.24.5-gke.600": ["eu"] } },
 *   { name: "2022-R26", createdAt: 2, nodeImages: [{ version: "cos-105", regions: ["us"] }], regions: { "1.24.5-gke.600": ["us"] } },
 * ]) // { nodeImages: [{ version: "cos-105", regions: ["eu", "us"] }], versionRegions: { "1.24.5-gke.600": ["eu", "us"] } }
 */
export function releaseAvailability(releases: readonly PublishedRelease[]): Availability {
  const ordered = [...releases].sort(
    (a, b) => a.createdAt - b.createdAt || (a.name < b.name ? -1 : 1),
  );
  const images = new Map<string, Set<string>>();
  const regions: Record<string, Set<string>> = {};
  for (const release of ordered) {
    for (const image of release.nodeImages) {
      // A later publication of the same image counts as newer.
      const known = images.get(image.version) ?? new Set<string>();
      images.delete(image.version);
      for (const region of image.regions) known.add(region);
      images.set(image.version, known);
    }
    for (const [version, list] of Object.entries(release.regions)) {
      const set = regions[version] ?? new Set<string>();
      for (const region of list) set.add(region);
      regions[version] = set;
    }
  }
  return {
    nodeImages: [...images].map(([version, set]) => ({ version, regions: [...set] })),
    versionRegions: Object.fromEntries(Object.entries(regions).map(([v, set]) => [v, [...set]])),
  };
}
