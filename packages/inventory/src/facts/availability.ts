import type { Availability } from "@regatta/engine";
import { allPages, type Inventory, listReleases } from "../queries/index.ts";
import { loadCatalogue } from "./release-catalogue.ts";

/**
 * CH-3 as the run engine reads it: node images in publication order (releases by
 * creation time, each in its listed order) and the regions of each version, merged over
 * every release; plus the catalogue (VER-6).
 */
export async function loadAvailability(
  db: Inventory,
): Promise<{ availability: Availability; catalogue: string[] }> {
  const releases = await allPages((page) => listReleases(db, page));
  releases.sort((a, b) => a.createdAt - b.createdAt || (a.name < b.name ? -1 : 1));
  const images = new Map<string, Set<string>>();
  const regions: Record<string, Set<string>> = {};
  for (const release of releases) {
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
    availability: {
      nodeImages: [...images].map(([version, set]) => ({ version, regions: [...set] })),
      versionRegions: Object.fromEntries(Object.entries(regions).map(([v, set]) => [v, [...set]])),
    },
    catalogue: [...(await loadCatalogue(db))],
  };
}
