import type { Instant } from "@regatta/engine";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { fleets } from "./fleets.ts";

/**
 * Rollout sequencing configuration (SEQ-1, SEQ-7): one row per group — a fleet
 * (`group_key` = fleet) or a team scope (`fleet/scope`) — with its upstream group. Kept in
 * D1 so a write can check the whole chain (cycles, branches, length) in one query.
 */
export const rollouts = sqliteTable(
  "rollouts",
  {
    groupKey: text("group_key").primaryKey(),
    fleet: text("fleet")
      .notNull()
      .references(() => fleets.name, { onDelete: "cascade" }),
    scope: text("scope"),
    kind: text("kind", { enum: ["FLEET", "SCOPE"] }).notNull(),
    upstream: text("upstream"),
    defaultSoakSeconds: integer("default_soak_seconds").notNull(),
    soakOverrides: text("soak_overrides", { mode: "json" })
      .$type<Record<string, number>>()
      .notNull()
      .default({}),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [index("rollouts_fleet_idx").on(t.fleet), index("rollouts_upstream_idx").on(t.upstream)],
);
