import {
  decideSequence,
  type Instant,
  MINUTE,
  type SequenceEvent,
  type SequenceFacts,
  type SequenceIntent,
} from "@regatta/engine";
import { loadSequenceFacts } from "@regatta/inventory";
import { deliver } from "../../runtime/deliveries.ts";
import { type Tx, timerId } from "../../runtime/types.ts";
import type { SequenceContext } from "./context.ts";
import { notifySequenceChanges } from "./notifications.ts";
import { dropSequence, loadSequenceState, saveSequenceState, takeEnds } from "./store.ts";

/**
 * The rollout sequence's pass (SEQ-19): read its stages and every cluster of their fleets
 * from the inventory, feed the machine the ends and controls that arrived, and persist
 * its decision with the starts it asked for — one durable delivery per fleet, carried to
 * that fleet's object (starts.ts) — in one transaction.
 */

/** The sequence's one timer: its next pass. */
export const SEQUENCE_TIMER = "sequence";
const PASS = timerId(SEQUENCE_TIMER, "pass");

/** After an end, look again once the inventory shows the new versions (write-back). */
const SETTLE = MINUTE;

/** Starts of one fleet's clusters, carried to that fleet's object. */
export interface StartPhases {
  type: "start-phases";
  fleet: string;
  intents: SequenceIntent[];
}

/** Prefix of the start deliveries, so a pass attempts its own at once. */
export const STARTS = "sequence-starts/";

/** The next pass, due at `due` (now: as soon as the current work is done). */
export function wakeSequence(tx: Tx, due: Instant): void {
  tx.setTimer({ id: PASS, due, kind: SEQUENCE_TIMER });
}

function decide(tx: Tx, facts: SequenceFacts, controls: readonly SequenceEvent[]): string[] {
  const ends = takeEnds(tx);
  const before = loadSequenceState(tx);
  const events: SequenceEvent[] = [...controls, ...ends, { kind: "EVALUATE" }];
  const decision = decideSequence(before, events, facts, tx.now);
  saveSequenceState(tx, decision.state);
  notifySequenceChanges(tx, facts, before, decision.state);
  const fleetOf = new Map(facts.clusters.map((cluster) => [cluster.name, cluster.fleet]));
  const byFleet = new Map<string, SequenceIntent[]>();
  for (const intent of decision.intents) {
    const fleet = fleetOf.get(intent.cluster);
    if (fleet !== undefined) byFleet.set(fleet, [...(byFleet.get(fleet) ?? []), intent]);
  }
  const ids = [...byFleet].map(([fleet, intents], i) => {
    const id = `${STARTS}${fleet}/${tx.now}#${i}`;
    deliver<StartPhases>(tx, id, { type: "start-phases", fleet, intents });
    return id;
  });
  const due = [decision.wakeAt, ends.length > 0 ? tx.now + SETTLE : undefined].filter(
    (at): at is Instant => at !== undefined,
  );
  if (due.length > 0) wakeSequence(tx, Math.min(...due));
  else tx.clearTimer(PASS);
  return ids;
}

/**
 * One pass, with the user's `controls` (SEQ-20) applied first. A sequence that no longer
 * exists forgets everything: ends of what it started are no one's business any more, and
 * one created again under its name starts afresh. Answers the start deliveries it made.
 */
export async function runSequencePass(
  context: SequenceContext,
  controls: readonly SequenceEvent[] = [],
): Promise<string[]> {
  const facts = await loadSequenceFacts(context.inventory, context.name);
  if (facts === undefined) {
    await context.runtime.commit((tx) => {
      tx.clearTimer(PASS);
      dropSequence(tx);
    });
    return [];
  }
  return context.runtime.commit((tx) => decide(tx, facts, controls));
}
