import type { Instant } from "@regatta/engine";
import { and, asc, eq, gt, type SQL } from "drizzle-orm";
import { scopes } from "../schema/fleets.ts";
import { scopeMemberships } from "../schema/memberships.ts";
import { among } from "./chunk.ts";
import type { Inventory, Stored } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored team scope. */
export type ScopeRow = typeof scopes.$inferSelect;

/** @example const scope = await getScope(db, "prod", "payments"); */
export async function getScope(
  db: Inventory,
  fleet: string,
  name: string,
): Promise<ScopeRow | undefined> {
  return db
    .select()
    .from(scopes)
    .where(and(eq(scopes.fleet, fleet), eq(scopes.name, name)))
    .get();
}

/** Scopes of a fleet by name. */
export function listScopes(
  db: Inventory,
  fleet: string,
  page?: PageRequest,
): Promise<Page<ScopeRow>> {
  return pageScopesWhere(db, eq(scopes.fleet, fleet), page);
}

/**
 * The scopes among `names` of a fleet, by name: what a token bound to some of its scopes
 * may list. Filtered in the query, so a cursor never names a scope outside `names`.
 */
export function listScopesNamed(
  db: Inventory,
  fleet: string,
  names: readonly string[],
  page?: PageRequest,
): Promise<Page<ScopeRow>> {
  return pageScopesWhere(db, and(eq(scopes.fleet, fleet), among(scopes.name, names)), page);
}

function pageScopesWhere(
  db: Inventory,
  where: SQL | undefined,
  page: PageRequest | undefined,
): Promise<Page<ScopeRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(scopes)
        .where(and(where, after === undefined ? undefined : gt(scopes.name, after)))
        .orderBy(asc(scopes.name))
        .limit(take),
    (s) => s.name,
  );
}

/** Creates a scope in an existing fleet (FK), or touches `updatedAt`. */
export function putScope(db: Inventory, fleet: string, name: string, now: Instant) {
  return db
    .insert(scopes)
    .values({ fleet, name, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [scopes.fleet, scopes.name], set: { updatedAt: now } });
}

/** Deletes a scope and its memberships; resolves to the deleted keys. */
export function deleteScope(db: Inventory, fleet: string, name: string) {
  return db
    .delete(scopes)
    .where(and(eq(scopes.fleet, fleet), eq(scopes.name, name)))
    .returning({ fleet: scopes.fleet, name: scopes.name });
}

/** Names of the clusters in a scope, by name. */
export function listScopeMembers(
  db: Inventory,
  fleet: string,
  scope: string,
  page?: PageRequest,
): Promise<Page<string>> {
  return keysetPage(
    page,
    async (after, take) => {
      const rows = await db
        .select({ cluster: scopeMemberships.cluster })
        .from(scopeMemberships)
        .where(
          and(
            eq(scopeMemberships.fleet, fleet),
            eq(scopeMemberships.scope, scope),
            after === undefined ? undefined : gt(scopeMemberships.cluster, after),
          ),
        )
        .orderBy(asc(scopeMemberships.cluster))
        .limit(take);
      return rows.map((r) => r.cluster);
    },
    (cluster) => cluster,
  );
}

/**
 * Creates a scope in an existing fleet or touches it, and says whether it created it
 * (one batch). A missing fleet fails with a FOREIGN_KEY violation.
 *
 * @example const { created, row } = await storeScope(db, "prod", "payments", now);
 */
export async function storeScope(
  db: Inventory,
  fleet: string,
  name: string,
  now: Instant,
): Promise<Stored<ScopeRow>> {
  const [before, [row]] = await db.batch([
    db
      .select({ name: scopes.name })
      .from(scopes)
      .where(and(eq(scopes.fleet, fleet), eq(scopes.name, name))),
    putScope(db, fleet, name, now).returning(),
  ]);
  return { created: before.length === 0, row: row! };
}
