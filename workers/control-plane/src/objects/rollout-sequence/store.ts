import { initialSequenceState, type SequenceEvent, type SequenceState } from "@regatta/engine";
import type { Tx } from "../../runtime/types.ts";

/**
 * How a rollout sequence lives in its object: its engine state (one row), and the ends of
 * cluster phases its fleets reported that no pass has heard yet (an inbox).
 */

const STATE = "sequence";
const INBOX = "sequence-inbox";

/** Ends waiting at most: a stage's clusters end at most once per phase and version. */
const MAX_INBOX = 10_000;

/** A phase's end as the sequence hears it. */
export type PhaseEnded = Extract<SequenceEvent, { kind: "UPGRADE_ENDED" }>;

export function loadSequenceState(tx: Tx): SequenceState {
  return tx.getState<SequenceState>(STATE) ?? initialSequenceState();
}

export function saveSequenceState(tx: Tx, state: SequenceState): void {
  tx.putState(STATE, state);
}

/** Queues ends for the next pass; an end heard twice is applied once (the machine ignores it). */
export function queueEnds(tx: Tx, ends: readonly PhaseEnded[]): void {
  if (ends.length === 0) return;
  const inbox = tx.getState<PhaseEnded[]>(INBOX) ?? [];
  tx.putState(INBOX, [...inbox, ...ends].slice(-MAX_INBOX));
}

/** Takes the inbox, emptying it. */
export function takeEnds(tx: Tx): PhaseEnded[] {
  const inbox = tx.getState<PhaseEnded[]>(INBOX) ?? [];
  if (inbox.length > 0) tx.deleteState(INBOX);
  return inbox;
}

/** The sequence was deleted: its object keeps nothing (a new one of that name starts afresh). */
export function dropSequence(tx: Tx): void {
  tx.deleteState(STATE);
  tx.deleteState(INBOX);
}
