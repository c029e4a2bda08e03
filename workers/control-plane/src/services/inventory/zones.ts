import type { z } from "@hono/zod-openapi";
import type { Zone, ZoneInput } from "@regatta/contract";
import type { Instant } from "@regatta/engine";
import {
  constraintViolation,
  deleteZone,
  getZone,
  listZones,
  type Page,
  type PageRequest,
  putZone,
  type ZoneRow,
} from "@regatta/inventory";
import { zones } from "@regatta/inventory/schema";
import { eq } from "drizzle-orm";
import type { Db } from "../../db.ts";
import { ProblemError } from "../../http/problem.ts";
import type { Upserted } from "./upserted.ts";

type ZoneView = z.infer<typeof Zone>;

/**
 * Creates or replaces a zone; an absent quota is stored as unlimited (null). `created`
 * comes from a probe in the same batch as the write.
 * @example await upsertZone(db, "europe-west1-b", { region: "europe-west1", quota: { nodes: 100 } }, now)
 */
export async function upsertZone(
  db: Db,
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
  const [before, [row]] = await db.batch([
    db.select({ name: zones.name }).from(zones).where(eq(zones.name, name)),
    putZone(db, write, now).returning(),
  ]);
  return { created: before.length === 0, value: zoneView(row!) };
}

/** The zone, or a 404. */
export async function readZone(db: Db, name: string): Promise<ZoneView> {
  const row = await getZone(db, name);
  if (!row) throw new ProblemError(404, `zone ${name} does not exist`);
  return zoneView(row);
}

/** A page of zones by name. */
export async function pageZones(db: Db, request: PageRequest): Promise<Page<ZoneView>> {
  const page = await listZones(db, request);
  return { items: page.items.map(zoneView), nextCursor: page.nextCursor };
}

/** Deletes a zone; 404 when unknown, 409 while reservations hold capacity in it. */
export async function removeZone(db: Db, name: string): Promise<void> {
  let deleted: { name: string }[];
  try {
    deleted = await deleteZone(db, name);
  } catch (error) {
    if (constraintViolation(error) !== "FOREIGN_KEY") throw error;
    throw new ProblemError(
      409,
      `zone ${name} is still used by reservations; delete those reservations first`,
    );
  }
  if (deleted.length === 0) throw new ProblemError(404, `zone ${name} does not exist`);
}

function zoneView(row: ZoneRow): ZoneView {
  const quota: ZoneView["quota"] = {};
  if (row.quotaNodes !== null) quota.nodes = row.quotaNodes;
  if (row.quotaCpuMillis !== null) quota.cpuMillis = row.quotaCpuMillis;
  if (row.quotaIps !== null) quota.ips = row.quotaIps;
  return { name: row.name, region: row.region, quota };
}
