/**
 * The D1 inventory: drizzle schema (`schema`, also at `@regatta/inventory/schema`) and
 * typed queries over a drizzle D1 database. Single-statement writes return a drizzle
 * query: await it, or pass it to `db.batch`. Writes spanning tables return statements
 * (`…Statements`) for one `db.batch`, since D1 has no interactive transactions.
 */
export * from "./queries/index.ts";
export * from "./schema/enums.ts";
export type * from "./schema/json.ts";
export * as schema from "./schema.ts";
