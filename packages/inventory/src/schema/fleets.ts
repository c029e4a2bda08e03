import type { Instant } from "@regatta/engine";
import { integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Fleets: the unit of rollout sequencing; each is owned by one fleet object. */
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

/**
 * SEC-7: a fleet's own executor key. No secret is stored: the key is derived from the
 * deployment's WEBHOOK_SECRET, the fleet and this random `salt`, so a new salt rotates
 * it and deleting the row revokes it. Deleted with its fleet.
 */
export const executorKeys = sqliteTable("executor_keys", {
  fleet: text("fleet")
    .primaryKey()
    .references(() => fleets.name, { onDelete: "cascade" }),
  salt: text("salt").notNull(),
  createdAt: integer("created_at").$type<Instant>().notNull(),
});
