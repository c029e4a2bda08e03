import type { Instant } from "@regatta/engine";
import { and, asc, eq, gt, lte, min } from "drizzle-orm";
import { objectWakeups } from "../schema/wakeups.ts";
import type { Inventory } from "./db.ts";

/** A Durable Object namespace whose objects keep their next wake-up here. */
export type WakeupKind = (typeof objectWakeups.$inferSelect)["kind"];

/** One object's next wake-up. */
export interface Wakeup {
  kind: WakeupKind;
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
  kind: WakeupKind,
  name: string,
  due: Instant | undefined,
): Promise<void> {
  if (due === undefined) {
    await db
      .delete(objectWakeups)
      .where(and(eq(objectWakeups.kind, kind), eq(objectWakeups.name, name)));
    return;
  }
  await db
    .insert(objectWakeups)
    .values({ kind, name, due })
    .onConflictDoUpdate({ target: [objectWakeups.kind, objectWakeups.name], set: { due } });
}

/** The earliest wake-up of any object, if one is recorded. */
export async function earliestWakeup(db: Inventory): Promise<Instant | undefined> {
  const row = await db
    .select({ due: min(objectWakeups.due) })
    .from(objectWakeups)
    .get();
  return row?.due ?? undefined;
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

/** The earliest wake-up strictly after `after`, if any. */
export async function nextWakeupAfter(db: Inventory, after: Instant): Promise<Instant | undefined> {
  const row = await db
    .select({ due: min(objectWakeups.due) })
    .from(objectWakeups)
    .where(gt(objectWakeups.due, after))
    .get();
  return row?.due ?? undefined;
}
