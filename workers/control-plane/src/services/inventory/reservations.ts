import type { z } from "@hono/zod-openapi";
import type { Reservation, ReservationInput } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  constraintViolation,
  deleteReservation,
  getReservation,
  listReservations,
  type Page,
  type PageRequest,
  putReservation,
  type ReservationRow,
} from "@regatta/inventory";
import { machineTypes, reservations, zones } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import type { Db } from "../../db.ts";
import { ProblemError } from "../../http/problem.ts";
import type { Upserted } from "./upserted.ts";

type ReservationView = z.infer<typeof Reservation>;
type ReservationSpec = z.infer<typeof ReservationInput>;

/**
 * Creates or replaces a reservation. Its zone and machine type are checked first so the
 * 422 names what is missing; the foreign keys still guard a delete racing this write.
 * @example await upsertReservation(db, "res-1", { zone: "europe-west1-b", machineType: "e2-standard-4", count: 3 }, now)
 */
export async function upsertReservation(
  db: Db,
  id: string,
  input: ReservationSpec,
  now: Instant,
): Promise<Upserted<ReservationView>> {
  await refuseUnknownReferences(db, id, input);
  try {
    const [before, [row]] = await db.batch([
      db.select({ id: reservations.id }).from(reservations).where(eq(reservations.id, id)),
      putReservation(db, { id, ...input }, now).returning(),
    ]);
    return { created: before.length === 0, value: reservationView(row!) };
  } catch (error) {
    if (constraintViolation(error) !== "FOREIGN_KEY") throw error;
    await refuseUnknownReferences(db, id, input);
    throw error;
  }
}

async function refuseUnknownReferences(db: Db, id: string, input: ReservationSpec): Promise<void> {
  const [zone, machineType] = await db.batch([
    db.select({ name: zones.name }).from(zones).where(eq(zones.name, input.zone)),
    db
      .select({ name: machineTypes.name })
      .from(machineTypes)
      .where(eq(machineTypes.name, input.machineType)),
  ]);
  const missing: string[] = [];
  if (zone.length === 0) missing.push(`zone ${input.zone}`);
  if (machineType.length === 0) missing.push(`machine type ${input.machineType}`);
  if (missing.length > 0) {
    throw new ProblemError(
      422,
      `reservation ${id} names unknown ${missing.join(" and unknown ")}; create it first`,
    );
  }
}

/** The reservation, or a 404. */
export async function readReservation(db: Db, id: string): Promise<ReservationView> {
  const row = await getReservation(db, id);
  if (!row) throw new ProblemError(404, `reservation ${id} does not exist`);
  return reservationView(row);
}

/** A page of reservations by id. */
export async function pageReservations(
  db: Db,
  request: PageRequest,
): Promise<Page<ReservationView>> {
  const page = await listReservations(db, request);
  return { items: page.items.map(reservationView), nextCursor: page.nextCursor };
}

/** Deletes a reservation; 404 when unknown. */
export async function removeReservation(db: Db, id: string): Promise<void> {
  const deleted = await deleteReservation(db, id);
  if (deleted.length === 0) throw new ProblemError(404, `reservation ${id} does not exist`);
}

function reservationView(row: ReservationRow): ReservationView {
  return { id: row.id, zone: row.zone, machineType: row.machineType, count: row.count };
}
