import type { z } from "@hono/zod-openapi";
import type { MachineType, MachineTypeInput } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  constraintViolation,
  deleteMachineType,
  getMachineType,
  listMachineTypes,
  type MachineTypeRow,
  type Page,
  type PageRequest,
  putMachineType,
} from "@regatta/inventory";
import { machineTypes } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import type { Db } from "../../db.ts";
import { ProblemError } from "../../http/problem.ts";
import type { Upserted } from "./upserted.ts";

type MachineTypeView = z.infer<typeof MachineType>;

/**
 * Creates or replaces a machine type. The existence probe runs in the same D1 batch as
 * the write, so `created` is exact even when two PUTs race.
 * @example await upsertMachineType(db, "e2-standard-4", { cpuMillis: 4000, … }, now)
 */
export async function upsertMachineType(
  db: Db,
  name: string,
  input: z.infer<typeof MachineTypeInput>,
  now: Instant,
): Promise<Upserted<MachineTypeView>> {
  const write = { name, ...input, spotPricePerHour: input.spotPricePerHour ?? null };
  const [before, [row]] = await db.batch([
    db.select({ name: machineTypes.name }).from(machineTypes).where(eq(machineTypes.name, name)),
    putMachineType(db, write, now).returning(),
  ]);
  return { created: before.length === 0, value: machineTypeView(row!) };
}

/** The machine type, or a 404. */
export async function readMachineType(db: Db, name: string): Promise<MachineTypeView> {
  const row = await getMachineType(db, name);
  if (!row) throw new ProblemError(404, `machine type ${name} does not exist`);
  return machineTypeView(row);
}

/** A page of machine types by name. */
export async function pageMachineTypes(
  db: Db,
  request: PageRequest,
): Promise<Page<MachineTypeView>> {
  const page = await listMachineTypes(db, request);
  return { items: page.items.map(machineTypeView), nextCursor: page.nextCursor };
}

/** Deletes a machine type; 404 when unknown, 409 while reservations or node pools use it. */
export async function removeMachineType(db: Db, name: string): Promise<void> {
  let deleted: { name: string }[];
  try {
    deleted = await deleteMachineType(db, name);
  } catch (error) {
    if (constraintViolation(error) !== "FOREIGN_KEY") throw error;
    throw new ProblemError(
      409,
      `machine type ${name} is still used by reservations or node pools; delete or change those first`,
    );
  }
  if (deleted.length === 0) throw new ProblemError(404, `machine type ${name} does not exist`);
}

function machineTypeView(row: MachineTypeRow): MachineTypeView {
  const view: MachineTypeView = {
    name: row.name,
    cpuMillis: row.cpuMillis,
    memoryMiB: row.memoryMiB,
    gpus: row.gpus,
    pricePerHour: row.pricePerHour,
  };
  if (row.spotPricePerHour !== null) view.spotPricePerHour = row.spotPricePerHour;
  return view;
}
