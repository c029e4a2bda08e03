import type { Instant } from "@regatta/engine";
import { and, eq, lt } from "drizzle-orm";
import { idempotencyKeys } from "../schema/access.ts";
import { type Inventory, pruneOldest } from "./db.ts";

/** A remembered response to a `POST` with an `Idempotency-Key`, or a reservation. */
export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
/** What `saveIdempotentResponse` writes. */
export type IdempotencyWrite = Omit<typeof idempotencyKeys.$inferInsert, "createdAt">;
/** Who asked what under a key: everything of a row but the answer. */
export type IdempotencyRequest = Omit<IdempotencyWrite, "status" | "body">;

/**
 * `status` of a key whose first request is still running. Its `body` then holds the
 * reservation's random owner tag instead of an answer, so only the request (or the one
 * taking over a stale reservation) that holds the tag may fill it in or release it.
 */
export const IDEMPOTENCY_PENDING = 0;

/** Whether the row is a reservation of a request still running (no answer yet). */
export function isPendingIdempotency(row: IdempotencyRow): boolean {
  return row.status === IDEMPOTENCY_PENDING;
}

/** @example const seen = await getIdempotentResponse(db, key, tokenIdentity); */
export async function getIdempotentResponse(
  db: Inventory,
  key: string,
  principal: string,
): Promise<IdempotencyRow | undefined> {
  return db.select().from(idempotencyKeys).where(ofKey(key, principal)).get();
}

/**
 * Reserves a key for a request about to run: resolves true when this call inserted the
 * reservation, false when the key already had a row (an answer or another reservation).
 * The insert is the race's referee, so two concurrent first requests never both run.
 */
export async function reserveIdempotencyKey(
  db: Inventory,
  request: IdempotencyRequest,
  owner: string,
  now: Instant,
): Promise<boolean> {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({ ...request, status: IDEMPOTENCY_PENDING, body: owner, createdAt: now })
    .onConflictDoNothing({ target: [idempotencyKeys.key, idempotencyKeys.principal] })
    .returning({ key: idempotencyKeys.key });
  return inserted.length === 1;
}

/**
 * Takes over a reservation whose request died before answering (its owner tag is
 * `staleOwner`, reserved before `staleBefore`); false when someone else got there first.
 */
export async function takeOverIdempotencyKey(
  db: Inventory,
  key: string,
  principal: string,
  takeover: { staleOwner: string; staleBefore: Instant; owner: string; now: Instant },
): Promise<boolean> {
  const taken = await db
    .update(idempotencyKeys)
    .set({ body: takeover.owner, createdAt: takeover.now })
    .where(
      and(
        ofReservation(key, principal, takeover.staleOwner),
        lt(idempotencyKeys.createdAt, takeover.staleBefore),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  return taken.length === 1;
}

/** Fills a reservation this request owns with its answer; false when it no longer owns it. */
export async function completeIdempotencyKey(
  db: Inventory,
  key: string,
  principal: string,
  owner: string,
  answer: { status: number; body: string },
): Promise<boolean> {
  const filled = await db
    .update(idempotencyKeys)
    .set(answer)
    .where(ofReservation(key, principal, owner))
    .returning({ key: idempotencyKeys.key });
  return filled.length === 1;
}

/** Drops a reservation this request owns (after a server error, so a retry runs again). */
export function releaseIdempotencyKey(
  db: Inventory,
  key: string,
  principal: string,
  owner: string,
) {
  return db.delete(idempotencyKeys).where(ofReservation(key, principal, owner));
}

/**
 * Remembers a finished answer for a key; a later save for the same key and principal
 * is ignored, so the earlier answer stays.
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
    .where(ofKey(key, principal))
    .returning({ key: idempotencyKeys.key });
}

/** Forgets keys saved before `cutoff` (e.g. from the cron trigger after 24 hours). */
export function purgeIdempotentResponses(db: Inventory, cutoff: Instant) {
  return db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, cutoff));
}

function ofKey(key: string, principal: string) {
  return and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.principal, principal));
}

function ofReservation(key: string, principal: string, owner: string) {
  return and(
    ofKey(key, principal),
    eq(idempotencyKeys.status, IDEMPOTENCY_PENDING),
    eq(idempotencyKeys.body, owner),
  );
}

/**
 * Forgets at most `limit` of the oldest keys saved before `cutoff`; resolves to how
 * many went, so the cron can prune in bounded steps (a full step means more remain).
 *
 * @example while ((await pruneIdempotentResponses(db, cutoff, 500)) === 500) {}
 */
export function pruneIdempotentResponses(
  db: Inventory,
  cutoff: Instant,
  limit: number,
): Promise<number> {
  return pruneOldest(db, idempotencyKeys, idempotencyKeys.createdAt, cutoff, limit);
}
