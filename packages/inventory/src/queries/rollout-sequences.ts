import type { Instant, SequenceStage } from "@regatta/engine";
import { and, asc, eq, gt, ne, type SQL, sql } from "drizzle-orm";
import { clusters } from "../schema/clusters.ts";
import { rolloutSequenceFleets, rolloutSequences } from "../schema/rollout-sequences.ts";
import { rollouts } from "../schema/rollouts.ts";
import { among } from "./chunk.ts";
import type { Inventory } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored rollout sequence with custom stages (SEQ-15). */
export type RolloutSequenceRow = typeof rolloutSequences.$inferSelect;

/** What {@link putRolloutSequence} writes. */
export interface RolloutSequenceWrite {
  name: string;
  displayName: string | null;
  labels: Record<string, string> | null;
  stages: SequenceStage[];
  /** Every fleet the stages name, once each (SEQ-17: each in this sequence only). */
  fleets: string[];
}

/** @example const sequence = await getRolloutSequence(db, "prod-first"); */
export function getRolloutSequence(
  db: Inventory,
  name: string,
): Promise<RolloutSequenceRow | undefined> {
  return db.select().from(rolloutSequences).where(eq(rolloutSequences.name, name)).get();
}

/** Sequences by name, a page at a time. */
export function listRolloutSequences(
  db: Inventory,
  page?: PageRequest,
): Promise<Page<RolloutSequenceRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(rolloutSequences)
        .where(after === undefined ? undefined : gt(rolloutSequences.name, after))
        .orderBy(asc(rolloutSequences.name))
        .limit(take),
    (row) => row.name,
  );
}

/** What else already sequences some of `fleets` (SEQ-17), read in one round trip. */
export interface FleetSequencing {
  /** Fleet → the other rollout sequence it is in. */
  sequences: Map<string, string>;
  /** Fleet → one of its chain groups (the fleet, or a team scope of it). */
  chains: Map<string, string>;
}

/**
 * SEQ-17: for each of `fleets`, the rollout sequence other than `except` that names it,
 * and the fleet chain group (SEQ-1) it has, if any.
 */
export async function fleetSequencing(
  db: Inventory,
  fleets: readonly string[],
  except?: string,
): Promise<FleetSequencing> {
  const out: FleetSequencing = { sequences: new Map(), chains: new Map() };
  if (fleets.length === 0) return out;
  const [inSequences, inChains] = await db.batch([
    db
      .select()
      .from(rolloutSequenceFleets)
      .where(
        and(
          among(rolloutSequenceFleets.fleet, fleets),
          except === undefined ? undefined : ne(rolloutSequenceFleets.sequence, except),
        ),
      ),
    db
      .select({ fleet: rollouts.fleet, group: rollouts.groupKey })
      .from(rollouts)
      .where(among(rollouts.fleet, fleets)),
  ]);
  for (const row of inSequences) out.sequences.set(row.fleet, row.sequence);
  for (const row of inChains) if (!out.chains.has(row.fleet)) out.chains.set(row.fleet, row.group);
  return out;
}

/** The rollout sequence that names `fleet`, if any (SEQ-17). */
export async function sequenceOfFleet(db: Inventory, fleet: string): Promise<string | undefined> {
  const row = await db
    .select({ sequence: rolloutSequenceFleets.sequence })
    .from(rolloutSequenceFleets)
    .where(eq(rolloutSequenceFleets.fleet, fleet))
    .get();
  return row?.sequence;
}

/**
 * What a replace or delete was authorized against: the row as read (its `writeId`), or
 * that there was none.
 */
export type SequenceAsRead = { absent: true } | { writeId: string | null };

/** The stored row still is the one read (`expected`). */
function stillAsRead(name: string, expected: SequenceAsRead): SQL {
  const same =
    "absent" in expected ? sql`0` : sql`${rolloutSequences.writeId} is ${expected.writeId}`;
  return sql`exists (select 1 from ${rolloutSequences} where ${rolloutSequences.name} = ${name} and ${same})`;
}

/**
 * Creates or replaces a sequence and its fleets' rows in one batch, only if the stored
 * row is still `expected` (SEQ-18: the caller was authorized against that one).
 * `"changed"` when another write came between (nothing is written); a fleet taken by
 * another sequence meanwhile fails the batch (SEQ-17, the fleets' primary key).
 */
export async function putRolloutSequence(
  db: Inventory,
  write: RolloutSequenceWrite,
  now: Instant,
  expected: SequenceAsRead,
): Promise<{ created: boolean; row: RolloutSequenceRow } | "changed"> {
  const writeId = crypto.randomUUID();
  const mine = sql`exists (select 1 from ${rolloutSequences} where ${rolloutSequences.name} = ${write.name} and ${rolloutSequences.writeId} = ${writeId})`;
  const [, [row]] = await db.batch([
    db
      .insert(rolloutSequences)
      .values({
        name: write.name,
        displayName: write.displayName,
        labels: write.labels,
        stages: write.stages,
        createdAt: now,
        updatedAt: now,
        writeId,
      })
      .onConflictDoUpdate({
        target: rolloutSequences.name,
        set: {
          displayName: write.displayName,
          labels: write.labels,
          stages: write.stages,
          updatedAt: now,
          writeId,
        },
        setWhere: stillAsRead(write.name, expected),
      }),
    db.select().from(rolloutSequences).where(eq(rolloutSequences.name, write.name)),
    db
      .delete(rolloutSequenceFleets)
      .where(and(eq(rolloutSequenceFleets.sequence, write.name), mine)),
    ...write.fleets.map((fleet) =>
      db.insert(rolloutSequenceFleets).select(sql`select ${fleet}, ${write.name} where ${mine}`),
    ),
  ]);
  if (row === undefined) throw new Error(`rollout sequence ${write.name} was not stored`);
  if (row.writeId !== writeId) return "changed";
  return { created: "absent" in expected, row };
}

/**
 * Deletes a sequence (its fleets' rows go with it) if it is still `expected` (SEQ-18):
 * whether one was deleted.
 */
export async function deleteRolloutSequence(
  db: Inventory,
  name: string,
  expected: SequenceAsRead,
): Promise<boolean> {
  const deleted = await db
    .delete(rolloutSequences)
    .where(and(eq(rolloutSequences.name, name), stillAsRead(name, expected)))
    .returning({ name: rolloutSequences.name });
  return deleted.length > 0;
}

/** A cluster as stage membership reads it (SEQ-16). */
export interface StageClusterRow {
  name: string;
  fleet: string;
  labels: Record<string, string> | null;
}

/** The clusters of `fleets`, with their labels, by name (SEQ-16 stage membership). */
export function listStageClusters(
  db: Inventory,
  fleets: readonly string[],
): Promise<StageClusterRow[]> {
  if (fleets.length === 0) return Promise.resolve([]);
  return db
    .select({ name: clusters.name, fleet: clusters.fleet, labels: clusters.labels })
    .from(clusters)
    .where(among(clusters.fleet, fleets))
    .orderBy(asc(clusters.name));
}
