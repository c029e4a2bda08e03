import { createRoute } from "@hono/zod-openapi";
import {
  ListQuery,
  page,
  Reservation,
  ReservationInput,
  ReservationParams,
} from "@regatta/contract";
import { type App, router } from "../../app.ts";
import { authorize } from "../../auth/middleware.ts";
import { controlPlaneNow } from "../../clock/now.ts";
import { json, jsonBody, PROBLEMS } from "../../http/openapi.ts";
import { orRefuse } from "../../http/problem.ts";
import {
  pageReservations,
  readReservation,
  removeReservation,
  upsertReservation,
} from "../../services/inventory/reservations.ts";

const tags = ["reservations"];
const put = createRoute({
  method: "put",
  path: "/v1/reservations/{id}",
  tags,
  summary: "Create or replace a reservation (admin); 422 when its zone or machine type is unknown",
  request: { params: ReservationParams, body: jsonBody(ReservationInput) },
  responses: {
    200: json("replaced", Reservation),
    201: json("created", Reservation),
    ...PROBLEMS,
  },
});
const get = createRoute({
  method: "get",
  path: "/v1/reservations/{id}",
  tags,
  summary: "A reservation",
  request: { params: ReservationParams },
  responses: { 200: json("the reservation", Reservation), ...PROBLEMS },
});
const list = createRoute({
  method: "get",
  path: "/v1/reservations",
  tags,
  summary: "Reservations by id",
  request: { query: ListQuery },
  responses: { 200: json("a page of reservations", page(Reservation)), ...PROBLEMS },
});
const remove = createRoute({
  method: "delete",
  path: "/v1/reservations/{id}",
  tags,
  summary: "Delete a reservation (admin)",
  request: { params: ReservationParams },
  responses: { 204: { description: "deleted" }, ...PROBLEMS },
});

/** `/v1/reservations`: global inventory, readable by every token, written by admins. */
export function reservationRoutes(): App {
  const app = router();
  app.openapi(put, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    const db = c.var.inventory;
    const now = await controlPlaneNow(c.env, c.var.inventory);
    const { created, value } = orRefuse(
      await upsertReservation(db, c.req.valid("param").id, c.req.valid("json"), now),
    );
    return created ? c.json(value, 201) : c.json(value, 200);
  });
  app.openapi(get, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(orRefuse(await readReservation(c.var.inventory, c.req.valid("param").id)), 200);
  });
  app.openapi(list, async (c) => {
    authorize(c.get("principal"), "read", { kind: "global" });
    return c.json(await pageReservations(c.var.inventory, c.req.valid("query")), 200);
  });
  app.openapi(remove, async (c) => {
    authorize(c.get("principal"), "write", { kind: "global" });
    orRefuse(await removeReservation(c.var.inventory, c.req.valid("param").id));
    return c.body(null, 204);
  });
  return app;
}
