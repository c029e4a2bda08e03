import type { UpgradeEnded } from "@regatta/engine";
import type { Env } from "../../../env.ts";
import { type Collection, collect, uncollected } from "../../../runtime/deliveries.ts";
import type { Tx } from "../../../runtime/types.ts";
import type { FleetContext } from "../capability.ts";
import { watchedOperations } from "../ends.ts";
import type { Watching } from "../upgrades.ts";
import type { OperationEnd, Waiter } from "../waiters.ts";
import { phaseOutcome } from "./owners.ts";
import { type PhaseIntent, type PhaseStart, startPhase } from "./phase.ts";

/**
 * A rollout sequence's cluster phases in this fleet (SEQ-19): the sequence's object asks
 * for them by RPC, they start here watched for the sequence (ends.ts), and each phase's
 * end goes back to the sequence's object as a durable delivery collecting the ends heard
 * until it is taken. No polling on either side.
 */

type SequenceWaiter = Extract<Waiter, { kind: "sequence-phase" }>;

/** One phase's end as the sequence's machine hears it. */
export type SequencePhaseEnd = UpgradeEnded;

/** What the fleet sends a sequence: the ends of its phases, in the order heard. */
export interface SequenceEnds {
  type: "sequence-ends";
  sequence: string;
  ends: SequencePhaseEnd[];
}

const typeOf = (intent: PhaseIntent) =>
  intent.kind === "START_NODE_UPGRADE" ? ("NODE" as const) : ("CONTROL_PLANE" as const);

/** The watch of one cluster's phase for a sequence. */
const phaseWatch = (sequence: string, cluster: string, type: string) =>
  `sequence/${sequence}|${cluster}|${type}`;

/**
 * Starts the phases a sequence asked for, each watched for it; answers each one's start
 * at its index. A phase asked again (its answer was lost) whose operations are still
 * watched is answered STARTED, not started twice.
 */
export async function startSequencePhases(
  fleet: FleetContext,
  sequence: string,
  intents: readonly PhaseIntent[],
): Promise<PhaseStart[]> {
  const watchings = intents.map((intent): Watching => {
    const type = typeOf(intent);
    return {
      watch: phaseWatch(sequence, intent.cluster, type),
      waiter: {
        kind: "sequence-phase",
        sequence,
        cluster: intent.cluster,
        type,
        version: intent.version,
      },
    };
  });
  const running = await fleet.runtime.read((tx) =>
    watchings.map((watching) => watchedOperations(tx, watching.watch).length > 0),
  );
  const answers: PhaseStart[] = [];
  for (const [i, intent] of intents.entries()) {
    answers.push(running[i] ? "STARTED" : await startPhase(fleet, intent, watchings[i]!));
  }
  return answers;
}

/** Ends one delivery carries at most (far below what a stored value may take). */
const ENDS_PER_DELIVERY = 1_000;

function endsOf(sequence: string): Collection<SequenceEnds, SequencePhaseEnd> {
  return {
    items: (message) => message.ends,
    message: (ends) => ({ type: "sequence-ends", sequence, ends }),
    key: (end) => `${end.cluster}|${end.type}|${end.version}|${end.outcome}`,
    max: ENDS_PER_DELIVERY,
    apart: (tx) =>
      `sequence-ends-full/${sequence}/${String(tx.now).padStart(15, "0")}-${crypto.randomUUID()}`,
  };
}

/** What of a pending delivery is left once `sent` (an earlier revision) was taken. */
export function unsentSequenceEnds(sent: SequenceEnds, current: SequenceEnds) {
  return uncollected(endsOf(current.sequence), sent, current);
}

/** A phase's operations all ended: its end goes to the sequence, durably. */
export function hearSequencePhaseEnd(
  tx: Tx,
  waiter: SequenceWaiter,
  ends: readonly OperationEnd[],
): void {
  const end: SequencePhaseEnd = {
    kind: "UPGRADE_ENDED",
    cluster: waiter.cluster,
    type: waiter.type,
    version: waiter.version,
    ...phaseOutcome(waiter, ends),
  };
  collect(tx, `sequence-ends/${waiter.sequence}`, end, endsOf(waiter.sequence));
}

/** Carries ends to the sequence's object; true once it took them. */
export function sendSequenceEnds(env: Env, message: SequenceEnds): Promise<boolean> {
  const sequences = env.ROLLOUT_SEQUENCE;
  return sequences.get(sequences.idFromName(message.sequence)).phasesEnded(message.ends);
}
