import {
  asc,
  fillPlaceholders,
  getTableColumns,
  inArray,
  is,
  lt,
  type Placeholder,
  type Query,
  SQL,
  sql,
} from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { type AnyD1Database, type DrizzleD1Database, drizzle } from "drizzle-orm/d1";
import type { RunnableQuery } from "drizzle-orm/runnable-query";
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

/** A statement built once with {@link prepared}: drizzle's `.prepare()` of a query. */
export interface PreparedStatement<R> {
  getQuery(): Query;
  mapResult(response: unknown, isFromBatch?: boolean): unknown;
  execute(placeholderValues?: Record<string, unknown>): Promise<R>;
}

/**
 * A statement built once ({@link prepared}) as one statement of a `db.batch`, with
 * `values` for its placeholders. drizzle's batch builds every statement it is handed
 * again (its `_prepare`), which for the small reads and writes of every request cost
 * more than running them: this hands it the one already built. It answers what the
 * statement's `execute` answers.
 *
 * drizzle's batch asks each statement for `_prepare()` and of that for `getQuery()`, the
 * D1 statement `stmt` to bind and `mapResult` (drizzle-orm/d1/session.js):
 * test/prepared.test.ts runs such batches through drizzle's D1 driver, and every workerd
 * test that writes a cluster or reads one runs them on D1, so a drizzle upgrade that
 * changes this fails there.
 *
 * @example const [[row]] = await db.batch([inBatch(clusterStatement(db), { name })]);
 */
export function inBatch<R>(
  statement: PreparedStatement<R>,
  values: Record<string, unknown> = {},
): RunnableQuery<R, "sqlite"> {
  const built = statement.getQuery();
  const stmt = (statement as unknown as { stmt?: { bind(...values: unknown[]): unknown } }).stmt;
  if (typeof stmt?.bind !== "function") {
    throw new Error("inBatch: drizzle's prepared D1 statement has no stmt to bind any more");
  }
  const query = { sql: built.sql, params: fillPlaceholders(built.params, values) };
  const forBatch = {
    getQuery: () => query,
    stmt,
    mapResult: (response: unknown, isFromBatch?: boolean) =>
      statement.mapResult(response, isFromBatch),
  };
  return { _prepare: () => forBatch } as unknown as RunnableQuery<R, "sqlite">;
}

/**
 * Every column of `table` but `except` as a placeholder of its own key: the values of an
 * insert built once ({@link prepared}), filled by {@link everyColumn}.
 */
export function placeholdersOf(
  table: SQLiteTable,
  except: readonly string[] = [],
): Record<string, Placeholder> {
  return Object.fromEntries(
    insertable(table)
      .filter(([key]) => !except.includes(key))
      .map(([key]) => [key, sql.placeholder(key)]),
  );
}

/**
 * `values` with every column of `table` named, for an insert built with
 * {@link placeholdersOf}: a column left out takes what drizzle gives it in an insert built
 * for these values alone (its default, else its default or update function's value, else
 * null). A default written in SQL cannot be given as a value: such a column must be named.
 */
export function everyColumn(
  table: SQLiteTable,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const filled: Record<string, unknown> = {};
  for (const [key, column] of insertable(table)) {
    const given = values[key];
    const value =
      given !== undefined
        ? given
        : (column.default ?? column.defaultFn?.() ?? column.onUpdateFn?.() ?? null);
    if (is(value, SQL)) throw new Error(`${key}: its value is SQL; name a plain value for it`);
    filled[key] = value;
  }
  return filled;
}

/** The columns an insert names: not generated ones, which the database computes. */
function insertable(table: SQLiteTable) {
  return Object.entries(getTableColumns(table)).filter(
    ([, column]) => column.generated === undefined,
  );
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
