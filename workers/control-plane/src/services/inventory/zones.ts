import type { z } from "@hono/zod-openapi";
import type { Zone, ZoneInput } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  constraintViolation,
  deleteZone,
  getZone,
  type Inventory,
  listZones,
  type Page,
  type PageRequest,
  storeZone,
  type ZoneRow,
} from "@regatta/inventory";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { type Upserted, upserted } from "./upserted.ts";

type ZoneView = z.infer<typeof Zone>;

/**
 * Creates or replaces a zone; an absent quota is stored as unlimited (null). `created`
 * comes from a probe in the same batch as the write.
 * @example await upsertZone(db, "europe-west1-b", { region: "europe-west1", quota: { nodes: 100 } }, now)
 */
export async function upsertZone(
  db: Inventory,
  name: string,
  input: z.infer<typeof ZoneInput>,
  now: Instant,
): Promise<Upserted<ZoneView>> {
  const write = {
    name,
    region: input.region,
    quotaNodes: input.quota.nodes ?? null,
    quotaCpuMillis: input.quota.cpuMillis ?? null,
    quotaIps: input.quota.ips ?? null,
  };
  return upserted(await storeZone(db, write, now), zoneView);
}

/** The zone, or a 404. */
export async function readZone(db: Inventory, name: string): Promise<Outcome<ZoneView>> {
  const row = await getZone(db, name);
  if (!row) return refused("missing", `zone ${name} does not exist`);
  return accepted(zoneView(row));
}

/** A page of zones by name. */
export async function pageZones(db: Inventory, request: PageRequest): Promise<Page<ZoneView>> {
  const page = await listZones(db, request);
  return { items: page.items.map(zoneView), nextCursor: page.nextCursor };
}

/** Deletes a zone; 404 when unknown, 409 while reservations hold capacity in it. */
export async function removeZone(db: Inventory, name: string): Promise<Outcome<void>> {
  let deleted: { name: string }[];
  try {
    deleted = await deleteZone(db, name);
  } catch (error) {
    if (constraintViolation(error) !== "FOREIGN_KEY") throw error;
    return refused(
      "conflict",
      `zone ${name} is still used by reservations; delete those reservations first`,
    );
  }
  if (deleted.length === 0) return refused("missing", `zone ${name} does not exist`);
  return accepted(undefined);
}

function zoneView(row: ZoneRow): ZoneView {
  const quota: ZoneView["quota"] = {};
  if (row.quotaNodes !== null) quota.nodes = row.quotaNodes;
  if (row.quotaCpuMillis !== null) quota.cpuMillis = row.quotaCpuMillis;
  if (row.quotaIps !== null) quota.ips = row.quotaIps;
  return { name: row.name, region: row.region, quota };
}
