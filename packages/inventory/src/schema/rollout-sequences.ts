import type { Instant, SequenceStage } from "@regatta/engine";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { fleets } from "./fleets.ts";

/**
 * Rollout sequences with custom stages (SEQ-15): one row per sequence, its stages in order
 * as JSON (each names fleets, an optional cluster selector and a soak). A sequence is read
 * whole, so its stages need no rows of their own.
 */
export const rolloutSequences = sqliteTable("rollout_sequences", {
  name: text("name").primaryKey(),
  displayName: text("display_name"),
  labels: text("labels", { mode: "json" }).$type<Record<string, string>>(),
  stages: text("stages", { mode: "json" }).$type<SequenceStage[]>().notNull(),
  createdAt: integer("created_at").$type<Instant>().notNull(),
  updatedAt: integer("updated_at").$type<Instant>().notNull(),
  /**
   * SEQ-18: a fresh id per write. A replace or delete names the one it was authorized
   * against and lands only if the row still carries it, so a change that came between the
   * read and the write is never overwritten unauthorized (null: stored before it existed).
   */
  writeId: text("write_id"),
});

/**
 * SEQ-17: which sequence each fleet is in — one at most (the primary key), and never a fleet
 * with a chain of its own (checked on both writes). A fleet named here cannot be deleted
 * (restrict): its sequence would lose a stage's clusters without a word.
 */
export const rolloutSequenceFleets = sqliteTable(
  "rollout_sequence_fleets",
  {
    fleet: text("fleet")
      .primaryKey()
      .references(() => fleets.name, { onDelete: "restrict" }),
    sequence: text("sequence")
      .notNull()
      .references(() => rolloutSequences.name, { onDelete: "cascade" }),
  },
  (t) => [index("rollout_sequence_fleets_sequence_idx").on(t.sequence)],
);
