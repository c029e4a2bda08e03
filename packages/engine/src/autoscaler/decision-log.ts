import type { DecisionRecord } from "./types.ts";

/**
 * CA-17: what the decision log keeps of the passes. A pass repeats most of what the one
 * before it said ("nothing to do", "node n-7 kept: …", a pool backing off); the log keeps
 * what changed something or newly blocked something: every scale up and scale down, and
 * a NOOP or BACKOFF only when the previous pass did not say it too. A decision repeated
 * pass after pass stays one entry, first seen at its `at`, and gets its `until` from the
 * first pass that no longer says it. So the log is the same whether the cluster was
 * passed at every tick of its scan grid or only when a decision could differ.
 */

/** Where the log stands: the next id, and the entries the latest pass said, by key. */
export interface DecisionLogHead {
  next: number;
  open: Record<string, number>;
}

/** What folding one pass into the log did. */
export interface FoldedPass {
  head: DecisionLogHead;
  /** The log id of each of the pass's records, in order (a repeat has its entry's id). */
  ids: number[];
  /** Indexes of the records that are new entries (their ids are fresh). */
  fresh: number[];
  /** Entries the previous pass said and this one does not: they end at the pass's instant. */
  closed: number[];
}

/** What folding compares of a decision (a host may keep more with it). */
export type LoggedRecord = Pick<
  DecisionRecord,
  "pool" | "action" | "delta" | "zones" | "nodes" | "reason" | "unneeded"
> & { blockedBy?: string };

/** An empty log. */
export function emptyDecisionLog(): DecisionLogHead {
  return { next: 1, open: {} };
}

/**
 * What makes two records of consecutive passes the same decision: everything but the
 * instant, and for a node waiting out its unneeded time, the countdown in its reason.
 */
export function decisionKey(record: LoggedRecord): string {
  return JSON.stringify([
    record.pool,
    record.action,
    record.delta,
    record.zones ?? null,
    record.nodes ?? null,
    record.blockedBy ?? null,
    record.unneeded ?? record.reason,
  ]);
}

/** A NOOP or BACKOFF says where things stand; scale ups and downs are each an act. */
function standing(record: LoggedRecord): boolean {
  return record.action === "NOOP" || record.action === "BACKOFF";
}

/**
 * Folds a pass's records into the log: a NOOP or BACKOFF the previous pass said too keeps
 * its entry, every other record is a new entry, and what the previous pass said that
 * this one does not is closed.
 *
 * @example foldPass(emptyDecisionLog(), decision.records).fresh // every index: a first pass is all new
 */
export function foldPass(head: DecisionLogHead, records: readonly LoggedRecord[]): FoldedPass {
  let next = head.next;
  const open: Record<string, number> = {};
  const ids: number[] = [];
  const fresh: number[] = [];
  records.forEach((record, index) => {
    const key = standing(record) ? decisionKey(record) : undefined;
    const known = key === undefined ? undefined : (open[key] ?? head.open[key]);
    if (known !== undefined && key !== undefined) {
      open[key] = known;
      ids.push(known);
      return;
    }
    ids.push(next);
    fresh.push(index);
    if (key !== undefined) open[key] = next;
    next += 1;
  });
  const kept = new Set(Object.values(open));
  const closed = Object.values(head.open).filter((id) => !kept.has(id));
  return { head: { next, open }, ids, fresh, closed };
}
