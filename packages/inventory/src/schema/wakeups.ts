import type { Instant } from "@regatta/engine";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * When each Durable Object next has work due (its earliest timer, outbox delivery or
 * provider report), kept by the object itself whenever that instant changes. It lets
 * the sim's clock step through the instants at which anything happens anywhere, so
 * objects that talk to each other see the same order of events at any speed, and lets
 * a sweep find the objects that are due without calling every one of them.
 */
export const objectWakeups = sqliteTable(
  "object_wakeups",
  {
    /**
     * The object's namespace, named by the worker that owns it: the inventory knows no
     * object classes.
     */
    kind: text("kind").notNull(),
    /** The name the object is addressed by (`idFromName`). */
    name: text("name").notNull(),
    due: integer("due").$type<Instant>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.name] }), index("object_wakeups_due").on(t.due)],
);
