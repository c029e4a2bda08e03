import type { BatchItem } from "drizzle-orm/batch";
import type { DrizzleD1Database } from "drizzle-orm/d1";

/**
 * The database every query takes: a drizzle D1 database, with or without a relational
 * schema attached (only the query builders and `batch` are used).
 *
 * @example
 * import { drizzle } from "drizzle-orm/d1";
 * const db: InventoryDb = drizzle(env.DB);
 */
export type InventoryDb = Pick<
  DrizzleD1Database,
  "select" | "insert" | "update" | "delete" | "batch"
>;

/** One statement of a `db.batch([...])`, D1's only atomic unit (no interactive transactions). */
export type Statement = BatchItem<"sqlite">;

/**
 * Runs statements as one atomic D1 batch; nothing to do for an empty list.
 *
 * @example await runBatch(db, putNodePoolStatements(db, pool, now));
 */
export async function runBatch(db: InventoryDb, statements: readonly Statement[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first === undefined) return;
  await db.batch([first, ...rest]);
}
