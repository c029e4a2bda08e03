import {
  type DecisionLogHead,
  decisionReason,
  emptyDecisionLog,
  foldPass,
  type Instant,
} from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { notifyBackoff } from "../notifications/index.ts";

/**
 * CA-17: the cluster's decision log in the fleet object, newest last, in rows of
 * {@link PER_ROW}; only the last {@link RETAINED} decisions are kept (bounded retention:
 * older rows are deleted as new ones fill). A pass is folded in as the engine's
 * `foldPass` says: a NOOP or BACKOFF the previous pass said too stays one entry, which
 * the first pass that no longer says it ends (`until`); so a cluster passed only when a
 * decision could differ keeps the log the brute loop would. What happens between passes
 * (a provider's refusal, a forced drain, a preemption) is always a new entry.
 */

export type ScalingAction = "SCALE_UP" | "SCALE_DOWN" | "NOOP" | "BACKOFF";

/** One decision as recorded. */
export interface RecordedDecision {
  id: number;
  at: Instant;
  pool: string | null;
  action: ScalingAction;
  delta: number;
  zones?: Record<string, number>;
  nodes?: string[];
  reason: string;
  blockedBy?: string;
  inputs?: { pods: number; pending: number; nodes: number; trigger: string };
  /** CA-5: a node kept while it waits out its unneeded time (the reason counts from it). */
  unneeded?: { since: Instant; forMs: number };
  /** When a later pass no longer said it; absent while it still holds. */
  until?: Instant;
}

/** A decision to record, before it has an id. */
export type DecisionInput = Omit<RecordedDecision, "id" | "until">;

/** Decisions per storage row. */
export const PER_ROW = 100;
/** Decisions kept per cluster. */
export const RETAINED = 1000;

interface LogHead extends DecisionLogHead {
  /** The last action per pool (`""` for cluster-wide): a pool entering backoff is told once. */
  lastAction: Record<string, ScalingAction>;
}

const headKey = (cluster: string) => `as-log:${cluster}`;
const rowKey = (cluster: string, row: number) => `as-log:${cluster}:${row}`;

/** The log's head; one stored before passes were folded reads as one with nothing open. */
function loadHead(tx: Tx, cluster: string): LogHead {
  const stored = tx.getState<Partial<LogHead> & { next: number }>(headKey(cluster));
  if (!stored) return { ...emptyDecisionLog(), lastAction: {} };
  return { next: stored.next, open: stored.open ?? {}, lastAction: stored.lastAction ?? {} };
}

/** The rows a write touches, read once, written once if changed. */
class Rows {
  private readonly rows = new Map<number, RecordedDecision[]>();
  private readonly changed = new Set<number>();
  constructor(
    private readonly tx: Tx,
    private readonly cluster: string,
  ) {}
  private of(row: number): RecordedDecision[] | undefined {
    const known = this.rows.get(row);
    if (known) return known;
    const stored = this.tx.getState<RecordedDecision[]>(rowKey(this.cluster, row));
    if (stored) this.rows.set(row, [...stored]);
    return stored && this.rows.get(row);
  }
  find(id: number): RecordedDecision | undefined {
    return this.of(Math.floor(id / PER_ROW))?.find((d) => d.id === id);
  }
  append(entry: RecordedDecision): void {
    const row = Math.floor(entry.id / PER_ROW);
    this.rows.set(row, [...(this.of(row) ?? []), entry]);
    this.changed.add(row);
  }
  update(entry: RecordedDecision): void {
    const row = Math.floor(entry.id / PER_ROW);
    const list = this.of(row);
    const at = list?.findIndex((d) => d.id === entry.id) ?? -1;
    if (list === undefined || at < 0) return;
    list[at] = entry;
    this.changed.add(row);
  }
  save(): void {
    for (const row of this.changed) this.tx.putState(rowKey(this.cluster, row), this.rows.get(row));
  }
}

function remember(tx: Tx, cluster: string, head: LogHead, decision: RecordedDecision): void {
  const pool = decision.pool ?? "";
  if (decision.action === "BACKOFF" && head.lastAction[pool] !== "BACKOFF") {
    notifyBackoff(tx, cluster, decision);
  }
  head.lastAction[pool] = decision.action;
}

/** Writes the head and the rows, then drops rows wholly older than the last RETAINED. */
function save(tx: Tx, cluster: string, head: LogHead, rows: Rows): void {
  rows.save();
  const oldestKept = Math.max(0, head.next - RETAINED);
  for (let row = Math.floor((head.next - 1) / PER_ROW); row >= 0; row--) {
    if ((row + 1) * PER_ROW > oldestKept) continue;
    if (tx.getState(rowKey(cluster, row)) === undefined) break;
    tx.deleteState(rowKey(cluster, row));
  }
  tx.putState(headKey(cluster), head);
}

