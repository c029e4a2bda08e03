import { createKeyedMap, KeyedDraft, type KeyedMap } from "../../collections/keyed-map.ts";
import type { Instant } from "../../time/instant.ts";
import { earliest } from "../operation.ts";
import { type Replacement, replacementWakeAt } from "./replacement.ts";

/**
 * Node replacements in flight, by key. A machine keeps them with a lower bound of
 * their earliest timer (`timerAt`). Why the bound: a decision must not look at every
 * replacement (a 500-node window would make each answer cost 500 steps); only once the
 * bound is reached are all of them scanned.
 */
export type Replacements<T extends Replacement> = KeyedMap<T>;

/** @example emptyReplacements<Replacement>(40) */
export function emptyReplacements<T extends Replacement>(expected: number): Replacements<T> {
  return createKeyedMap<T>([], expected);
}

/**
 * Copy-on-write editing of replacements inside one decision, keeping the timer bound.
 *
 * @example
 * const draft = new ReplacementsDraft(op.replacements, op.replacementTimerAt);
 * for (const [key, task] of draft.takeDue(now)) …
 * op.replacements = draft.commit();
 */
export class ReplacementsDraft<T extends Replacement> extends KeyedDraft<T> {
  /** No replacement needs a timer before this; it may be early (a rescan then finds nothing). */
  timerAt: Instant | undefined;

  constructor(items: Replacements<T>, timerAt: Instant | undefined) {
    super(items);
    this.timerAt = timerAt;
  }

  override put(key: string, task: T): void {
    super.put(key, task);
    this.timerAt = earliest(this.timerAt, replacementWakeAt(task));
  }

  /**
   * The replacements whose timers may be due at `now`: none before the bound, all of
   * them once it is reached. The bound is rebuilt from the ones not due; due ones add
   * theirs back when the caller puts them after acting.
   */
  takeDue(now: Instant): [string, T][] {
    if (this.timerAt === undefined || now < this.timerAt) return [];
    this.timerAt = undefined;
    const due: [string, T][] = [];
    for (const entry of this.entries()) {
      const wake = replacementWakeAt(entry[1]);
      if (wake !== undefined && wake <= now) due.push(entry);
      else this.timerAt = earliest(this.timerAt, wake);
    }
    return due;
  }
}
