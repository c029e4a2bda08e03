import type { z } from "@hono/zod-openapi";
import type { Fleet } from "@regatta/contract";
import { type Instant, toRfc3339 } from "@regatta/engine";
import {
  constraintViolation,
  deleteFleet,
  type FleetRow,
  getDownstreamRollout,
  getFleet,
  type Inventory,
  listClustersByFleet,
  listFleetRollouts,
  listFleets,
  listFleetsNamed,
  type Page,
  type PageRequest,
  sequenceOfFleet,
  storeFleet,
} from "@regatta/inventory";
import {
  isUnbound,
  mayAccess,
  type Principal,
  type Resource,
  scopesHeldIn,
} from "../../auth/principal.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { type Upserted, upserted } from "./upserted.ts";

type FleetView = z.infer<typeof Fleet>;

// How many of the clusters that block a fleet delete the 409 names.
const BLOCKERS_SHOWN = 5;

/**
 * A fleet as a read target for `principal`: the fleet itself, plus the team scopes the
 * principal holds in it, so a token bound only to `prod/payments` may still see `prod`.
 * @example authorize(p, "read", fleetReadResource(p, "prod"))
 */
export function fleetReadResource(principal: Principal, fleet: string): Resource {
  return { kind: "fleet", fleet, scopes: scopesHeldIn(principal, fleet) };
}

/** Whether the fleet exists (the route authorizes a create differently from a replace). */
export async function fleetExists(db: Inventory, name: string): Promise<boolean> {
  return (await getFleet(db, name)) !== undefined;
}

/**
 * Creates a fleet or touches an existing one; `created` comes from a probe in the same
 * batch as the write.
 * @example await upsertFleet(db, "prod", now) // {created: true, value: {name: "prod", …}}
 */
export async function upsertFleet(
  db: Inventory,
  name: string,
  now: Instant,
): Promise<Upserted<FleetView>> {
  return upserted(await storeFleet(db, name, now), fleetView);
}

/** The fleet, or a 404. */
export async function readFleet(db: Inventory, name: string): Promise<Outcome<FleetView>> {
  const row = await getFleet(db, name);
  if (!row) return refused("missing", `fleet ${name} does not exist`);
  return accepted(fleetView(row));
}

/**
 * A page of the fleets `principal` may read. A token bound to fleets or scopes is paged
 * over just those names in the database, so its pages are full; every row is checked
 * with `mayAccess` again so this never shows more than the one authorization rule allows.
 */
export async function pageReadableFleets(
  db: Inventory,
  principal: Principal,
  request: PageRequest,
): Promise<Page<FleetView>> {
  const names = boundFleetNames(principal);
  const page =
    names === undefined ? await listFleets(db, request) : await listFleetsNamed(db, names, request);
  const items = page.items.filter((row) =>
    mayAccess(principal, "read", fleetReadResource(principal, row.name)),
  );
  return { items: items.map(fleetView), nextCursor: page.nextCursor };
}

/** Fleets a narrowed token names; undefined when it sees every fleet (admin, or unbound). */
function boundFleetNames(principal: Principal): string[] | undefined {
  if (isUnbound(principal)) return undefined;
  const scopeFleets = principal.scopes.map((grant) => grant.slice(0, grant.indexOf("/")));
  return [...new Set([...principal.fleets, ...scopeFleets])];
}

/**
 * Deletes a fleet with its team scopes and rollout groups; 404 when unknown, 409 naming
 * some of its clusters while it still has any (the foreign key restricts the delete), or
 * the group in another fleet that follows one of its groups (SEQ-1).
 */
export async function removeFleet(db: Inventory, name: string): Promise<Outcome<void>> {
  // SEQ-1: the fleet's own rollout groups go with it, but a group elsewhere that follows
  // one of them would be left with an upstream that no longer exists.
  for (const group of await listFleetRollouts(db, name)) {
    const downstream = await getDownstreamRollout(db, group.groupKey);
    if (downstream && downstream.fleet !== name) {
      return refused(
        "conflict",
        `SEQ-1: ${group.groupKey} is the upstream of ${downstream.groupKey} in a rollout sequence; give ${downstream.groupKey} another upstream (or none) first`,
        "SEQ-1",
      );
    }
  }
  // SEQ-17: its sequence would lose the fleet's place in a stage without a word.
  const sequence = await sequenceOfFleet(db, name);
  if (sequence !== undefined) {
    return refused(
      "conflict",
      `SEQ-17: fleet ${name} is in rollout sequence ${sequence}; take it out of the sequence's stages (or delete the sequence) first`,
      "SEQ-17",
    );
  }
  let deleted: { name: string }[];
  try {
    deleted = await deleteFleet(db, name);
  } catch (error) {
    if (constraintViolation(error) !== "FOREIGN_KEY") throw error;
    const blockers = await listClustersByFleet(db, name, { limit: BLOCKERS_SHOWN });
    const shown = blockers.items.map((cluster) => cluster.name).join(", ");
    const more = blockers.nextCursor === null ? "" : ", …";
    return refused(
      "conflict",
      `fleet ${name} still has clusters (${shown}${more}); delete or move them first`,
    );
  }
  if (deleted.length === 0) return refused("missing", `fleet ${name} does not exist`);
  return accepted(undefined);
}

function fleetView(row: FleetRow): FleetView {
  return {
    name: row.name,
    createdAt: toRfc3339(row.createdAt),
    updatedAt: toRfc3339(row.updatedAt),
  };
}
