import type { Instant } from "@regatta/engine";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { fleets } from "../schema/fleets.ts";
import { among } from "./chunk.ts";
import { type Inventory, inBatch, prepared, type Stored } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored fleet. */
export type FleetRow = typeof fleets.$inferSelect;

/** @example const fleet = await getFleet(db, "prod"); */
export async function getFleet(db: Inventory, name: string): Promise<FleetRow | undefined> {
  const [row] = await fleetStatement(db).execute({ name });
  return row;
}

/** The query of {@link getFleet} (zero or one row), to read in a batch with others. */
export function selectFleet(db: Inventory, name: string) {
  return inBatch(fleetStatement(db), { name });
}

/** Most requests authorize against a fleet: built once. */
function fleetStatement(db: Inventory) {
  return prepared(db, "fleet", () =>
    db
      .select()
      .from(fleets)
      .where(eq(fleets.name, sql.placeholder("name")))
      .limit(1)
      .prepare(),
  );
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
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(fleets)
        .where(
          and(among(fleets.name, names), after === undefined ? undefined : gt(fleets.name, after)),
        )
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

/**
 * Creates a fleet or touches an existing one; `created` comes from a probe in the same
 * batch as the write, so it is exact even when two writers race.
 *
 * @example const { created, row } = await storeFleet(db, "prod", now);
 */
export async function storeFleet(
  db: Inventory,
  name: string,
  now: Instant,
): Promise<Stored<FleetRow>> {
  const [before, [row]] = await db.batch([
    db.select({ name: fleets.name }).from(fleets).where(eq(fleets.name, name)),
    putFleet(db, name, now).returning(),
  ]);
  return { created: before.length === 0, row: row! };
}

/** Every fleet's name, for the cron trigger that wakes each fleet object. */
export async function listFleetNames(db: Inventory): Promise<string[]> {
  const rows = await db.select({ name: fleets.name }).from(fleets).orderBy(asc(fleets.name));
  return rows.map((row) => row.name);
}

/** Which of `names` are fleets (one query, for a request that names several). */
export async function existingFleets(
  db: Inventory,
  names: readonly string[],
): Promise<Set<string>> {
  if (names.length === 0) return new Set();
  const rows = await db.select({ name: fleets.name }).from(fleets).where(among(fleets.name, names));
  return new Set(rows.map((row) => row.name));
}
