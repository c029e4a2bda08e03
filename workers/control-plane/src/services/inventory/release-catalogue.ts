import { releaseCatalogue } from "@regatta/engine";
import { releases } from "@regatta/inventory/schema";
import type { Db } from "../../db.ts";

/** Every version any release publishes: what the control plane can install (VER-6). */
export async function loadCatalogue(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ targets: releases.targets, versions: releases.versions })
    .from(releases);
  return releaseCatalogue(
    rows.map((row) => ({ targets: row.targets, versions: row.versions ?? [] })),
  );
}
