import { z } from "@hono/zod-openapi";
import { Name, ZoneName } from "./common.ts";

/** `PUT /v1/reservations/{id}` body: `count` machines of a type held in a zone (CA-9). */
export const ReservationInput = z
  .strictObject({ zone: ZoneName, machineType: Name, count: z.int().min(1).max(15_000) })
  .openapi("ReservationInput");

/** A reservation as the API shows it. */
export const Reservation = z
  .object({ id: Name, zone: ZoneName, machineType: Name, count: z.int() })
  .openapi("Reservation");
