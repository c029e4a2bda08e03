import type { Instant } from "@regatta/engine";
import { asc, eq, gt } from "drizzle-orm";
import { machineTypes } from "../schema/catalog.ts";
import { setFromExcluded } from "./chunk.ts";
import type { Inventory, Stored } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored machine type. */
export type MachineTypeRow = typeof machineTypes.$inferSelect;
/** What `putMachineType` writes. */
export type MachineTypeWrite = Omit<typeof machineTypes.$inferInsert, "createdAt" | "updatedAt">;

/** @example const type = await getMachineType(db, "e2-standard-4"); */
export async function getMachineType(
  db: Inventory,
  name: string,
): Promise<MachineTypeRow | undefined> {
  return db.select().from(machineTypes).where(eq(machineTypes.name, name)).get();
}

/** Machine types by name. */
export function listMachineTypes(db: Inventory, page?: PageRequest): Promise<Page<MachineTypeRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(machineTypes)
        .where(after === undefined ? undefined : gt(machineTypes.name, after))
        .orderBy(asc(machineTypes.name))
        .limit(take),
    (m) => m.name,
  );
}

/** Creates or replaces a machine type. */
export function putMachineType(db: Inventory, type: MachineTypeWrite, now: Instant) {
  return db
    .insert(machineTypes)
    .values({ ...type, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: machineTypes.name,
      set: setFromExcluded(machineTypes, ["name", "createdAt"]),
    });
}

/** Deletes a machine type (refused while pools or reservations use it). */
export function deleteMachineType(db: Inventory, name: string) {
  return db
    .delete(machineTypes)
    .where(eq(machineTypes.name, name))
    .returning({ name: machineTypes.name });
}

/**
 * Creates or replaces a machine type and says whether it created it (one batch).
 *
 * @example const { created, row } = await storeMachineType(db, { name: "e2-standard-4", … }, now);
 */
export async function storeMachineType(
  db: Inventory,
  type: MachineTypeWrite,
  now: Instant,
): Promise<Stored<MachineTypeRow>> {
  const [before, [row]] = await db.batch([
    db
      .select({ name: machineTypes.name })
      .from(machineTypes)
      .where(eq(machineTypes.name, type.name)),
    putMachineType(db, type, now).returning(),
  ]);
  return { created: before.length === 0, row: row! };
}
