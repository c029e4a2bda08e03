import { type Availability, releaseAvailability, releaseCatalogue } from "@regatta/engine";
import { allPages, type Inventory, listReleases } from "../queries/index.ts";

/** CH-3 and VER-6 as the run engine reads them: every release's availability, and the catalogue. */
export async function loadAvailability(
  db: Inventory,
): Promise<{ availability: Availability; catalogue: string[] }> {
  const releases = await allPages((page) => listReleases(db, page));
  // The catalogue from the same rows: one read of the releases, not two.
  const catalogue = releaseCatalogue(
    releases.map((row) => ({ targets: row.targets, versions: row.versions ?? [] })),
  );
  return { availability: releaseAvailability(releases), catalogue: [...catalogue] };
}
