import { asc, inArray, lt, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type AnyD1Database, type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/**
 * The inventory handle every query takes: the D1 database as drizzle sees it (only the
 * query builders and `batch` are used). Callers open it once per request or object and
 * pass it to the typed queries of this package; they never build SQL themselves.
 *
 * @example
 * const inventory = openInventory(env.DB);
 * const cluster = await getCluster(inventory, "prod-eu-1");
 */
export type Inventory = Pick<
  DrizzleD1Database,
  "select" | "insert" | "update" | "delete" | "batch"
>;

/** The handle of each binding (a binding is the same object for every request of an isolate). */
const opened = new WeakMap<AnyD1Database, Inventory>();

/**
 * Opens the inventory over a D1 binding, once per binding: no I/O, and no schema either
 * (only the query builders are used; drizzle's relational config, built from the schema
 * on every open, cost a few milliseconds per request).
 *
 * @example const inventory = openInventory(env.DB);
 */
export function openInventory(d1: AnyD1Database): Inventory {
  const existing = opened.get(d1);
  if (existing !== undefined) return existing;
  const inventory = drizzle(d1);
  opened.set(d1, inventory);
  return inventory;
}

/** Each inventory handle's hot statements, built once (see {@link prepared}). */
const preparedOf = new WeakMap<Inventory, Map<string, unknown>>();

/**
 * A hot statement built once per inventory handle (drizzle's `.prepare()`, its values
 * as `sql.placeholder`s) instead of on every call: building a query costs more than
 * running a small one, and objects run these on every call or alarm.
 *
 * @example const stmt = prepared(db, "sim-clock", () => selectSimClock(db).prepare());
 */
export function prepared<S>(db: Inventory, name: string, build: () => S): S {
  let statements = preparedOf.get(db);
  if (statements === undefined) {
    statements = new Map();
    preparedOf.set(db, statements);
  }
  if (!statements.has(name)) statements.set(name, build());
  return statements.get(name) as S;
}

/** One statement of a `db.batch([...])`, D1's only atomic unit (no interactive transactions). */
export type Statement = BatchItem<"sqlite">;

/**
 * Runs statements as one atomic D1 batch; nothing to do for an empty list.
 *
 * @example await runBatch(db, putNodePoolStatements(db, pool, now));
 */
export async function runBatch(db: Inventory, statements: readonly Statement[]): Promise<void> {
  const [first, ...rest] = statements;
  if (first === undefined) return;
  await db.batch([first, ...rest]);
}

/** What a create-or-replace did: the row as stored, and whether this call created it. */
export interface Stored<T> {
  created: boolean;
  row: T;
}

/**
 * Deletes at most `limit` rows of `table` whose `stamp` is before `cutoff`, oldest first;
 * how many went, so a cron prunes in bounded steps (a full step means more remain).
 *
 * @example while ((await pruneOldest(db, keys, keys.createdAt, cutoff, 500)) === 500) {}
 */
export async function pruneOldest(
  db: Inventory,
  table: SQLiteTable,
  stamp: SQLiteColumn,
  cutoff: number,
  limit: number,
): Promise<number> {
  const oldest = db
    .select({ row: sql`rowid` })
    .from(table)
    .where(lt(stamp, cutoff))
    .orderBy(asc(stamp))
    .limit(limit);
  const deleted = await db
    .delete(table)
    .where(inArray(sql`rowid`, oldest))
    .returning({ row: sql`rowid` });
  return deleted.length;
}
