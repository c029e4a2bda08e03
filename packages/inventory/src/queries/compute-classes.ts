import type { Instant } from "@regatta/engine";
import { asc, eq, gt } from "drizzle-orm";
import { computeClasses } from "../schema/autoscaler.ts";
import { setFromExcluded } from "./chunk.ts";
import type { Inventory } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored compute class (CA-15). */
export type ComputeClassRow = typeof computeClasses.$inferSelect;
/** What `putComputeClass` writes. */
export type ComputeClassWrite = Omit<typeof computeClasses.$inferInsert, "createdAt" | "updatedAt">;

/** @example const cc = await getComputeClass(db, "gpu-first"); */
export async function getComputeClass(
  db: Inventory,
  name: string,
): Promise<ComputeClassRow | undefined> {
  return db.select().from(computeClasses).where(eq(computeClasses.name, name)).get();
}

/** Compute classes by name. */
export function listComputeClasses(
  db: Inventory,
  page?: PageRequest,
): Promise<Page<ComputeClassRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(computeClasses)
        .where(after === undefined ? undefined : gt(computeClasses.name, after))
        .orderBy(asc(computeClasses.name))
        .limit(take),
    (c) => c.name,
  );
}

/** Creates or replaces a compute class; resolves to whether it existed before. */
export async function putComputeClass(
  db: Inventory,
  row: ComputeClassWrite,
  now: Instant,
): Promise<{ created: boolean }> {
  const existing = await getComputeClass(db, row.name);
  await db
    .insert(computeClasses)
    .values({ ...row, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: computeClasses.name,
      set: setFromExcluded(computeClasses, ["name", "createdAt"]),
    });
  return { created: existing === undefined };
}
