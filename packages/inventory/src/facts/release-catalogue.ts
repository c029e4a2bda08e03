import { releaseCatalogue } from "@regatta/engine";
import { type Inventory, listReleaseVersions, type ReleaseRow } from "../queries/index.ts";

/** Every version any release publishes: what the control plane can install (VER-6). */
export async function loadCatalogue(db: Inventory): Promise<Set<string>> {
  return catalogueOf(await listReleaseVersions(db));
}

/** The VER-6 catalogue of release rows the caller read (in a batch with its other reads). */
export function catalogueOf(
  rows: readonly Pick<ReleaseRow, "targets" | "versions">[],
): Set<string> {
  return releaseCatalogue(
    rows.map((row) => ({ targets: row.targets, versions: row.versions ?? [] })),
  );
}
