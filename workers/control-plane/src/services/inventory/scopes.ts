import type { z } from "@hono/zod-openapi";
import type { Scope } from "@regatta/contract";
import { type Instant, toRfc3339 } from "@regatta/engine";
import {
  allPages,
  constraintViolation,
  deleteScope,
  getFleet,
  getScope,
  type Inventory,
  listScopeMembers,
  listScopes,
  listScopesNamed,
  type Page,
  type PageRequest,
  type ScopeRow,
  storeScope,
} from "@regatta/inventory";
import { accepted, type Outcome, type Refused, refused } from "../../outcome.ts";
import { type Upserted, upserted } from "./upserted.ts";

type ScopeView = z.infer<typeof Scope>;

/** A 404 unless the fleet exists: every scope route lives under a fleet. */
async function missingFleet(db: Inventory, fleet: string): Promise<Refused | undefined> {
  if (await getFleet(db, fleet)) return undefined;
  return refused("missing", `fleet ${fleet} does not exist`);
}

/**
 * Creates a team scope in an existing fleet, or touches it. The fleet is checked first for
 * a clear 404; the foreign key still refuses a fleet deleted in between.
 * @example await upsertScope(db, "prod", "payments", now)
 */
export async function upsertScope(
  db: Inventory,
  fleet: string,
  name: string,
  now: Instant,
): Promise<Outcome<Upserted<ScopeView>>> {
  const missing = await missingFleet(db, fleet);
  if (missing) return missing;
  try {
    return accepted(upserted(await storeScope(db, fleet, name, now), scopeView));
  } catch (error) {
    if (constraintViolation(error) === "FOREIGN_KEY")
      return refused("missing", `fleet ${fleet} does not exist`);
    throw error;
  }
}

/** The scope with the names of its clusters, or a 404 (for the fleet or the scope). */
export async function readScope(
  db: Inventory,
  fleet: string,
  name: string,
): Promise<Outcome<ScopeView>> {
  const missing = await missingFleet(db, fleet);
  if (missing) return missing;
  const row = await getScope(db, fleet, name);
  if (!row) return refused("missing", `team scope ${name} does not exist in fleet ${fleet}`);
  return accepted({
    ...scopeView(row),
    clusters: await allPages((page) => listScopeMembers(db, fleet, name, page)),
  });
}

/**
 * A page of the fleet's scopes by name, without members (read one scope for those); only
 * those among `names` when given (a token bound to some scopes), filtered in the query.
 */
export async function pageScopes(
  db: Inventory,
  fleet: string,
  request: PageRequest,
  names: readonly string[] | undefined,
): Promise<Outcome<Page<ScopeView>>> {
  const missing = await missingFleet(db, fleet);
  if (missing) return missing;
  const page =
    names === undefined
      ? await listScopes(db, fleet, request)
      : await listScopesNamed(db, fleet, names, request);
  return accepted({ items: page.items.map(scopeView), nextCursor: page.nextCursor });
}

/** Deletes a scope and its memberships (the clusters stay); 404 when unknown. */
export async function removeScope(
  db: Inventory,
  fleet: string,
  name: string,
): Promise<Outcome<void>> {
  const missing = await missingFleet(db, fleet);
  if (missing) return missing;
  const deleted = await deleteScope(db, fleet, name);
  if (deleted.length === 0)
    return refused("missing", `team scope ${name} does not exist in fleet ${fleet}`);
  return accepted(undefined);
}

function scopeView(row: ScopeRow): ScopeView {
  return {
    fleet: row.fleet,
    name: row.name,
    createdAt: toRfc3339(row.createdAt),
    updatedAt: toRfc3339(row.updatedAt),
  };
}
