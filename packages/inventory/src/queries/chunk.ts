import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";

/** D1 binds at most 100 parameters per statement. */
export const MAX_BOUND_PARAMETERS = 100;

/**
 * Splits items into consecutive chunks of at most `size`.
 *
 * @example chunk([1, 2, 3], 2) // [[1, 2], [3]]
 */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size ${size} < 1`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * `column IN values` with the values as one JSON parameter (`json_each`): any number of
 * them in one statement, where a bound list stops at D1's 100 parameters.
 *
 * @example db.select().from(clusters).where(among(clusters.name, names))
 */
export function among(column: SQLiteColumn, values: readonly string[]): SQL {
  return sql`${column} in (select value from json_each(${JSON.stringify(values)}))`;
}

/**
 * How many rows of `table` one multi-row INSERT may carry without passing D1's parameter
 * limit, counting every column as bound (drizzle binds a value or inlines null per column).
 */
export function rowsPerInsert(table: SQLiteTable): number {
  const columns = Object.keys(getTableColumns(table)).length;
  return Math.max(1, Math.floor(MAX_BOUND_PARAMETERS / columns));
}

/**
 * The `SET` of an upsert that takes every column from the row being inserted
 * (`excluded.col`) except `keep` (keys and creation time). Referencing `excluded`
 * instead of re-binding values keeps the statement within the parameter limit.
 */
export function setFromExcluded<T extends SQLiteTable>(
  table: T,
  keep: readonly (keyof T["_"]["columns"])[],
): Record<string, SQL> {
  const set: Record<string, SQL> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    if (keep.includes(key)) continue;
    set[key] = sql`excluded.${sql.identifier(column.name)}`;
  }
  return set;
}
