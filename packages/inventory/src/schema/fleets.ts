import type { Instant } from "@regatta/engine";
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Fleets: the unit of rollout sequencing; each is owned by one FleetObject. */
export const fleets = sqliteTable("fleets", {
  name: text("name").primaryKey(),
  createdAt: integer("created_at").$type<Instant>().notNull(),
  updatedAt: integer("updated_at").$type<Instant>().notNull(),
});

/** Team scopes inside a fleet; deleted with their fleet. */
export const scopes = sqliteTable(
  "scopes",
  {
    fleet: text("fleet")
      .notNull()
      .references(() => fleets.name, { onDelete: "cascade" }),
    name: text("name").notNull(),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    updatedAt: integer("updated_at").$type<Instant>().notNull(),
  },
  (t) => [primaryKey({ name: "scopes_pk", columns: [t.fleet, t.name] })],
);
