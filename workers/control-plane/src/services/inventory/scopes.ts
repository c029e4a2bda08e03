import type { z } from "@hono/zod-openapi";
import type { Scope } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  allPages,
  constraintViolation,
  deleteScope,
  getFleet,
  getScope,
  listScopeMembers,
  listScopes,
  type Page,
  type PageRequest,
  putScope,
  type ScopeRow,
} from "@regatta/inventory";
import { scopes } from "@regatta/inventory/schema";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db.ts";
import { ProblemError } from "../../http/problem.ts";
import { rfc3339, type Upserted } from "./upserted.ts";

type ScopeView = z.infer<typeof Scope>;

/** 404 unless the fleet exists: every scope route lives under a fleet. */
export async function requireFleet(db: Db, fleet: string): Promise<void> {
  if (!(await getFleet(db, fleet))) throw new ProblemError(404, `fleet ${fleet} does not exist`);
}

/**
 * Creates a team scope in an existing fleet, or touches it. The fleet is checked first for
 * a clear 404; the foreign key still refuses a fleet deleted in between.
 * @example await upsertScope(db, "prod", "payments", now)
 */
export async function upsertScope(
  db: Db,
  fleet: string,
  name: string,
  now: Instant,
): Promise<Upserted<ScopeView>> {
  await requireFleet(db, fleet);
  try {
    const [before, [row]] = await db.batch([
      db
        .select({ name: scopes.name })
        .from(scopes)
        .where(and(eq(scopes.fleet, fleet), eq(scopes.name, name))),
      putScope(db, fleet, name, now).returning(),
    ]);
    return { created: before.length === 0, value: scopeView(row!) };
  } catch (error) {
    if (constraintViolation(error) === "FOREIGN_KEY")
      throw new ProblemError(404, `fleet ${fleet} does not exist`);
    throw error;
  }
}

/** The scope with the names of its clusters, or a 404 (for the fleet or the scope). */
export async function readScope(db: Db, fleet: string, name: string): Promise<ScopeView> {
  await requireFleet(db, fleet);
  const row = await getScope(db, fleet, name);
  if (!row) throw new ProblemError(404, `team scope ${name} does not exist in fleet ${fleet}`);
  return {
    ...scopeView(row),
    clusters: await allPages((page) => listScopeMembers(db, fleet, name, page)),
  };
}

/** A page of the fleet's scopes by name, without members (read one scope for those). */
export async function pageScopes(
  db: Db,
  fleet: string,
  request: PageRequest,
): Promise<Page<ScopeView>> {
  await requireFleet(db, fleet);
  const page = await listScopes(db, fleet, request);
  return { items: page.items.map(scopeView), nextCursor: page.nextCursor };
}

/** Deletes a scope and its memberships (the clusters stay); 404 when unknown. */
export async function removeScope(db: Db, fleet: string, name: string): Promise<void> {
  await requireFleet(db, fleet);
  const deleted = await deleteScope(db, fleet, name);
  if (deleted.length === 0)
    throw new ProblemError(404, `team scope ${name} does not exist in fleet ${fleet}`);
}

function scopeView(row: ScopeRow): ScopeView {
  return {
    fleet: row.fleet,
    name: row.name,
    createdAt: rfc3339(row.createdAt),
    updatedAt: rfc3339(row.updatedAt),
  };
}
