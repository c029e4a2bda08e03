import type { Instant } from "@regatta/engine";
import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Zones with their region and optional quotas (absent quota = unlimited). */
export const zones = sqliteTable(
  "zones",
  {
    name: text("name").primaryKey(),
    region: text("region").notNull(),
    quotaNodes: integer("quota_nodes"),
    quotaCpuMillis: integer("quota_cpu_millis"),
    quotaIps: integer("quota_ips"),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [index("zones_region_idx").on(t.region)],
);

/** Machine types with their size and hourly price (CA-9 compares prices). */
export const machineTypes = sqliteTable("machine_types", {
  name: text("name").primaryKey(),
  cpuMillis: integer("cpu_millis").notNull(),
  memoryMiB: integer("memory_mib").notNull(),
  gpus: integer("gpus").notNull().default(0),
  /** CA-15: the GPU model (`nvidia-l4`); null when unknown (it then matches no typed rule). */
  gpuType: text("gpu_type"),
  pricePerHour: real("price_per_hour").notNull(),
  spotPricePerHour: real("spot_price_per_hour"),
  createdAt: integer("created_at").$type<Instant>().notNull(),
  updatedAt: integer("updated_at").$type<Instant>().notNull(),
});

/** Capacity reservations: `count` machines of one type in one zone (CA-9, NUP-4). */
export const reservations = sqliteTable(
  "reservations",
  {
    id: text("id").primaryKey(),
    zone: text("zone")
      .notNull()
      .references(() => zones.name, { onDelete: "restrict" }),
    machineType: text("machine_type")
      .notNull()
      .references(() => machineTypes.name, { onDelete: "restrict" }),
    count: integer("count").notNull(),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [
    index("reservations_zone_idx").on(t.zone),
    index("reservations_machine_type_idx").on(t.machineType),
  ],
);
