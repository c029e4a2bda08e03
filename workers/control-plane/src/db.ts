import { type Inventory, openInventory } from "@regatta/inventory";

/**
 * @deprecated Open the inventory with `openInventory` from `@regatta/inventory` (routes
 * read `c.var.inventory`). Kept only until the object-side modules that still call it
 * (sim executor, sim clock, sim controls, write-back) move to `openInventory`.
 */
export type Db = Inventory;

/** @deprecated See `Db`. */
export const inventoryDb: (d1: D1Database) => Db = openInventory;
