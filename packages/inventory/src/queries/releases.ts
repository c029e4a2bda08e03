import type { Instant } from "@regatta/engine";
import { asc, desc, eq, gt } from "drizzle-orm";
import type { ReleaseChannel } from "../schema/enums.ts";
import { releases } from "../schema/releases.ts";
import { setFromExcluded } from "./chunk.ts";
import type { Inventory, Stored } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored release. */
export type ReleaseRow = typeof releases.$inferSelect;
/** What `putRelease` writes; `createdAt` comes from `now` on first publication. */
export type ReleaseWrite = Omit<typeof releases.$inferInsert, "createdAt">;

/** @example const release = await getRelease(db, "2022-R25"); */
export async function getRelease(db: Inventory, name: string): Promise<ReleaseRow | undefined> {
  return db.select().from(releases).where(eq(releases.name, name)).get();
}

/** Releases by name. */
export function listReleases(db: Inventory, page?: PageRequest): Promise<Page<ReleaseRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(releases)
        .where(after === undefined ? undefined : gt(releases.name, after))
        .orderBy(asc(releases.name))
        .limit(take),
    (r) => r.name,
  );
}

/** Every release by name, in one query (a bounded catalogue), to read in a batch. */
export function selectReleases(db: Inventory) {
  return db.select().from(releases).orderBy(asc(releases.name));
}

/**
 * The channel's current release: the one first published last (ties by name). Replacing
 * a release keeps its publication time, so it does not jump ahead of newer ones.
 */
export async function getChannelRelease(
  db: Inventory,
  channel: ReleaseChannel,
): Promise<ReleaseRow | undefined> {
  return db
    .select()
    .from(releases)
    .where(eq(releases.channel, channel))
    .orderBy(desc(releases.createdAt), desc(releases.name))
    .limit(1)
    .get();
}

/**
 * Every release of a channel with its targets, versions and end-of-life dates, unordered: CH-1 merges them in release
 * order (`currentTargets` in the engine), which is not text order (`2022-R9 < 2022-R25`).
 * A channel gains a few releases a month, so reading them all stays small.
 */
export function listChannelReleases(
  db: Inventory,
  channel: ReleaseChannel,
): Promise<
  Pick<ReleaseRow, "name" | "channel" | "targets" | "versions" | "endOfLife" | "createdAt">[]
> {
  return db
    .select({
      name: releases.name,
      channel: releases.channel,
      targets: releases.targets,
      versions: releases.versions,
      endOfLife: releases.endOfLife,
      createdAt: releases.createdAt,
    })
    .from(releases)
    .where(eq(releases.channel, channel));
}

/** Publishes or replaces a release. */
export function putRelease(db: Inventory, release: ReleaseWrite, now: Instant) {
  return db
    .insert(releases)
    .values({ ...release, createdAt: now })
    .onConflictDoUpdate({
      target: releases.name,
      set: setFromExcluded(releases, ["name", "createdAt"]),
    });
}

/** Deletes a release; resolves to the deleted keys. */
export function deleteRelease(db: Inventory, name: string) {
  return db.delete(releases).where(eq(releases.name, name)).returning({ name: releases.name });
}

/**
 * Publishes or replaces a release and says whether it was new (one batch).
 *
 * @example const { created, row } = await storeRelease(db, { name: "2022-R25", … }, now);
 */
export async function storeRelease(
  db: Inventory,
  release: ReleaseWrite,
  now: Instant,
): Promise<Stored<ReleaseRow>> {
  const [before, [row]] = await db.batch([
    db.select({ name: releases.name }).from(releases).where(eq(releases.name, release.name)),
    putRelease(db, release, now).returning(),
  ]);
  return { created: before.length === 0, row: row! };
}

/**
 * What every release publishes (targets and extra versions): the VER-6 catalogue's
 * input. A query, to await or to read in a batch with others.
 */
export function listReleaseVersions(db: Inventory) {
  return db.select({ targets: releases.targets, versions: releases.versions }).from(releases);
}
