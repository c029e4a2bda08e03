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
import type { RunOwner } from "../fleet/run-members/members.ts";
import { loadRun, memberStarted, memberStartRefused, pendingStarts, tickRun } from "./host.ts";

/**
 * Member starts the run asked for, carried to the member's fleet as durable deliveries
 * (runtime/deliveries.ts): the fleet answers the operation it already started for that
 * member when a start is asked again, so a start retried after a lost answer is not made
 * twice. A refusal fails the member (RUN-11), unless the fleet's view, read after it,
 * says otherwise: its cluster left the fleet since the run decided to start it (Skipped,
 * EXT-8), or it is already there, upgraded by hand meanwhile (Skipped, RUN-9). An
 * unreachable fleet leaves the start to its delivery's backoff.
 */

/** One member start, as the run sends it to its fleet. */
interface StartMember {
  type: "start-member";
  owner: RunOwner;
  intent: StartMemberIntent;
}

/** What the start came to, with the fleet's membership when it was refused. */
type StartAnswer =
  | { skipped: true }
  | { skipped: false; outcome: Outcome<string>; membership?: FleetMembership };

const startId = (cluster: string) => `start/${cluster}`;

function courier(
  runtime: ObjectRuntime,
  env: Env,
  db: Inventory,
): Courier<StartMember, StartAnswer> {
  return {
    async send(message) {
      // Still wanted? The member may have been skipped or the run stopped meanwhile.
      const wanted = await runtime.commit((tx) =>
        pendingStarts(tx).some((s) => s.cluster === message.intent.cluster),
      );
      if (!wanted) return { skipped: true };
      const fleet = env.FLEET.get(env.FLEET.idFromName(message.owner.fleet));
      const outcome = await fleet.startRunMember(message.owner, message.intent);
      if (outcome.ok) return { skipped: false, outcome };
      const run = await runtime.commit((tx) => loadRun(tx));
      const membership = run && (await fleetMembership(db, run));
      return membership ? { skipped: false, outcome, membership } : { skipped: false, outcome };
    },
    taken(tx, message, answer) {
      if (answer.skipped) return;
      const cluster = message.intent.cluster;
      if (answer.membership !== undefined) tickRun(tx, { membership: answer.membership });
      if (answer.outcome.ok) memberStarted(tx, cluster, answer.outcome.value);
      else memberStartRefused(tx, cluster, answer.outcome.error.detail);
    },
  };
}

/**
 * Records a delivery for each start the run asked for that has none yet and attempts
 * each new one at once, until no new start appears (a start's answer can make the run
 * start the next member). A start already recorded is left to its own delivery timer, so
 * its backoff holds.
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
      if (!run) return [];
      const fresh: string[] = [];
      for (const intent of pendingStarts(tx)) {
        const id = startId(intent.cluster);
        if (pendingDelivery(tx, id)) continue;
        const owner: RunOwner = { fleet: run.fleet, run: run.name, cluster: intent.cluster };
        deliver<StartMember>(tx, id, { type: "start-member", owner, intent });
        fresh.push(id);
      }
      return fresh;
    });
    if (recorded.length === 0) return;
    for (const id of recorded) await attemptDelivery(runtime, id, carrier);
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
