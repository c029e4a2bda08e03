import { and, eq, inArray } from "drizzle-orm";
import { operations } from "../schema/operations.ts";
import type { Inventory } from "./db.ts";

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
