import type { Instant } from "@regatta/engine";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { fleets } from "../schema/fleets.ts";
import type { Inventory } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored fleet. */
export type FleetRow = typeof fleets.$inferSelect;

/** @example const fleet = await getFleet(db, "prod"); */
export async function getFleet(db: Inventory, name: string): Promise<FleetRow | undefined> {
  return db.select().from(fleets).where(eq(fleets.name, name)).get();
}

/** Fleets by name. */
export function listFleets(db: Inventory, page?: PageRequest): Promise<Page<FleetRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(fleets)
        .where(after === undefined ? undefined : gt(fleets.name, after))
        .orderBy(asc(fleets.name))
        .limit(take),
    (f) => f.name,
  );
}

/**
 * Fleets among `names`, by name: the fleets a token bound to some fleets may see. The
 * names travel as one JSON parameter (`json_each`), so a token with hundreds of fleets
 * stays within D1's 100 bound parameters.
 */
export function listFleetsNamed(
  db: Inventory,
  names: readonly string[],
  page?: PageRequest,
): Promise<Page<FleetRow>> {
  const among = sql`${fleets.name} in (select value from json_each(${JSON.stringify(names)}))`;
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(fleets)
        .where(and(among, after === undefined ? undefined : gt(fleets.name, after)))
        .orderBy(asc(fleets.name))
        .limit(take),
    (f) => f.name,
  );
}

/** Creates a fleet, or touches `updatedAt` of an existing one. */
export function putFleet(db: Inventory, name: string, now: Instant) {
  return db
    .insert(fleets)
    .values({ name, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: fleets.name, set: { updatedAt: now } });
}

/**
 * Deletes a fleet and its scopes. Refused by the foreign key while clusters are in it
 * (`constraintViolation(err) === "FOREIGN_KEY"`, a 409 for the API).
 */
export function deleteFleet(db: Inventory, name: string) {
  return db.delete(fleets).where(eq(fleets.name, name)).returning({ name: fleets.name });
}
