import type { Instant } from "../time/instant.ts";
import { BucketDraft, type BucketMap, createBucketMap } from "./bucket-map.ts";
import { type ReplaceTask, taskWakeAt } from "./node-task.ts";
import { earliest } from "./operation.ts";

/**
 * Node replacements in flight, by key, with a lower bound of their earliest timer.
 * Why the bound: a decision must not look at every task (a 500-node window would make
 * each answer cost 500 steps); only once the bound is reached are all tasks scanned.
 */
export interface TaskSet<T extends ReplaceTask> {
  items: BucketMap<T>;
  /** No task needs a timer before this; it may be early (a rescan then finds nothing). */
  nextTimerAt?: Instant;
}

/** @example emptyTaskSet<ReplaceTask>(40) */
export function emptyTaskSet<T extends ReplaceTask>(expected: number): TaskSet<T> {
  return { items: createBucketMap<T>([], expected) };
}

/**
 * Copy-on-write editing of a task set inside one decision.
 *
 * @example
 * const tasks = new TaskSetDraft(op.tasks);
 * for (const [key, task] of tasks.takeDue(now)) …
 * op.tasks = tasks.commitSet();
 */
export class TaskSetDraft<T extends ReplaceTask> extends BucketDraft<T> {
  nextTimerAt: Instant | undefined;

  constructor(set: TaskSet<T>) {
    super(set.items);
    this.nextTimerAt = set.nextTimerAt;
  }

  override put(key: string, task: T): void {
    super.put(key, task);
    this.nextTimerAt = earliest(this.nextTimerAt, taskWakeAt(task));
  }

  /**
   * The tasks whose timers may be due at `now`: none before the bound, all of them once
   * it is reached. The bound is rebuilt from the tasks not due; due ones add theirs back
   * when the caller puts them after acting.
   */
  takeDue(now: Instant): [string, T][] {
    if (this.nextTimerAt === undefined || now < this.nextTimerAt) return [];
    this.nextTimerAt = undefined;
    const due: [string, T][] = [];
    for (const entry of this.entries()) {
      const wake = taskWakeAt(entry[1]);
      if (wake !== undefined && wake <= now) due.push(entry);
      else this.nextTimerAt = earliest(this.nextTimerAt, wake);
    }
    return due;
  }

  commitSet(): TaskSet<T> {
    const set: TaskSet<T> = { items: this.commit() };
    if (this.nextTimerAt !== undefined) set.nextTimerAt = this.nextTimerAt;
    return set;
  }
}
