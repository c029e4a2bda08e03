import type { FleetMembership, StartMemberIntent } from "@regatta/engine";
import { fleetMembership, type Inventory } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { Outcome } from "../../outcome.ts";
import {
  attemptDelivery,
  type Courier,
  deliver,
  pendingDelivery,
} from "../../runtime/deliveries.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";
import {
  loadRun,
  markDispatched,
  memberStarted,
  memberStartRefused,
  pendingStarts,
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

/** Member starts, as the run sends them to their fleet: many in one call. */
interface StartMembers {
  type: "start-members";
  owner: { fleet: string; run: string };
  intents: StartMemberIntent[];
}

type StartMessage = StartMembers;

/** What the starts came to, with the fleet's membership when one was refused. */
interface StartAnswer {
  outcomes: { cluster: string; outcome: Outcome<string> }[];
  membership?: FleetMembership;
}

/**
 * Starts per delivery: one call to the fleet carries them all (one RPC, one answer
 * transaction here), yet a message stays small and a call short.
 */
export const STARTS_PER_DELIVERY = 100;

function courier(
  runtime: ObjectRuntime,
  env: Env,
  db: Inventory,
): Courier<StartMessage, StartAnswer> {
  return {
    async send(message) {
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
      const membership = run && (await fleetMembership(db, run));
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
}

/**
 * Records a delivery for the starts the run asked for that none carries yet, up to
 * {@link STARTS_PER_DELIVERY} in each, and attempts each new one at once, until no new
 * start appears (an answer can make the run start the next members). Starts already on
 * their way are left to their delivery's timer, so its backoff holds.
 */
export async function dispatchStarts(
  runtime: ObjectRuntime,
  env: Env,
  db: Inventory,
): Promise<void> {
  const carrier = courier(runtime, env, db);
  for (;;) {
    const recorded = await runtime.commit((tx) => {
      const run = loadRun(tx);
      if (!run) return undefined;
      // A start whose delivery is gone (given up after its attempts) goes out again.
      const fresh = pendingStarts(tx)
        .filter((s) => s.delivery === undefined || !pendingDelivery(tx, s.delivery))
        .slice(0, STARTS_PER_DELIVERY);
      const first = fresh[0];
      if (first === undefined) return undefined;
      // A member is in one pending delivery at a time, so its first member names it.
      const id = `starts/${first.intent.cluster}`;
      const message: StartMembers = {
        type: "start-members",
        owner: { fleet: run.fleet, run: run.name },
        intents: fresh.map((s) => s.intent),
      };
      deliver<StartMessage>(tx, id, message);
      markDispatched(tx, new Set(fresh.map((s) => s.intent.cluster)), id);
      return id;
    });
    if (recorded === undefined) return;
    await attemptDelivery(runtime, recorded, carrier);
  }
}
/** The run object's delivery timer. */
export function startDeliveryTimer(
  runtime: ObjectRuntime,
  env: Env,
  db: Inventory,
  id: string,
): Promise<void> {
  return attemptDelivery(runtime, id, courier(runtime, env, db));
}
