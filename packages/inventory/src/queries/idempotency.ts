import type { Instant } from "@regatta/engine";
import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import { idempotencyKeys } from "../schema/access.ts";
import type { Inventory } from "./db.ts";

/** A remembered response to a `POST` with an `Idempotency-Key`. */
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
/** What `saveIdempotentResponse` writes. */
export type IdempotencyWrite = Omit<typeof idempotencyKeys.$inferInsert, "createdAt">;

/** @example const seen = await getIdempotentResponse(db, key, "token:ci"); */
export async function getIdempotentResponse(
  db: Inventory,
  key: string,
  principal: string,
): Promise<IdempotencyRow | undefined> {
  return db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.principal, principal)))
    .get();
}

/**
 * Remembers the first response for a key; a later save for the same key and principal
 * is ignored, so a race between two first requests keeps the earlier one.
 */
export function saveIdempotentResponse(db: Inventory, entry: IdempotencyWrite, now: Instant) {
  return db
    .insert(idempotencyKeys)
    .values({ ...entry, createdAt: now })
    .onConflictDoNothing({ target: [idempotencyKeys.key, idempotencyKeys.principal] });
}

/** Forgets one key of a principal; resolves to the deleted keys. */
export function deleteIdempotentResponse(db: Inventory, key: string, principal: string) {
  return db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.principal, principal)))
    .returning({ key: idempotencyKeys.key });
}

/** Forgets keys saved before `cutoff` (e.g. from the cron trigger after 24 hours). */
export function purgeIdempotentResponses(db: Inventory, cutoff: Instant) {
  return db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
}

/**
 * Forgets at most `limit` of the oldest keys saved before `cutoff`; resolves to how
 * many went, so the cron can prune in bounded steps (a full step means more remain).
 *
 * @example while ((await pruneIdempotentResponses(db, cutoff, 500)) === 500) {}
 */
export async function pruneIdempotentResponses(
  db: Inventory,
  cutoff: Instant,
  limit: number,
): Promise<number> {
  const oldest = db
    .select({ row: sql`rowid` })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .orderBy(asc(idempotencyKeys.createdAt))
    .limit(limit);
  const deleted = await db
    .delete(idempotencyKeys)
    .where(inArray(sql`rowid`, oldest))
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}
