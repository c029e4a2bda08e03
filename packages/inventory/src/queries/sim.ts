import type { Instant } from "@regatta/engine";
import { and, asc, count, eq, gt, isNull, sql } from "drizzle-orm";
import { simClock, simFaults, simSettings } from "../schema/sim.ts";
import { setFromExcluded } from "./chunk.ts";
import { type Inventory, inBatch, prepared } from "./db.ts";
import { keysetPage, type Page, type PageRequest } from "./page.ts";

/** A stored simulated fault. */
export type SimFaultRow = typeof simFaults.$inferSelect;
/** What `putSimFault` writes. */
export type SimFaultWrite = Omit<typeof simFaults.$inferInsert, "createdAt">;
/** The sim clock's anchor (see the `sim_clock` table). */
export type SimClockRow = Omit<typeof simClock.$inferSelect, "id">;

/** @example const fault = await getSimFault(db, "quota-eu"); */
export async function getSimFault(db: Inventory, id: string): Promise<SimFaultRow | undefined> {
  return db.select().from(simFaults).where(eq(simFaults.id, id)).get();
}

/** Faults by id. */
export function listSimFaults(db: Inventory, page?: PageRequest): Promise<Page<SimFaultRow>> {
  return keysetPage(
    page,
    (after, take) =>
      db
        .select()
        .from(simFaults)
        .where(after === undefined ? undefined : gt(simFaults.id, after))
        .orderBy(asc(simFaults.id))
        .limit(take),
    (f) => f.id,
  );
}

/** The first `limit` faults by id, as one query (to read them in a batch beside others). */
export function selectSimFaults(db: Inventory, limit: number) {
  const statement = prepared(db, "sim-faults", () =>
    db
      .select()
      .from(simFaults)
      .orderBy(asc(simFaults.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );
  return inBatch(statement, { limit });
}

/** How many faults are defined. */
export async function countSimFaults(db: Inventory): Promise<number> {
  const [row] = await db.select({ n: count() }).from(simFaults);
  return row?.n ?? 0;
}

/** Injects or replaces a fault. */
export function putSimFault(db: Inventory, fault: SimFaultWrite, now: Instant) {
  return db
    .insert(simFaults)
    .values({ ...fault, createdAt: now })
    .onConflictDoUpdate({
      target: simFaults.id,
      set: setFromExcluded(simFaults, ["id", "createdAt"]),
    });
}

/** Clears a fault; resolves to the deleted keys. */
export function deleteSimFault(db: Inventory, id: string) {
  return db.delete(simFaults).where(eq(simFaults.id, id)).returning({ id: simFaults.id });
}

/** The sim clock's anchor and lease, if one was saved. */
export async function getSimClock(db: Inventory): Promise<SimClockRow | undefined> {
  const [row] = await simClockStatement(db).execute();
  return row;
}

/**
 * The query of {@link getSimClock}, to read the clock in the same batch as what a request
 * reads anyway (one round trip instead of two).
 */
export function selectSimClock(db: Inventory) {
  return inBatch(simClockStatement(db));
}

/** Every call and alarm of an object and most requests read the clock: built once. */
function simClockStatement(db: Inventory) {
  return prepared(db, "sim-clock", () =>
    db
      .select({
        anchorWallMs: simClock.anchorWallMs,
        anchorVirtualMs: simClock.anchorVirtualMs,
        speed: simClock.speed,
        leaseWallMs: simClock.leaseWallMs,
        boot: simClock.boot,
      })
      .from(simClock)
      .where(eq(simClock.id, 1))
      .limit(1)
      .prepare(),
  );
}

/** Saves the sim clock's anchor and lease (the table's single row). */
export function putSimClock(db: Inventory, clock: SimClockRow) {
  return db
    .insert(simClock)
    .values({ id: 1, ...clock })
    .onConflictDoUpdate({ target: simClock.id, set: setFromExcluded(simClock, ["id"]) });
}

/** Anchors the sim clock unless a concurrent first reader already did. */
export function initSimClock(db: Inventory, clock: SimClockRow) {
  return db
    .insert(simClock)
    .values({ id: 1, ...clock })
    .onConflictDoNothing();
}

/**
 * Extends the clock's lease to `leaseWallMs` for process `boot`; never shortens one a
 * concurrent reader already took further.
 */
export function renewSimClockLease(db: Inventory, lease: { leaseWallMs: Instant; boot: string }) {
  return db
    .update(simClock)
    .set({
      leaseWallMs: sql`max(coalesce(${simClock.leaseWallMs}, 0), ${lease.leaseWallMs})`,
      boot: lease.boot,
    })
    .where(eq(simClock.id, 1));
}

/**
 * Replaces the anchor `seen` with `next`, only if no one re-anchored the clock since it
 * was read: resolves to whether this call did it.
 */
export async function swapSimClock(
  db: Inventory,
  seen: SimClockRow,
  next: SimClockRow,
): Promise<boolean> {
  const swapped = await db
    .update(simClock)
    .set(next)
    .where(
      and(
        eq(simClock.id, 1),
        eq(simClock.anchorWallMs, seen.anchorWallMs),
        eq(simClock.anchorVirtualMs, seen.anchorVirtualMs),
        seen.boot === null ? isNull(simClock.boot) : eq(simClock.boot, seen.boot),
      ),
    )
    .returning({ id: simClock.id });
  return swapped.length > 0;
}

/** The sim's timing: durations per command type, jitter and the capacity-refusal delay. */
export type SimSettingsRow = Omit<typeof simSettings.$inferSelect, "id">;

/** The sim's timing, if an operator set it (else the engine's defaults apply). */
export async function getSimSettings(db: Inventory): Promise<SimSettingsRow | undefined> {
  const [row] = await simSettingsStatement(db).execute();
  return row;
}

/** The query of {@link getSimSettings}, to read it in a batch beside others. */
export function selectSimSettings(db: Inventory) {
  return inBatch(simSettingsStatement(db));
}

/** Every fleet object's call reads the sim's timing: built once. */
function simSettingsStatement(db: Inventory) {
  return prepared(db, "sim-settings", () =>
    db
      .select({
        durations: simSettings.durations,
        jitter: simSettings.jitter,
        rejectionDelaySeconds: simSettings.rejectionDelaySeconds,
      })
      .from(simSettings)
      .where(eq(simSettings.id, 1))
      .limit(1)
      .prepare(),
  );
}

/** Saves the sim's timing (the table's single row). */
export function putSimSettings(db: Inventory, settings: SimSettingsRow) {
  return db
    .insert(simSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: simSettings.id, set: setFromExcluded(simSettings, ["id"]) });
}
