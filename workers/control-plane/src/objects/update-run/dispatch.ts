import type { FleetMembership } from "@regatta/engine";
import { fleetMembership } from "@regatta/inventory";
import type { Outcome } from "../../outcome.ts";
import { boundCourier } from "../../runtime/capabilities.ts";
import { attemptDelivery, DELIVERY_TIMER } from "../../runtime/deliveries.ts";
import type { RunCapability, RunContext, RunCourier } from "./context.ts";
import {
  loadRun,
  memberStarted,
  memberStartRefused,
  pendingStarts,
  recordStarts,
  type StartMembers,
  tickRun,
} from "./host.ts";

/**
 * Member starts the run asked for, carried to the member's fleet as durable deliveries
 * (runtime/deliveries.ts): the fleet answers the operation it already started for that
 * member when a start is asked again, so a start retried after a lost answer is not made
 * twice. A refusal fails the member (RUN-11), unless the fleet's view, read after it,
 * says otherwise: its cluster left the fleet since the run decided to start it (Skipped,
 * EXT-8), or it is already there, upgraded by hand meanwhile (Skipped, RUN-9). An
 * unreachable fleet leaves the start to its delivery's backoff.
 */

type StartMessage = StartMembers;

/** What the starts came to, with the fleet's membership when one was refused. */
interface StartAnswer {
  outcomes: { cluster: string; outcome: Outcome<string> }[];
  membership?: FleetMembership;
}

const starts: RunCourier<StartMessage, StartAnswer> = {
  async send({ runtime, env, inventory }, message) {
    // Still wanted? A member may have been skipped or the run stopped meanwhile.
    const wanted = await runtime.read(
      (tx) => new Set(pendingStarts(tx).map((s) => s.intent.cluster)),
    );
    const intents = message.intents.filter((intent) => wanted.has(intent.cluster));
    if (intents.length === 0) return { outcomes: [] };
    const fleet = env.FLEET.get(env.FLEET.idFromName(message.owner.fleet));
    const owner = { fleet: message.owner.fleet, run: message.owner.run };
    const outcomes = await fleet.startRunMembers(owner, intents);
    const answer: StartAnswer = {
      outcomes: outcomes.map((outcome, i) => ({ cluster: intents[i]!.cluster, outcome })),
    };
    if (outcomes.every((outcome) => outcome.ok)) return answer;
    const run = await runtime.read((tx) => loadRun(tx));
    const membership = run && (await fleetMembership(inventory, run));
    if (membership) answer.membership = membership;
    return answer;
  },
  taken(tx, _message, answer) {
    if (answer.membership !== undefined) tickRun(tx, { membership: answer.membership });
    for (const { cluster, outcome } of answer.outcomes) {
      if (outcome.ok) memberStarted(tx, cluster, outcome.value);
      else memberStartRefused(tx, cluster, outcome.error.detail);
    }
  },
};

/**
 * Attempts at once each start delivery due now (recorded with the decision that asked
 * for the starts, host.ts `recordStarts`), until none is left (an answer can make the run
 * start the next members). Starts already retrying wait for their delivery's timer, so
 * its backoff holds.
 */
export async function dispatchStarts(context: RunContext): Promise<void> {
  const { runtime } = context;
  const carrier = boundCourier(starts, context);
  const attempted = new Set<string>();
  for (;;) {
    // A start whose delivery was given up goes out again.
    await runtime.commit((tx) => recordStarts(tx));
    const now = runtime.now();
    const due = runtime
      .timers()
      .filter((t) => t.kind === DELIVERY_TIMER && t.due <= now && isStartDelivery(t.payload))
      .map((t) => t.payload ?? "")
      .filter((id) => !attempted.has(id));
    if (due.length === 0) return;
    for (const id of due) {
      attempted.add(id);
      await attemptDelivery(runtime, id, carrier);
    }
  }
}

function isStartDelivery(id: string | undefined): boolean {
  return id?.startsWith("starts/") === true;
}

/** RUN-5: member starts, carried to their fleet. */
export const memberStarts: RunCapability = {
  name: "member starts",
  deliveries: { "start-members": starts },
};
