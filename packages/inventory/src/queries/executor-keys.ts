import type { Instant } from "@regatta/engine";
import { eq } from "drizzle-orm";
import { executorKeys } from "../schema/fleets.ts";
import type { Inventory } from "./db.ts";

/** A fleet's executor key as stored (SEC-7): its salt, never a secret. */
export type ExecutorKeyRow = typeof executorKeys.$inferSelect;

/** @example const key = await getExecutorKey(db, "prod"); */
export function getExecutorKey(db: Inventory, fleet: string): Promise<ExecutorKeyRow | undefined> {
  return db.select().from(executorKeys).where(eq(executorKeys.fleet, fleet)).get();
}

/** Sets the fleet's key salt, replacing (rotating) any earlier one. */
export function putExecutorKey(db: Inventory, fleet: string, salt: string, now: Instant) {
  return db
    .insert(executorKeys)
    .values({ fleet, salt, createdAt: now })
    .onConflictDoUpdate({ target: executorKeys.fleet, set: { salt, createdAt: now } });
}

/** Deletes the fleet's key; resolves to the deleted rows' fleets. */
export function deleteExecutorKey(db: Inventory, fleet: string) {
  return db
    .delete(executorKeys)
    .where(eq(executorKeys.fleet, fleet))
    .returning({ fleet: executorKeys.fleet });
}
