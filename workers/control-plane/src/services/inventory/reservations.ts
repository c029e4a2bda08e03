import type { z } from "@hono/zod-openapi";
import type { Reservation, ReservationInput } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  constraintViolation,
  deleteReservation,
  getMachineType,
  getReservation,
  type Inventory,
  knownZoneNames,
  listReservations,
  type Page,
  type PageRequest,
  type ReservationRow,
  storeReservation,
} from "@regatta/inventory";
import { accepted, type Outcome, type Refused, refused } from "../../outcome.ts";
import { type Upserted, upserted } from "./upserted.ts";

type ReservationView = z.infer<typeof Reservation>;
type ReservationSpec = z.infer<typeof ReservationInput>;

/**
 * Creates or replaces a reservation. Its zone and machine type are checked first so the
 * 422 names what is missing; the foreign keys still guard a delete racing this write.
 * @example await upsertReservation(db, "res-1", { zone: "europe-west1-b", machineType: "e2-standard-4", count: 3 }, now)
 */
export async function upsertReservation(
  db: Inventory,
  id: string,
  input: ReservationSpec,
  now: Instant,
): Promise<Outcome<Upserted<ReservationView>>> {
  const unknown = await unknownReferences(db, id, input);
  if (unknown) return unknown;
  try {
    return accepted(upserted(await storeReservation(db, { id, ...input }, now), reservationView));
  } catch (error) {
    if (constraintViolation(error) !== "FOREIGN_KEY") throw error;
    const vanished = await unknownReferences(db, id, input);
    if (vanished) return vanished;
    throw error;
  }
}

/** A 422 naming the zone and machine type the reservation refers to that do not exist. */
async function unknownReferences(
  db: Inventory,
  id: string,
  input: ReservationSpec,
): Promise<Refused | undefined> {
  const [zones, machineType] = await Promise.all([
    knownZoneNames(db, [input.zone]),
    getMachineType(db, input.machineType),
  ]);
  const missing: string[] = [];
  if (zones.length === 0) missing.push(`zone ${input.zone}`);
  if (machineType === undefined) missing.push(`machine type ${input.machineType}`);
  if (missing.length === 0) return undefined;
  return refused(
    "refused",
    `reservation ${id} names unknown ${missing.join(" and unknown ")}; create it first`,
  );
}

/** The reservation, or a 404. */
export async function readReservation(
  db: Inventory,
  id: string,
): Promise<Outcome<ReservationView>> {
  const row = await getReservation(db, id);
  if (!row) return refused("missing", `reservation ${id} does not exist`);
  return accepted(reservationView(row));
}

/** A page of reservations by id. */
export async function pageReservations(
  db: Inventory,
  request: PageRequest,
): Promise<Page<ReservationView>> {
  const page = await listReservations(db, request);
  return { items: page.items.map(reservationView), nextCursor: page.nextCursor };
}

/** Deletes a reservation; 404 when unknown. */
export async function removeReservation(db: Inventory, id: string): Promise<Outcome<void>> {
  const deleted = await deleteReservation(db, id);
  if (deleted.length === 0) return refused("missing", `reservation ${id} does not exist`);
  return accepted(undefined);
}

function reservationView(row: ReservationRow): ReservationView {
  return { id: row.id, zone: row.zone, machineType: row.machineType, count: row.count };
}
