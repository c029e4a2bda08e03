import * as schema from "@regatta/inventory/schema";
import { type DrizzleD1Database, drizzle } from "drizzle-orm/d1";

export type Db = DrizzleD1Database<typeof schema>;

/** The inventory database with the shared drizzle schema. */
export function inventoryDb(d1: D1Database): Db {
  return drizzle(d1, { schema });
}
