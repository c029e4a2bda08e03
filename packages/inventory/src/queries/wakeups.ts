import type { Instant } from "@regatta/engine";
import { and, asc, eq, gt, gte, lte, min, or, sql } from "drizzle-orm";
import { objectWakeups } from "../schema/wakeups.ts";
import { setFromExcluded } from "./chunk.ts";
import { type Inventory, prepared } from "./db.ts";

/**
 * One object's next wake-up. `kind` names its Durable Object namespace in the owning
 * worker's terms; the inventory stores it as text.
 */
export interface Wakeup {
  kind: string;
  name: string;
  due: Instant;
}

/**
 * Records when an object next has work due; `undefined` forgets it (nothing pending).
 *
 * @example await putWakeup(db, "fleet", "prod", due);
 */
export async function putWakeup(
  db: Inventory,
  kind: string,
  name: string,
  due: Instant | undefined,
): Promise<void> {
  const statements = wakeupStatements(db);
  if (due === undefined) await statements.forget.run({ kind, name });
  else await statements.put.run({ kind, name, due });
}

/** Every object's alarm changes its wake-up: the two statements are prepared once. */
function wakeupStatements(db: Inventory) {
  return prepared(db, "wakeups", () => ({
    forget: db
      .delete(objectWakeups)
      .where(
        and(
          eq(objectWakeups.kind, sql.placeholder("kind")),
          eq(objectWakeups.name, sql.placeholder("name")),
        ),
      )
      .prepare(),
    put: db
      .insert(objectWakeups)
      .values({
        kind: sql.placeholder("kind"),
        name: sql.placeholder("name"),
        due: sql.placeholder("due"),
      })
      .onConflictDoUpdate({
        target: [objectWakeups.kind, objectWakeups.name],
        set: setFromExcluded(objectWakeups, ["kind", "name"]),
      })
      .prepare(),
  }));
}

/**
 * A page of the objects with anything pending, by namespace and name after `after`:
 * the ones whose alarms follow the sim clock's speed.
 */
export function pendingWakeups(
  db: Inventory,
  after: { kind: string; name: string } | undefined,
  limit: number,
): Promise<Wakeup[]> {
  const query = db.select().from(objectWakeups);
  const page =
    after === undefined
      ? query
      : query.where(
          or(
            gt(objectWakeups.kind, after.kind),
            and(eq(objectWakeups.kind, after.kind), gt(objectWakeups.name, after.name)),
          ),
        );
  return page.orderBy(asc(objectWakeups.kind), asc(objectWakeups.name)).limit(limit);
}

/** The objects due by `until`, earliest first, at most `limit`. */
export function dueWakeups(db: Inventory, until: Instant, limit: number): Promise<Wakeup[]> {
  return db
    .select()
    .from(objectWakeups)
    .where(lte(objectWakeups.due, until))
    .orderBy(asc(objectWakeups.due), asc(objectWakeups.kind), asc(objectWakeups.name))
    .limit(limit);
}

/**
 * The objects whose wake-up is the earliest at or after `since` (all due at that one
 * instant), at most `limit`: one query answers both when the next instant is and who
 * is due at it.
 */
export function wakeupsFrom(db: Inventory, since: Instant, limit: number): Promise<Wakeup[]> {
  const next = db
    .select({ due: min(objectWakeups.due) })
    .from(objectWakeups)
    .where(gte(objectWakeups.due, since));
  return db
    .select()
    .from(objectWakeups)
    .where(eq(objectWakeups.due, next))
    .orderBy(asc(objectWakeups.kind), asc(objectWakeups.name))
    .limit(limit);
}
