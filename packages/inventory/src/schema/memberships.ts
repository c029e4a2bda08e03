import { foreignKey, index, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { clusters } from "./clusters.ts";
import { scopes } from "./fleets.ts";

/**
 * Which scopes a cluster belongs to (SEQ-3 needs to see a cluster in more than one).
 * Removed with the cluster and with the scope.
 */
export const scopeMemberships = sqliteTable(
  "scope_memberships",
  {
    cluster: text("cluster")
      .notNull()
      .references(() => clusters.name, { onDelete: "cascade" }),
    fleet: text("fleet").notNull(),
    scope: text("scope").notNull(),
  },
  (t) => [
    primaryKey({ name: "scope_memberships_pk", columns: [t.cluster, t.fleet, t.scope] }),
    foreignKey({
      name: "scope_memberships_scope_fk",
      columns: [t.fleet, t.scope],
      foreignColumns: [scopes.fleet, scopes.name],
    }).onDelete("cascade"),
    index("scope_memberships_scope_idx").on(t.fleet, t.scope, t.cluster),
  ],
);
