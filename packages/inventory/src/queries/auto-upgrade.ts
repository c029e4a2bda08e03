import type { Instant } from "@regatta/engine";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import { autoUpgradeProfiles } from "../schema/auto-upgrade.ts";
import type { Inventory } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored auto-upgrade profile (EXT-5). */
export type AutoUpgradeProfileRow = typeof autoUpgradeProfiles.$inferSelect;

/** What `PUT …/auto-upgrade-profiles/{name}` writes: the desired half only. */
export type AutoUpgradeProfileWrite = Pick<
  AutoUpgradeProfileRow,
  | "fleet"
  | "name"
  | "strategy"
  | "channel"
  | "targetKubernetesVersion"
  | "nodeImageSelection"
  | "disabled"
>;

const key = (fleet: string, name: string) =>
  and(eq(autoUpgradeProfiles.fleet, fleet), eq(autoUpgradeProfiles.name, name));

/** @example const profile = await getAutoUpgradeProfile(db, "prod", "stable"); */
export function getAutoUpgradeProfile(
  db: Inventory,
  fleet: string,
  name: string,
): Promise<AutoUpgradeProfileRow | undefined> {
  return db.select().from(autoUpgradeProfiles).where(key(fleet, name)).get();
}

/**
 * Creates or replaces a profile's desired half, keeping what its reconciles observed
 * (generation, last run), so a replace never renames or forgets a generated run. A new
 * profile that would make the fleet's more than `maxPerFleet` is taken back in the same
 * transaction (`full`): the count and the write are one step, so two concurrent creates
 * never both pass a cap of one left.
 */
export async function putAutoUpgradeProfile(
  db: Inventory,
  row: AutoUpgradeProfileWrite,
  now: Instant,
  maxPerFleet: number,
): Promise<{ created: boolean; row: AutoUpgradeProfileRow } | { full: true }> {
  const [before, [stored], over] = await db.batch([
    db
      .select({ name: autoUpgradeProfiles.name })
      .from(autoUpgradeProfiles)
      .where(key(row.fleet, row.name)),
    db
      .insert(autoUpgradeProfiles)
      .values({ ...row, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [autoUpgradeProfiles.fleet, autoUpgradeProfiles.name],
        set: {
          strategy: row.strategy,
          channel: row.channel,
          targetKubernetesVersion: row.targetKubernetesVersion,
          nodeImageSelection: row.nodeImageSelection,
          disabled: row.disabled,
          updatedAt: now,
        },
      })
      .returning(),
    db
      .delete(autoUpgradeProfiles)
      .where(
        and(
          key(row.fleet, row.name),
          eq(autoUpgradeProfiles.createdAt, now),
          eq(autoUpgradeProfiles.updatedAt, now),
          sql`(select count(*) from ${autoUpgradeProfiles} where ${autoUpgradeProfiles.fleet} = ${row.fleet}) > ${maxPerFleet}`,
        ),
      )
      .returning({ name: autoUpgradeProfiles.name }),
  ]);
  if (before.length === 0 && over.length > 0) return { full: true };
  return { created: before.length === 0, row: stored! };
}

/** Deletes a profile; resolves to whether it existed. Its generated runs stay. */
export async function deleteAutoUpgradeProfile(
  db: Inventory,
  fleet: string,
  name: string,
): Promise<boolean> {
  const deleted = await db
    .delete(autoUpgradeProfiles)
    .where(key(fleet, name))
    .returning({ name: autoUpgradeProfiles.name });
  return deleted.length > 0;
}

/** One fleet's profiles by name. */
export function listAutoUpgradeProfiles(
  db: Inventory,
  fleet: string,
  page: PageRequest | undefined,
): Promise<Page<AutoUpgradeProfileRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(autoUpgradeProfiles)
        .where(
          and(
            eq(autoUpgradeProfiles.fleet, fleet),
            after === undefined ? undefined : gt(autoUpgradeProfiles.name, after),
          ),
        )
        .orderBy(asc(autoUpgradeProfiles.name))
        .limit(take),
    (row) => row.name,
  );
}

/**
 * The `limit` enabled profiles reconciled longest ago, across fleets (EXT-5's cron and
 * release triggers): each reconcile moves its profile to the back, so a bounded batch per
 * tick still reaches every profile in turn.
 */
export function dueAutoUpgradeProfiles(
  db: Inventory,
  limit: number,
): Promise<AutoUpgradeProfileRow[]> {
  return db
    .select()
    .from(autoUpgradeProfiles)
    .where(eq(autoUpgradeProfiles.disabled, false))
    .orderBy(
      asc(autoUpgradeProfiles.checkedAt),
      asc(autoUpgradeProfiles.fleet),
      asc(autoUpgradeProfiles.name),
    )
    .limit(limit);
}

/**
 * EXT-5's guard against two reconciles generating twice: takes the next generation for
 * `run` only if the profile is still at `generation`. Resolves to whether this caller
 * won; the loser generates nothing.
 */
export async function claimAutoUpgradeGeneration(
  db: Inventory,
  claim: {
    fleet: string;
    name: string;
    generation: number;
    run: string;
    goal: string;
    at: Instant;
  },
): Promise<boolean> {
  const claimed = await db
    .update(autoUpgradeProfiles)
    .set({
      generation: claim.generation + 1,
      lastRun: claim.run,
      lastGoal: claim.goal,
      lastGeneratedAt: claim.at,
      reason: null,
      checkedAt: claim.at,
    })
    .where(and(key(claim.fleet, claim.name), eq(autoUpgradeProfiles.generation, claim.generation)))
    .returning({ name: autoUpgradeProfiles.name });
  return claimed.length > 0;
}

/**
 * Gives back a claim whose run could not be stored (its name was taken by a run the
 * profile did not create): the profile's last run is again the one before, and the
 * generation stays moved on, so the next try uses the next name.
 */
export async function releaseAutoUpgradeClaim(
  db: Inventory,
  claim: { fleet: string; name: string; generation: number; run: string },
  previous: Pick<AutoUpgradeProfileRow, "lastRun" | "lastGoal" | "lastGeneratedAt">,
): Promise<void> {
  await db
    .update(autoUpgradeProfiles)
    .set(previous)
    .where(
      and(
        key(claim.fleet, claim.name),
        eq(autoUpgradeProfiles.generation, claim.generation + 1),
        eq(autoUpgradeProfiles.lastRun, claim.run),
      ),
    );
}

/** Records a reconcile that generated nothing (or whose run was refused): why, and when. */
export async function noteAutoUpgradeCheck(
  db: Inventory,
  fleet: string,
  name: string,
  reason: string | null,
  at: Instant,
): Promise<void> {
  await db.update(autoUpgradeProfiles).set({ reason, checkedAt: at }).where(key(fleet, name));
}
