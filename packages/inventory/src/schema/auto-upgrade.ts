import type { Instant } from "@regatta/engine";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { NODE_IMAGE_SELECTIONS, PROFILE_CHANNELS } from "./enums.ts";
import { fleets } from "./fleets.ts";

/**
 * Auto-upgrade profiles (EXT-5): the desired half as `PUT` wrote it, and what its
 * reconciles observed — the generation counter that names and guards generated runs, the
 * last generated run and its goal, and why nothing was generated (EXT-9). Kept in D1, not
 * in the fleet object, so the cron can page the enabled ones across every fleet in one
 * query. `checked_at` orders that paging: the least recently reconciled come first.
 */
export const autoUpgradeProfiles = sqliteTable(
  "auto_upgrade_profiles",
  {
    fleet: text("fleet")
      .notNull()
      .references(() => fleets.name, { onDelete: "cascade" }),
    name: text("name").notNull(),
    strategy: text("strategy").notNull(),
    channel: text("channel", { enum: PROFILE_CHANNELS }).notNull(),
    targetKubernetesVersion: text("target_kubernetes_version"),
    nodeImageSelection: text("node_image_selection", { enum: NODE_IMAGE_SELECTIONS }).notNull(),
    disabled: integer("disabled", { mode: "boolean" }).notNull().default(false),
    generation: integer("generation").notNull().default(0),
    lastRun: text("last_run"),
    lastGoal: text("last_goal"),
    lastGeneratedAt: integer("last_generated_at").$type<Instant>(),
    reason: text("reason"),
    checkedAt: integer("checked_at").$type<Instant>().notNull().default(0),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [
    primaryKey({ name: "auto_upgrade_profiles_pk", columns: [t.fleet, t.name] }),
    index("auto_upgrade_profiles_due").on(t.disabled, t.checkedAt),
  ],
);
