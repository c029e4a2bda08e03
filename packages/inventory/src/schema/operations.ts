import type { Instant } from "@regatta/engine";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Where each long-running operation lives. The operation's state belongs to the fleet's
 * Durable Object; this index lets `GET /v1/operations/{id}` and executor callbacks find
 * that object, and lets a pool find its latest operation.
 */
export const operations = sqliteTable(
  "operations",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(),
    fleet: text("fleet").notNull(),
    cluster: text("cluster").notNull(),
    pool: text("pool"),
    createdAt: integer("created_at").$type<Instant>().notNull(),
    /**
     * True while the fleet object holds nodes of the pool that the inventory does not
     * have yet (cleared by the write-back, set again by a resume or rollback): node
     * listings ask the object only for such pools.
     */
    live: integer("live", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [index("operations_target_idx").on(t.cluster, t.pool, t.createdAt)],
);
