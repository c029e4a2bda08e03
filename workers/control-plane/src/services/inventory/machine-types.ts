import type { z } from "@hono/zod-openapi";
import type { MachineType, MachineTypeInput } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  constraintViolation,
  deleteMachineType,
  getMachineType,
  type Inventory,
  listMachineTypes,
  type MachineTypeRow,
  type Page,
  type PageRequest,
  storeMachineType,
} from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { type Upserted, upserted } from "./upserted.ts";

type MachineTypeView = z.infer<typeof MachineType>;

/**
 * Creates or replaces a machine type. The existence probe runs in the same D1 batch as
 * the write, so `created` is exact even when two PUTs race.
 * @example await upsertMachineType(db, "e2-standard-4", { cpuMillis: 4000, … }, now)
 */
export async function upsertMachineType(
  db: Inventory,
  name: string,
  input: z.infer<typeof MachineTypeInput>,
  now: Instant,
): Promise<Upserted<MachineTypeView>> {
  const write = {
    name,
    ...input,
    gpuType: input.gpuType ?? null,
    spotPricePerHour: input.spotPricePerHour ?? null,
  };
  return upserted(await storeMachineType(db, write, now), machineTypeView);
}

/** The machine type, or a 404. */
export async function readMachineType(
  db: Inventory,
  name: string,
): Promise<Outcome<MachineTypeView>> {
  const row = await getMachineType(db, name);
  if (!row) return refused("missing", `machine type ${name} does not exist`);
  return accepted(machineTypeView(row));
}

/** A page of machine types by name. */
export async function pageMachineTypes(
  db: Inventory,
  request: PageRequest,
): Promise<Page<MachineTypeView>> {
  const page = await listMachineTypes(db, request);
  return { items: page.items.map(machineTypeView), nextCursor: page.nextCursor };
}

/** Deletes a machine type; 404 when unknown, 409 while reservations or node pools use it. */
export async function removeMachineType(db: Inventory, name: string): Promise<Outcome<void>> {
  let deleted: { name: string }[];
  try {
    deleted = await deleteMachineType(db, name);
  } catch (error) {
    if (constraintViolation(error) !== "FOREIGN_KEY") throw error;
    return refused(
      "conflict",
      `machine type ${name} is still used by reservations or node pools; delete or change those first`,
    );
  }
  if (deleted.length === 0) return refused("missing", `machine type ${name} does not exist`);
  return accepted(undefined);
}

function machineTypeView(row: MachineTypeRow): MachineTypeView {
  const view: MachineTypeView = {
    name: row.name,
    cpuMillis: row.cpuMillis,
    memoryMiB: row.memoryMiB,
    gpus: row.gpus,
    pricePerHour: row.pricePerHour,
  };
  if (row.gpuType !== null) view.gpuType = row.gpuType;
  if (row.spotPricePerHour !== null) view.spotPricePerHour = row.spotPricePerHour;
  return view;
}
