import { releaseCatalogue } from "@regatta/engine";
import { type Inventory, listReleaseVersions } from "../queries/index.ts";

/** Every version any release publishes: what the control plane can install (VER-6). */
export async function loadCatalogue(db: Inventory): Promise<Set<string>> {
  const rows = await listReleaseVersions(db);
  return releaseCatalogue(
    rows.map((row) => ({ targets: row.targets, versions: row.versions ?? [] })),
  );
}
