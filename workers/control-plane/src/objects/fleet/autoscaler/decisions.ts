import type { Instant } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { notifyBackoff } from "../notifications/autoscaler.ts";

/**
 * CA-17: the cluster's decision log in the fleet object, newest last, in rows of
 * {@link PER_ROW}; only the last {@link RETAINED} decisions are kept (bounded retention:
 * older rows are deleted as new ones fill). A NOOP that repeats the pool's previous
 * decision word for word is not recorded again, so a quiet cluster scanned every few
 * seconds does not push real decisions out of the log.
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
}

/** Decisions per storage row. */
export const PER_ROW = 100;
/** Decisions kept per cluster. */
export const RETAINED = 1000;

interface LogHead {
  next: number;
  /** The last reason per pool (`""` for cluster-wide), to skip repeated NOOPs. */
  last: Record<string, string>;
}

const headKey = (cluster: string) => `as-log:${cluster}`;
const rowKey = (cluster: string, row: number) => `as-log:${cluster}:${row}`;

/** Appends decisions; returns them with their ids (repeated NOOPs left out). */
export function recordDecisions(
  tx: Tx,
  cluster: string,
  decisions: readonly Omit<RecordedDecision, "id">[],
): RecordedDecision[] {
  const head = tx.getState<LogHead>(headKey(cluster)) ?? { next: 1, last: {} };
  const recorded: RecordedDecision[] = [];
  const last = { ...head.last };
  let next = head.next;
  const rows = new Map<number, RecordedDecision[]>();
  for (const decision of decisions) {
    const poolKey = decision.pool ?? "";
    const signature = `${decision.action}:${decision.reason}`;
    if (decision.action === "NOOP" && last[poolKey] === signature) continue;
    if (decision.action === "BACKOFF" && !last[poolKey]?.startsWith("BACKOFF:")) {
      notifyBackoff(tx, cluster, decision);
    }
    last[poolKey] = signature;
    const entry: RecordedDecision = { id: next, ...decision };
    next += 1;
    const row = Math.floor(entry.id / PER_ROW);
    const list = rows.get(row) ?? [
      ...(tx.getState<RecordedDecision[]>(rowKey(cluster, row)) ?? []),
    ];
    list.push(entry);
    rows.set(row, list);
    recorded.push(entry);
  }
  if (recorded.length === 0) return recorded;
  for (const [row, list] of rows) tx.putState(rowKey(cluster, row), list);
  // Retention: rows wholly older than the last RETAINED decisions go.
  const oldestKept = Math.max(0, next - RETAINED);
  for (let row = Math.floor((next - 1) / PER_ROW); row >= 0; row--) {
    if ((row + 1) * PER_ROW > oldestKept) continue;
    if (tx.getState(rowKey(cluster, row)) === undefined) break;
    tx.deleteState(rowKey(cluster, row));
  }
  tx.putState(headKey(cluster), { next, last });
  return recorded;
}

/**
 * A page of decisions, newest first, older than `before` (an id), optionally of one pool.
 * `nextBefore` is where the next page starts, absent on the last page.
 */
export function listDecisions(
  tx: Tx,
  cluster: string,
  options: { limit: number; before?: number | undefined; pool?: string | undefined },
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
      if (items.length === options.limit) return { items, nextBefore: items.at(-1)!.id };
      items.push(entry);
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
