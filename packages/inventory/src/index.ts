/**
 * The D1 inventory: drizzle schema (`schema`, also at `@regatta/inventory/schema`) and
 * every query the control plane runs, as typed functions over the `Inventory` handle
 * (`openInventory(env.DB)`). Callers outside this package never build SQL. Single-
 * statement writes return a query: await it, or pass it to `runBatch`. Writes spanning
 * tables return statements (`…Statements`) for one batch, since D1 has no interactive
 * transactions.
 */
export * from "./facts/index.ts";
export * from "./queries/index.ts";
export * from "./schema/enums.ts";
export type * from "./schema/json.ts";
export * as schema from "./schema.ts";
