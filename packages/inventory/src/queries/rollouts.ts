import type { Instant } from "@regatta/engine";
import { and, asc, eq, sql } from "drizzle-orm";
import { clusters, nodePools } from "../schema/clusters.ts";
import type { ReleaseChannel } from "../schema/enums.ts";
import { releases } from "../schema/releases.ts";
import { rollouts } from "../schema/rollouts.ts";
import { setFromExcluded } from "./chunk.ts";
import type { Inventory } from "./db.ts";

/** A group's stored rollout configuration (SEQ-1, SEQ-7). */
export type RolloutRow = typeof rollouts.$inferSelect;
/** What `putRollout` writes. */
export type RolloutWrite = Omit<typeof rollouts.$inferInsert, "createdAt" | "updatedAt">;

/** @example const config = await getRollout(db, "testing"); */
export async function getRollout(db: Inventory, groupKey: string): Promise<RolloutRow | undefined> {
  return db.select().from(rollouts).where(eq(rollouts.groupKey, groupKey)).get();
}

/**
 * Every configured group's link (SEQ-1 checks whole chains). Sequences have at most 10
 * groups each and a deployment a few hundred groups, so reading them all stays small.
 */
export function listRolloutLinks(
  db: Inventory,
): Promise<Pick<RolloutRow, "groupKey" | "kind" | "upstream" | "fleet">[]> {
  return db
    .select({
      groupKey: rollouts.groupKey,
      kind: rollouts.kind,
      upstream: rollouts.upstream,
      fleet: rollouts.fleet,
    })
    .from(rollouts)
    .orderBy(asc(rollouts.groupKey));
}

/** The groups configured in one fleet (the fleet itself and its team scopes). */
export function listFleetRollouts(db: Inventory, fleet: string): Promise<RolloutRow[]> {
  return db
    .select()
    .from(rollouts)
    .where(eq(rollouts.fleet, fleet))
    .orderBy(asc(rollouts.groupKey));
}

/** The group whose upstream is `groupKey`, if any (SEQ-1 allows one). */
export async function getDownstreamRollout(
  db: Inventory,
  groupKey: string,
): Promise<RolloutRow | undefined> {
  return db.select().from(rollouts).where(eq(rollouts.upstream, groupKey)).get();
}

/** What {@link deleteRolloutUnlessFollowed} did. */
export type RolloutDeletion =
  | { outcome: "DELETED"; upstream: string | null }
  | { outcome: "FOLLOWED"; follower: string }
  | { outcome: "MISSING" };

/**
 * SEQ-1: deletes a group's configuration unless another group names it upstream — the
 * check and the delete are one statement, so a follower written meanwhile keeps it.
 */
export async function deleteRolloutUnlessFollowed(
  db: Inventory,
  groupKey: string,
): Promise<RolloutDeletion> {
  const [deleted] = await db
    .delete(rollouts)
    .where(
      and(
        eq(rollouts.groupKey, groupKey),
        sql`not exists (select 1 from ${rollouts} as follower where follower.upstream = ${groupKey})`,
      ),
    )
    .returning({ upstream: rollouts.upstream });
  if (deleted !== undefined) return { outcome: "DELETED", upstream: deleted.upstream };
  const follower = await getDownstreamRollout(db, groupKey);
  if (follower !== undefined && (await getRollout(db, groupKey)) !== undefined) {
    return { outcome: "FOLLOWED", follower: follower.groupKey };
  }
  return { outcome: "MISSING" };
}

/** Creates or replaces a group's configuration; resolves to whether it was new. */
export async function putRollout(
  db: Inventory,
  row: RolloutWrite,
  now: Instant,
): Promise<{ created: boolean; row: RolloutRow }> {
  const [before, [stored]] = await db.batch([
    db.select({ key: rollouts.groupKey }).from(rollouts).where(eq(rollouts.groupKey, row.groupKey)),
    db
      .insert(rollouts)
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: rollouts.groupKey,
        set: setFromExcluded(rollouts, ["groupKey", "createdAt"]),
      })
      .returning(),
  ]);
  return { created: before.length === 0, row: stored! };
}

/**
 * The lowest node-pool version per cluster of a fleet, one query (SEQ-6 reads every
 * cluster's nodes on each pass). Versions sort as text here only to pick candidates; the
 * caller compares them properly, so all versions of a cluster come back.
 */
export function fleetPoolVersions(
  db: Inventory,
  fleet: string,
): Promise<{ cluster: string; version: string; updatedAt: Instant }[]> {
  return db
    .select({
      cluster: nodePools.cluster,
      version: nodePools.version,
      updatedAt: nodePools.updatedAt,
    })
    .from(nodePools)
    .innerJoin(clusters, eq(clusters.name, nodePools.cluster))
    .where(sql`${clusters.fleet} = ${fleet}`);
}

/** Every release's region availability (CH-3), merged by the caller. */
export function listReleaseRegions(
  db: Inventory,
): Promise<{ regions: Record<string, string[]> }[]> {
  return db.select({ regions: releases.regions }).from(releases);
}

/**
 * Configured groups whose fleet has a cluster on `channel` (a release of that channel may
 * give them new targets, CH-3), or every configured group without a channel (the cron).
 */
export async function listRolloutGroups(
  db: Inventory,
  channel?: ReleaseChannel,
): Promise<{ groupKey: string; fleet: string }[]> {
  const base = db.select({ groupKey: rollouts.groupKey, fleet: rollouts.fleet }).from(rollouts);
  const rows =
    channel === undefined
      ? await base.orderBy(asc(rollouts.groupKey))
      : await base
          .where(
            sql`exists (select 1 from ${clusters} where ${clusters.fleet} = ${rollouts.fleet} and ${clusters.releaseChannel} = ${channel})`,
          )
          .orderBy(asc(rollouts.groupKey));
  return rows;
}
