import type { CommandType, Instant } from "@regatta/engine";
import { sql } from "drizzle-orm";
import { check, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { SIM_FAULT_EFFECTS } from "./enums.ts";
import type { SimFaultMatch } from "./json.ts";

/** Faults injected into the simulated provider; `times` null = until cleared. */
export const simFaults = sqliteTable("sim_faults", {
  id: text("id").primaryKey(),
  match: text("match", { mode: "json" }).$type<SimFaultMatch>().notNull(),
  effect: text("effect", { enum: SIM_FAULT_EFFECTS }).notNull(),
  times: integer("times"),
  createdAt: integer("created_at").$type<Instant>().notNull(),
});

/**
 * The sim's virtual clock as one row: virtual now = anchorVirtualMs + (wall − anchorWallMs)
 * × speed. Re-anchoring on every speed change keeps virtual time continuous. The clock
 * runs only while the control plane does: `leaseWallMs` is how far (wall time) the
 * process named by `boot` may read it before it must write a new lease, so a process
 * started later resumes from the virtual instant at the lease's end instead of replaying
 * its downtime (both null in a row written before leases existed).
 */
export const simClock = sqliteTable(
  "sim_clock",
  {
    id: integer("id").primaryKey(),
    anchorWallMs: integer("anchor_wall_ms").$type<Instant>().notNull(),
    anchorVirtualMs: integer("anchor_virtual_ms").$type<Instant>().notNull(),
    speed: real("speed").notNull(),
    leaseWallMs: integer("lease_wall_ms").$type<Instant>(),
    boot: text("boot"),
  },
  (t) => [check("sim_clock_single_row", sql`${t.id} = 1`)],
);

/**
 * The sim's timing (one row, id 1): durations per command type in seconds (absent =
 * the engine's defaults), jitter 0..1 and the delay before a capacity refusal.
 */
export const simSettings = sqliteTable(
  "sim_settings",
  {
    id: integer("id").primaryKey(),
    durations: text("durations", { mode: "json" })
      .$type<Partial<Record<CommandType, number>>>()
      .notNull(),
    jitter: real("jitter").notNull().default(0),
    rejectionDelaySeconds: integer("rejection_delay_seconds").notNull().default(5),
  },
  (t) => [check("sim_settings_single_row", sql`${t.id} = 1`)],
);
