import type { Instant } from "@regatta/engine";
import { asc, eq, gt } from "drizzle-orm";
import { reservations } from "../schema/catalog.ts";
import { setFromExcluded } from "./chunk.ts";
import type { Inventory, Stored } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored reservation. */
export type ReservationRow = typeof reservations.$inferSelect;
/** What `putReservation` writes. */
export type ReservationWrite = Omit<typeof reservations.$inferInsert, "createdAt" | "updatedAt">;

/** @example const r = await getReservation(db, "res-1"); */
export async function getReservation(
  db: Inventory,
  id: string,
): Promise<ReservationRow | undefined> {
  return db.select().from(reservations).where(eq(reservations.id, id)).get();
}

/** Reservations by id. */
export function listReservations(db: Inventory, page?: PageRequest): Promise<Page<ReservationRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(reservations)
        .where(after === undefined ? undefined : gt(reservations.id, after))
        .orderBy(asc(reservations.id))
        .limit(take),
    (r) => r.id,
  );
}

/** Creates or replaces a reservation; its zone and machine type must exist (FK). */
export function putReservation(db: Inventory, reservation: ReservationWrite, now: Instant) {
  return db
    .insert(reservations)
    .values({ ...reservation, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: reservations.id,
      set: setFromExcluded(reservations, ["id", "createdAt"]),
    });
}

/** Deletes a reservation; resolves to the deleted keys. */
export function deleteReservation(db: Inventory, id: string) {
  return db.delete(reservations).where(eq(reservations.id, id)).returning({ id: reservations.id });
}

/**
 * Creates or replaces a reservation and says whether it created it (one batch). A
 * missing zone or machine type fails with a FOREIGN_KEY violation.
 *
 * @example const { created, row } = await storeReservation(db, { id: "res-1", … }, now);
 */
export async function storeReservation(
  db: Inventory,
  reservation: ReservationWrite,
  now: Instant,
): Promise<Stored<ReservationRow>> {
  const [before, [row]] = await db.batch([
    db
      .select({ id: reservations.id })
      .from(reservations)
      .where(eq(reservations.id, reservation.id)),
    putReservation(db, reservation, now).returning(),
  ]);
  return { created: before.length === 0, row: row! };
}
