import { type Availability, releaseAvailability } from "@regatta/engine";
import { allPages, type Inventory, listReleases } from "../queries/index.ts";
import { loadCatalogue } from "./release-catalogue.ts";

/** CH-3 and VER-6 as the run engine reads them: every release's availability, and the catalogue. */
export async function loadAvailability(
  db: Inventory,
): Promise<{ availability: Availability; catalogue: string[] }> {
  const releases = await allPages((page) => listReleases(db, page));
  return {
    availability: releaseAvailability(releases),
    catalogue: [...(await loadCatalogue(db))],
  };
}
