import type { Instant } from "@regatta/engine";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { RELEASE_CHANNELS } from "./enums.ts";
import type { NodeImageAvailability, ReleaseTargets, VersionRegions } from "./json.ts";

/**
 * Releases (e.g. `2022-R25`): per channel auto-upgrade targets keyed by minor (CH-1), the
 * installable versions (VER-6), node images and region availability (CH-3), and each
 * minor's end of life (CH-2). A channel's
 * current targets are those of its newest release.
 */
export const releases = sqliteTable(
  "releases",
  {
    name: text("name").primaryKey(),
    channel: text("channel", { enum: RELEASE_CHANNELS }).notNull(),
    targets: text("targets", { mode: "json" }).$type<ReleaseTargets>().notNull(),
    versions: text("versions", { mode: "json" }).$type<string[]>().notNull().default([]),
    nodeImages: text("node_images", { mode: "json" })
      .$type<NodeImageAvailability[]>()
      .notNull()
      .default([]),
    regions: text("regions", { mode: "json" }).$type<VersionRegions>().notNull().default({}),
    /** CH-2: each minor's end of life (RFC 3339), keyed by minor. */
    endOfLife: text("end_of_life", { mode: "json" })
      .$type<Record<string, string>>()
      .notNull()
      .default({}),
    createdAt: integer("created_at").$type<Instant>().notNull(),
  },
  (t) => [index("releases_channel_created_idx").on(t.channel, t.createdAt, t.name)],
);
