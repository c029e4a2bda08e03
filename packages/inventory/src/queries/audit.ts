import type { Instant } from "@regatta/engine";
import { and, asc, desc, eq, gte, inArray, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { auditLog } from "../schema/audit.ts";
import { type Inventory, inBatch, placeholdersOf, prepared, pruneOldest } from "./db.ts";
import { InvalidCursorError, keysetPage, type Page, type PageRequest } from "./page.ts";

/** One audit entry as stored (SEC-11). */
export type AuditRow = typeof auditLog.$inferSelect;
/** What the audit middleware records; `seq` is given by the table. */
export type AuditWrite = Omit<AuditRow, "seq">;

/**
 * Whose entries a reader sees: everything (admins), or the entries of fleet resources,
 * of the listed fleets only when `fleets` is given (a narrowed operator).
 */
export type AuditReader = { kind: "everything" } | { kind: "fleets"; fleets?: readonly string[] };

/** The filters of `GET /v1/audit`. */
export interface AuditFilter {
  /** Entries at or after this wall-clock instant. */
  since?: Instant | undefined;
  /** A token's public id or its name. */
  actor?: string | undefined;
  /** A prefix of the request path. */
  resource?: string | undefined;
}

/** Appends one entry. */
export async function recordAudit(db: Inventory, entry: AuditWrite): Promise<void> {
  await auditInsert(db).execute(entry);
}

/**
 * The statement that appends `entry`, to commit in the same batch as the change it
 * records: the entry and the change land together or not at all, in one round trip.
 */
export function auditStatement(db: Inventory, entry: AuditWrite) {
  return inBatch(auditInsert(db), entry);
}

/**
 * Every write appends an entry: the statement is built once, each column but `seq` a
 * placeholder, so an entry names them all (null where it has none).
 */
function auditInsert(db: Inventory) {
  return prepared(db, "audit", () =>
    db
      .insert(auditLog)
      .values(placeholdersOf(auditLog, ["seq"]) as unknown as AuditWrite)
      .prepare(),
  );
}

/**
 * Makes the entry of `entry.requestId` say what `entry` says: an entry committed with
 * its change before the answer was known is corrected in place (its status or fleets
 * turned out otherwise), and one whose batch rolled back is appended now. `entry.at` is
 * the committed entry's instant, so the lookup takes the `at` index, not a scan.
 */
export async function correctAudit(db: Inventory, entry: AuditWrite): Promise<void> {
  const corrected = await db
    .update(auditLog)
    .set({ status: entry.status, fleets: entry.fleets, replayed: entry.replayed })
    .where(and(eq(auditLog.at, entry.at), eq(auditLog.requestId, entry.requestId)))
    .returning({ seq: auditLog.seq });
  if (corrected.length === 0) await recordAudit(db, entry);
}

/**
 * Entries newest first, the reader's visibility applied on every page: a cursor only
 * says where the last page ended, so one issued to an admin shows an operator nothing
 * more than its own first page would.
 * @example listAudit(db, { kind: "everything" }, { actor: "ci-bot" }, { limit: 50 })
 */
export function listAudit(
  db: Inventory,
  reader: AuditReader,
  filter: AuditFilter,
  page?: PageRequest,
): Promise<Page<AuditRow>> {
  const visible = visibility(reader);
  return keysetPage(
    page,
    (after, take) => {
      const conditions: (SQL | undefined)[] = [visible];
      if (after !== undefined) conditions.push(lt(auditLog.seq, cursorSeq(after)));
      if (filter.since !== undefined) conditions.push(gte(auditLog.at, filter.since));
      if (filter.actor !== undefined) {
        conditions.push(
          or(eq(auditLog.actorTokenId, filter.actor), eq(auditLog.actorName, filter.actor)),
        );
      }
      if (filter.resource !== undefined) {
        conditions.push(
          sql`substr(${auditLog.resource}, 1, ${filter.resource.length}) = ${filter.resource}`,
        );
      }
      return db
        .select()
        .from(auditLog)
        .where(and(...conditions))
        .orderBy(desc(auditLog.seq))
        .limit(take);
    },
    (row) => String(row.seq),
  );
}

function visibility(reader: AuditReader): SQL | undefined {
  if (reader.kind === "everything") return undefined;
  if (reader.fleets === undefined) return sql`json_array_length(${auditLog.fleets}) > 0`;
  if (reader.fleets.length === 0) return sql`0`;
  const names = sql.join(
    reader.fleets.map((fleet) => sql`${fleet}`),
    sql`, `,
  );
  return sql`exists (select 1 from json_each(${auditLog.fleets}) where value in (${names}))`;
}

function cursorSeq(after: string): number {
  const seq = Number(after);
  if (!Number.isSafeInteger(seq) || seq < 0) throw new InvalidCursorError(after);
  return seq;
}

/**
 * Deletes up to `limit` entries recorded before `cutoff` (wall clock), oldest first;
 * the count tells the cron whether more remain.
 */
export function pruneAuditLog(db: Inventory, cutoff: Instant, limit: number): Promise<number> {
  return pruneOldest(db, auditLog, auditLog.at, cutoff, limit);
}

/**
 * Deletes up to `limit` of the oldest entries beyond the newest `keep`; with
 * `anonymousOnly`, counts and deletes only entries of requests that named no valid token,
 * so a flood of unauthenticated requests cannot push the record of real writes out.
 */
export async function capAuditLog(
  db: Inventory,
  cap: { keep: number; anonymousOnly: boolean },
  limit: number,
): Promise<number> {
  const which = cap.anonymousOnly ? isNull(auditLog.actorName) : undefined;
  const [boundary] = await db
    .select({ seq: auditLog.seq })
    .from(auditLog)
    .where(which)
    .orderBy(desc(auditLog.seq))
    .limit(1)
    .offset(cap.keep);
  if (boundary === undefined) return 0;
  const oldest = db
    .select({ seq: auditLog.seq })
    .from(auditLog)
    .where(and(which, lt(auditLog.seq, boundary.seq + 1)))
    .orderBy(asc(auditLog.seq))
    .limit(limit);
  const deleted = await db
    .delete(auditLog)
    .where(inArray(auditLog.seq, oldest))
    .returning({ seq: auditLog.seq });
  return deleted.length;
}
