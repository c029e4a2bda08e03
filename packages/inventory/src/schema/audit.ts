import type { Instant } from "@regatta/engine";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { TOKEN_ROLES } from "./enums.ts";

/**
 * SEC-11: one row per write the API answered and per refused request (401/403). `seq`
 * orders entries (and pages them) even when two share a wall-clock millisecond. The actor
 * is the token's public id, name and role, never its secret; all three are null for a
 * request that named no valid token. `fleets` are those the request was authorized
 * against (an operator reads the entries of its fleets). Pruned by the cron after
 * AUDIT_RETENTION_DAYS and beyond a row cap.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    seq: integer("seq").primaryKey({ autoIncrement: true }),
    at: integer("at").$type<Instant>().notNull(),
    requestId: text("request_id").notNull(),
    actorTokenId: text("actor_token_id"),
    actorName: text("actor_name"),
    actorRole: text("actor_role", { enum: TOKEN_ROLES }),
    method: text("method").notNull(),
    resource: text("resource").notNull(),
    fleets: text("fleets", { mode: "json" }).$type<string[]>().notNull().default([]),
    status: integer("status").notNull(),
    replayed: integer("replayed", { mode: "boolean" }).notNull().default(false),
  },
  (t) => [index("audit_log_at_idx").on(t.at)],
);
