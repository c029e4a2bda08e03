import { z } from "@hono/zod-openapi";
import { fleetInstant } from "./clocks.ts";
import { Name } from "./common.ts";

/** `PUT /v1/fleets/{fleet}` body: a fleet has no settings of its own yet. */
export const FleetInput = z.strictObject({}).openapi("FleetInput");

/** A fleet as the API shows it. */
export const Fleet = z
  .object({
    name: Name,
    createdAt: fleetInstant().optional(),
    updatedAt: fleetInstant().optional(),
  })
  .openapi("Fleet");

/** `PUT /v1/fleets/{fleet}/scopes/{scope}` body: a team scope has no settings yet. */
export const ScopeInput = z.strictObject({}).openapi("ScopeInput");

/** A team scope as the API shows it. */
export const Scope = z
  .object({
    fleet: Name,
    name: Name,
    clusters: z.array(Name).optional(),
    createdAt: fleetInstant().optional(),
    updatedAt: fleetInstant().optional(),
  })
  .openapi("Scope");
