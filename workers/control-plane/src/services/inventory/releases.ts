import type { z } from "@hono/zod-openapi";
import type { Release, ReleaseInput } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  getRelease,
  listReleases,
  type Page,
  type PageRequest,
  putRelease,
  type ReleaseRow,
} from "@regatta/inventory";
import { releases } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import type { Db } from "../../db.ts";
import { ProblemError } from "../../http/problem.ts";
import { checkRelease } from "./release-check.ts";
import { rfc3339, type Upserted } from "./upserted.ts";

type ReleaseView = z.infer<typeof Release>;

/**
 * Publishes or replaces a release after `checkRelease`. A replace keeps the first
 * publication time; CH-1 orders releases by name, not by that time.
 * @example await upsertRelease(db, "2022-R25", { channel: "REGULAR", targets: { "1.20": "1.21.14-gke.4300" }, … }, now)
 */
export async function upsertRelease(
  db: Db,
  name: string,
  input: z.infer<typeof ReleaseInput>,
  now: Instant,
): Promise<Upserted<ReleaseView>> {
  checkRelease(name, input);
  const [before, [row]] = await db.batch([
    db.select({ name: releases.name }).from(releases).where(eq(releases.name, name)),
    putRelease(db, { name, ...input }, now).returning(),
  ]);
  return { created: before.length === 0, value: releaseView(row!) };
}

/** The release, or a 404. */
export async function readRelease(db: Db, name: string): Promise<ReleaseView> {
  const row = await getRelease(db, name);
  if (!row) throw new ProblemError(404, `release ${name} does not exist`);
  return releaseView(row);
}

/** A page of releases by name (text order; the API does not promise release order). */
export async function pageReleases(db: Db, request: PageRequest): Promise<Page<ReleaseView>> {
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
    createdAt: rfc3339(row.createdAt),
  };
}