/** Appends what happened between passes; returns the entries with their ids. */
export function recordDecisions(
  tx: Tx,
  cluster: string,
  decisions: readonly DecisionInput[],
): RecordedDecision[] {
  if (decisions.length === 0) return [];
  const head = loadHead(tx, cluster);
  const rows = new Rows(tx, cluster);
  const recorded = decisions.map((decision) => {
    const entry: RecordedDecision = { id: head.next, ...decision };
    head.next += 1;
    rows.append(entry);
    remember(tx, cluster, head, entry);
    return entry;
  });
  save(tx, cluster, head, rows);
  return recorded;
}

/**
 * Folds one pass into the log (`foldPass`): new entries for what the previous pass did
 * not say, `until` for what it said and this one does not. Returns every decision of the
 * pass as the log holds it (a repeat as its entry, first seen earlier), rendered as of `at`.
 */
export function recordPass(
  tx: Tx,
  cluster: string,
  at: Instant,
  decisions: readonly DecisionInput[],
): RecordedDecision[] {
  const head = loadHead(tx, cluster);
  const folded = foldPass(head, decisions);
  const rows = new Rows(tx, cluster);
  for (const id of folded.closed) {
    const entry = rows.find(id);
    if (entry) rows.update({ ...entry, until: at });
  }
  const next: LogHead = { ...folded.head, lastAction: head.lastAction };
  const fresh = new Set(folded.fresh);
  const recorded = folded.ids.map((id, i) => {
    const decision = decisions[i] as DecisionInput;
    if (!fresh.has(i)) return rows.find(id) ?? { ...decision, id };
    const entry: RecordedDecision = { id, ...decision };
    rows.append(entry);
    remember(tx, cluster, next, entry);
    return entry;
  });
  // A pass that only repeats the previous one writes nothing.
  if (folded.fresh.length > 0 || folded.closed.length > 0) save(tx, cluster, next, rows);
  return recorded.map((d) => rendered(d, at));
}

/** The decision as a person reads it at `now`: a countdown stops where the entry ended. */
function rendered(decision: RecordedDecision, now: Instant): RecordedDecision {
  if (decision.unneeded === undefined) return decision;
  return { ...decision, reason: decisionReason(decision, decision.until ?? now) };
}

/** Which decisions a page holds: older than `before` (an id), of one pool, of some actions. */
export interface DecisionFilter {
  limit: number;
  before?: number | undefined;
  pool?: string | undefined;
  actions?: readonly ScalingAction[] | undefined;
}

/**
 * A page of decisions, newest first, as `options` filters them. `nextBefore` is where the
 * next page starts, absent on the last page.
 */
export function listDecisions(
  tx: Tx,
  cluster: string,
  options: DecisionFilter,
): { items: RecordedDecision[]; nextBefore?: number } {
  const head = tx.getState<LogHead>(headKey(cluster));
  if (!head) return { items: [] };
  const start = Math.min(options.before ?? head.next, head.next) - 1;
  const items: RecordedDecision[] = [];
  for (let row = Math.floor(start / PER_ROW); row >= 0; row--) {
    const list = tx.getState<RecordedDecision[]>(rowKey(cluster, row));
    if (list === undefined) break;
    for (let i = list.length - 1; i >= 0; i--) {
      const entry = list[i]!;
      if (entry.id > start) continue;
      if (options.pool !== undefined && entry.pool !== options.pool) continue;
      if (options.actions !== undefined && !options.actions.includes(entry.action)) continue;
      if (items.length === options.limit) return { items, nextBefore: items.at(-1)!.id };
      items.push(rendered(entry, tx.now));
    }
  }
  return { items };
}

/** How many decisions the cluster has recorded, kept or not. */
export function decisionCount(tx: Tx, cluster: string): number {
  return (tx.getState<LogHead>(headKey(cluster))?.next ?? 1) - 1;
}

/** The cluster is gone: so is its log. */
export function forgetDecisions(tx: Tx, cluster: string): void {
  const head = tx.getState<LogHead>(headKey(cluster));
  if (!head) return;
  for (let row = Math.floor(head.next / PER_ROW); row >= 0; row--)
    tx.deleteState(rowKey(cluster, row));
  tx.deleteState(headKey(cluster));
}
