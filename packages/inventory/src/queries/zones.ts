import type { Instant } from "@regatta/engine";
import { asc, eq, gt, inArray } from "drizzle-orm";
import { zones } from "../schema/catalog.ts";
import { setFromExcluded } from "./chunk.ts";
import type { Inventory, Stored } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored zone. */
export type ZoneRow = typeof zones.$inferSelect;
/** What `putZone` writes; timestamps come from `now`. */
export type ZoneWrite = Omit<typeof zones.$inferInsert, "createdAt" | "updatedAt">;

/** @example const zone = await getZone(db, "europe-west1-b"); */
export async function getZone(db: Inventory, name: string): Promise<ZoneRow | undefined> {
  return db.select().from(zones).where(eq(zones.name, name)).get();
}

/** Zones by name. */
export function listZones(db: Inventory, page?: PageRequest): Promise<Page<ZoneRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(zones)
        .where(after === undefined ? undefined : gt(zones.name, after))
        .orderBy(asc(zones.name))
        .limit(take),
    (z) => z.name,
  );
}

/** Creates or replaces a zone; await it or put it in a batch. */
export function putZone(db: Inventory, zone: ZoneWrite, now: Instant) {
  return db
    .insert(zones)
    .values({ ...zone, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: zones.name, set: setFromExcluded(zones, ["name", "createdAt"]) });
}

/** Deletes a zone (refused while reservations use it); resolves to the deleted keys. */
export function deleteZone(db: Inventory, name: string) {
  return db.delete(zones).where(eq(zones.name, name)).returning({ name: zones.name });
}

/**
 * Creates or replaces a zone and says whether it created it (probe and write in one batch).
 *
 * @example const { created, row } = await storeZone(db, { name: "europe-west1-b", … }, now);
 */
export async function storeZone(
  db: Inventory,
  zone: ZoneWrite,
  now: Instant,
): Promise<Stored<ZoneRow>> {
  const [before, [row]] = await db.batch([
    db.select({ name: zones.name }).from(zones).where(eq(zones.name, zone.name)),
    putZone(db, zone, now).returning(),
  ]);
  return { created: before.length === 0, row: row! };
}

/**
 * The names among `names` that are zones of the inventory.
 *
 * @example await knownZoneNames(db, ["europe-west1-b", "mars-1"]) // ["europe-west1-b"]
 */
export async function knownZoneNames(db: Inventory, names: readonly string[]): Promise<string[]> {
  if (names.length === 0) return [];
  const rows = await db
    .select({ name: zones.name })
    .from(zones)
    .where(inArray(zones.name, [...names]));
  return rows.map((row) => row.name);
}
