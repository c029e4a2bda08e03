import type { Instant } from "../../time/instant.ts";
import type { ProviderEvent } from "../commands.ts";

/**
 * A report the sim will make at `event.at`. `seq` is the submission order, which breaks
 * ties between reports due at the same instant. `release` names a zone that gets a node
 * of capacity back when the report is made (a finished delete, a preemption); `hold`
 * keeps that capacity for the node that replaces the deleted one instead (NUP-4).
 */
export interface Pending {
  seq: number;
  event: ProviderEvent;
  release?: string;
  hold?: { zone: string; node: string };
}

/** A sorted array that is never mutated once built; `next` is its first untaken entry. */
export interface Run {
  entries: readonly Pending[];
  next: number;
}

/**
 * Pending reports as a few sorted runs merged like a binary counter. Every operation
 * returns a new queue that shares the runs it did not touch, so keeping the sim pure
 * costs O(log n) per report instead of copying every pending report on each call, and
 * the whole queue is still plain JSON.
 */
export type Queue = readonly Run[];

// A long run count only arises when takes drain early runs unevenly; one full merge
// then restores the O(log n) shape.
const MAX_RUNS = 32;

/** @example [a, b].sort(comparePending) // by due time, then submission order */
export function comparePending(a: Pending, b: Pending): number {
  return a.event.at - b.event.at || a.seq - b.seq;
}

/**
 * @example queueInsert([], [{ seq: 0, event: { type: "COMMAND_SUCCEEDED", commandId: "c", at: 5 } }])
 */
export function queueInsert(queue: Queue, entries: readonly Pending[]): Queue {
  if (entries.length === 0) return queue;
  let run: Run = { entries: [...entries].sort(comparePending), next: 0 };
  const runs = [...queue];
  for (let last = runs.at(-1); last !== undefined && live(last) <= live(run); last = runs.at(-1)) {
    runs.pop();
    run = mergeRuns(last, run);
  }
  runs.push(run);
  return runs.length > MAX_RUNS ? [runs.reduce(mergeRuns)] : runs;
}

/**
 * The earliest pending report, without taking it.
 *
 * @example queuePeek(queue)?.event.at // next instant the sim has something to say
 */
export function queuePeek(queue: Queue): Pending | undefined {
  let best: Pending | undefined;
  for (const run of queue) {
    const head = run.entries[run.next];
    if (head !== undefined && (best === undefined || comparePending(head, best) < 0)) best = head;
  }
  return best;
}

/**
 * Takes every report due at or before `until`, in (due time, submission) order.
 *
 * @example const { queue: rest, due } = queueTakeDue(queue, now);
 */
export function queueTakeDue(queue: Queue, until: Instant): { queue: Queue; due: Pending[] } {
  const runs = queue.map((run) => ({ ...run }));
  const due: Pending[] = [];
  for (;;) {
    let bestRun: Run | undefined;
    let best: Pending | undefined;
    for (const run of runs) {
      const head = run.entries[run.next];
      if (head !== undefined && (best === undefined || comparePending(head, best) < 0)) {
        best = head;
        bestRun = run;
      }
    }
    if (best === undefined || bestRun === undefined || best.event.at > until) break;
    due.push(best);
    bestRun.next += 1;
  }
  if (due.length === 0) return { queue, due };
  return { queue: runs.filter((run) => live(run) > 0).map(trim), due };
}

/** @example queueSize(queue) // reports still to come */
export function queueSize(queue: Queue): number {
  return queue.reduce((sum, run) => sum + live(run), 0);
}

function live(run: Run): number {
  return run.entries.length - run.next;
}

// Dropping taken entries once they are half the run keeps stored state within twice
// the live size while each entry is copied O(1) times on average.
function trim(run: Run): Run {
  return run.next * 2 > run.entries.length
    ? { entries: run.entries.slice(run.next), next: 0 }
    : run;
}

function mergeRuns(a: Run, b: Run): Run {
  const merged: Pending[] = [];
  let i = a.next;
  let j = b.next;
  while (i < a.entries.length && j < b.entries.length) {
    const x = a.entries[i]!;
    const y = b.entries[j]!;
    if (comparePending(x, y) <= 0) {
      merged.push(x);
      i += 1;
    } else {
      merged.push(y);
      j += 1;
    }
  }
  for (; i < a.entries.length; i += 1) merged.push(a.entries[i]!);
  for (; j < b.entries.length; j += 1) merged.push(b.entries[j]!);
  return { entries: merged, next: 0 };
}
