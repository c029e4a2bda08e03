import type { Instant } from "@regatta/engine";
import { and, desc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { operations } from "../schema/operations.ts";
import { among } from "./chunk.ts";
import type { Inventory } from "./db.ts";
import {
  decodeCursor,
  encodeCursor,
  InvalidCursorError,
  type Page,
  type PageRequest,
  pageLimit,
} from "./page.ts";

/** Where an operation lives: the index row that finds its fleet object. */
export type OperationRow = typeof operations.$inferSelect;
/** What `insertOperation` writes; a new operation is live until written back. */
export type OperationWrite = Omit<typeof operations.$inferInsert, "live" | "createdAt">;

/** @example const op = await getOperation(db, "op-1"); // { fleet: "prod", cluster: "c1", … } */
export async function getOperation(db: Inventory, id: string): Promise<OperationRow | undefined> {
  return db.select().from(operations).where(eq(operations.id, id)).get();
}

/**
 * A fresh operation id. Every command id of an operation starts with it
 * (`operationOfCommand`), so it holds no `:`; the index row and every webhook callback
 * find the operation's fleet object by it.
 *
 * @example newOperationId() // "op-3f0c9a0e-4b1d-4f7e-9a52-1c2d3e4f5a6b"
 */
export function newOperationId(): string {
  return `op-${crypto.randomUUID()}`;
}

/** Indexes a new operation so it can be found before its object has answered. */
export function insertOperation(db: Inventory, operation: OperationWrite, now: Instant) {
  return db.insert(operations).values({ ...operation, createdAt: now });
}

/**
 * Indexes several new operations in one statement whatever their number: the rows go as
 * one JSON parameter, in the column order of `operations` (id, kind, fleet, cluster,
 * pool, created_at, live).
 */
export async function insertOperations(
  db: Inventory,
  rows: readonly OperationWrite[],
  now: Instant,
): Promise<void> {
  if (rows.length === 0) return;
  const json = JSON.stringify(
    rows.map(({ id, kind, fleet, cluster, pool }) => ({ id, kind, fleet, cluster, pool })),
  );
  await db
    .insert(operations)
    .select(
      sql`SELECT value->>'id', value->>'kind', value->>'fleet', value->>'cluster', value->>'pool', ${now}, 1 FROM json_each(${json})`,
    );
}

/** Removes several index rows in one statement. */
export async function deleteOperations(db: Inventory, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(operations).where(among(operations.id, ids));
}

/** Removes an operation's index row (the object refused to start it, or it was retired). */
export function deleteOperation(db: Inventory, id: string) {
  return db.delete(operations).where(eq(operations.id, id));
}

/**
 * The pools among `pools` whose latest nodes are still only in the fleet object (an
 * operation not yet written back).
 *
 * @example await livePools(db, "prod-1", ["default", "gpu"]) // ["gpu"]
 */
export async function livePools(
  db: Inventory,
  cluster: string,
  pools: readonly string[],
): Promise<string[]> {
  if (pools.length === 0) return [];
  const rows = await db
    .select({ pool: operations.pool })
    .from(operations)
    .where(
      and(
        eq(operations.cluster, cluster),
        inArray(operations.pool, [...pools]),
        eq(operations.live, true),
      ),
    );
  return [...new Set(rows.flatMap((row) => (row.pool === null ? [] : [row.pool])))];
}

/**
 * The statement that marks an operation's nodes as written back (false) or live again
 * (true), to run alone or in the write-back's batch.
 *
 * @example await markOperationLive(db, "op-1", false)
 */
export function markOperationLive(db: Inventory, id: string, live: boolean) {
  return db.update(operations).set({ live }).where(eq(operations.id, id));
}

/**
 * The statement that marks every operation of a pool as no longer live (the pool was
 * deleted: there is nothing left to show from the fleet object).
 */
export function settlePoolOperations(db: Inventory, cluster: string, pool: string) {
  return db
    .update(operations)
    .set({ live: false })
    .where(and(eq(operations.cluster, cluster), eq(operations.pool, pool)));
}

/**
 * A cluster's operations, newest first, a page at a time. The cursor is the last row's
 * `createdAt|id`: only what this cluster's reader already saw, and it means nothing
 * on another cluster's list, which filters by its own cluster. Bound to the fleet the
 * cluster is in, the one its reader was authorized for: a namesake's operations in
 * another fleet are not this cluster's.
 *
 * @example const { items, nextCursor } = await listClusterOperations(db, { cluster: "prod-1", fleet: "prod" }, { limit: 20 });
 */
export async function listClusterOperations(
  db: Inventory,
  where: { cluster: string; fleet: string },
  request: PageRequest,
): Promise<Page<OperationRow>> {
  const limit = pageLimit(request.limit);
  let after: { createdAt: Instant; id: string } | undefined;
  if (request.cursor !== undefined) {
    const key = decodeCursor(request.cursor);
    const bar = key.indexOf("|");
    const createdAt = Number(key.slice(0, bar));
    if (bar < 0 || !Number.isSafeInteger(createdAt)) throw new InvalidCursorError(request.cursor);
    after = { createdAt: createdAt as Instant, id: key.slice(bar + 1) };
  }
  const rows = await db
    .select()
    .from(operations)
    .where(
      and(
        eq(operations.cluster, where.cluster),
        eq(operations.fleet, where.fleet),
        after === undefined
          ? undefined
          : or(
              lt(operations.createdAt, after.createdAt),
              and(eq(operations.createdAt, after.createdAt), lt(operations.id, after.id)),
            ),
      ),
    )
    .orderBy(desc(operations.createdAt), desc(operations.id))
    .limit(limit + 1);
  if (rows.length <= limit) return { items: rows, nextCursor: null };
  const items = rows.slice(0, limit);
  const last = items[limit - 1]!;
  return { items, nextCursor: encodeCursor(`${last.createdAt}|${last.id}`) };
}
