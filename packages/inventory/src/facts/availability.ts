import { type Availability, releaseAvailability } from "@regatta/engine";
import { type Inventory, type ReleaseRow, selectReleases } from "../queries/index.ts";
import { catalogueOf } from "./release-catalogue.ts";

/** CH-3 and VER-6 as the run engine reads them: every release's availability, and the catalogue. */
export interface ReleaseReadings {
  availability: Availability;
  catalogue: string[];
}

/** {@link ReleaseReadings} of the inventory's releases. */
export async function loadAvailability(db: Inventory): Promise<ReleaseReadings> {
  return availabilityOf(await selectReleases(db));
}

/** {@link ReleaseReadings} of releases the caller read (in a batch with its other reads). */
export function availabilityOf(releases: readonly ReleaseRow[]): ReleaseReadings {
  // The catalogue from the same rows: one read of the releases, not two.
  const catalogue = catalogueOf(releases);
  return { availability: releaseAvailability(releases), catalogue: [...catalogue] };
}
