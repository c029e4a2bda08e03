import type { z } from "@hono/zod-openapi";
import type { Release, ReleaseInput } from "@regatta/contract";
import { type Instant, toRfc3339 } from "@regatta/engine";
import {
  getRelease,
  type Inventory,
  listReleases,
  type Page,
  type PageRequest,
  type ReleaseRow,
  storeRelease,
} from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { checkRelease } from "./release-check.ts";
import { type Upserted, upserted } from "./upserted.ts";

type ReleaseView = z.infer<typeof Release>;

/**
 * Publishes or replaces a release after `checkRelease`. A replace keeps the first
 * publication time; CH-1 orders releases by name, not by that time.
 * @example await upsertRelease(db, "2022-R25", { channel: "REGULAR", targets: { "1.20": "1.21.14-gke.4300" }, … }, now)
 */
export async function upsertRelease(
  db: Inventory,
  name: string,
  input: z.infer<typeof ReleaseInput>,
  now: Instant,
): Promise<Outcome<Upserted<ReleaseView>>> {
  const checked = checkRelease(name, input);
  if (!checked.ok) return checked;
  return accepted(upserted(await storeRelease(db, { name, ...input }, now), releaseView));
}

/** The release, or a 404. */
export async function readRelease(db: Inventory, name: string): Promise<Outcome<ReleaseView>> {
  const row = await getRelease(db, name);
  if (!row) return refused("missing", `release ${name} does not exist`);
  return accepted(releaseView(row));
}

/** A page of releases by name (text order; the API does not promise release order). */
export async function pageReleases(
  db: Inventory,
  request: PageRequest,
): Promise<Page<ReleaseView>> {
  const page = await listReleases(db, request);
  return { items: page.items.map(releaseView), nextCursor: page.nextCursor };
}

function releaseView(row: ReleaseRow): ReleaseView {
  return {
    name: row.name,
    channel: row.channel,
    targets: row.targets,
    versions: row.versions,
    nodeImages: row.nodeImages,
    regions: row.regions,
    endOfLife: row.endOfLife,
    createdAt: toRfc3339(row.createdAt),
  };
}
