import type { Instant } from "@regatta/engine";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { ComputeClassMigration, ComputeClassRuleConfig } from "./json.ts";

/**
 * Compute classes (CA-15): an ordered list of rules a scale-up tries in turn, and
 * whether workloads move back to a higher rule when its capacity returns.
 */
export const computeClasses = sqliteTable("compute_classes", {
  name: text("name").primaryKey(),
  priorities: text("priorities", { mode: "json" }).$type<ComputeClassRuleConfig[]>().notNull(),
  activeMigration: text("active_migration", { mode: "json" }).$type<ComputeClassMigration>(),
  createdAt: integer("created_at").$type<Instant>().notNull(),
  updatedAt: integer("updated_at").$type<Instant>().notNull(),
});
