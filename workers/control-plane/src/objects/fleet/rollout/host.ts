import {
  decideGroupAll,
  type GroupEvent,
  type GroupFacts,
  type GroupIntent,
  type GroupState,
  type Instant,
  MINUTE,
  type QualificationMessage,
  type RolloutStatusView,
  rolloutStatus,
} from "@regatta/engine";
import { fleetOfGroup, loadGroupFacts } from "@regatta/inventory";
import { attemptDelivery, deliver } from "../../../runtime/deliveries.ts";
import { type Tx, timerId } from "../../../runtime/types.ts";
import type { FleetContext, FleetCourier } from "../capability.ts";
import { notifyRolloutChanges } from "../notifications/index.ts";
import type { Watching } from "../upgrades.ts";
import { ROLLOUT_TIMER } from "./keys.ts";
import {
  deliverRolloutEnds,
  forgetRolloutGroup,
  phaseWatch,
  type RolloutEnd,
  type RolloutOwner,
  rememberRolloutGroup,
  wakeRollout,
} from "./owners.ts";
import { startPhase } from "./phase.ts";
import {
  dropGroupState,
  heardCount,
  loadGroupState,
  loadPending,
  queueUpstream,
  saveGroupState,
  savePending,
  takeInboxes,
} from "./store.ts";

/**
 * The fleet object's rollout sequencing (SEQ): one engine machine per group the fleet
 * owns (the fleet, or its team scopes). A pass reads the group's facts from the
 * inventory, feeds the machine what arrived (operation ends, upstream words) and the
 * passing of time in one transaction with the intents it decided, each recorded as a
 * durable delivery (runtime/deliveries.ts): control-plane and node-pool upgrades started
 * from inside the object, each watched by its phase (ends.ts), and words to the
 * downstream group by RPC, retried until it takes them.
 */

/** After an end, look again once the inventory has the new versions (write-back). */
const SETTLE = MINUTE;

/** One decided intent of a group, carried out by the rollout's courier. */
export interface RolloutIntent {
  type: "rollout-intent";
  group: string;
  intent: GroupIntent;
}

function eventsFor(
  facts: GroupFacts,
  upstream: readonly QualificationMessage[],
  ends: readonly RolloutEnd[],
): GroupEvent[] {
  return [
    ...upstream.map((message): GroupEvent => ({ kind: "UPSTREAM", message, facts })),
    ...ends.map((end): GroupEvent => ({ kind: "UPGRADE_ENDED", ...end, facts })),
    { kind: "EVALUATE", facts },
  ];
}

/** Decides and persists in one transaction; returns the deliveries of its intents. */
function decide(tx: Tx, facts: GroupFacts): string[] {
  const group = facts.group;
  rememberRolloutGroup(tx, group);
  adoptPending(tx, group);
  const { upstream, ends } = takeInboxes(tx, group);
  const before = loadGroupState(tx, group);
  const decision = decideGroupAll(before, eventsFor(facts, upstream, ends), tx.now);
  saveGroupState(tx, group, decision.state);
  notifyRolloutChanges(tx, group, before, decision.state);
  const ids = decision.intents.map((intent, i) => {
    const id = `rollout/${group}/${tx.now}#${i}`;
    deliver<RolloutIntent>(tx, id, { type: "rollout-intent", group, intent });
    return id;
  });
  const wakes = [decision.wakeAt, ends.length > 0 ? tx.now + SETTLE : undefined];
  const due = wakes.filter((at): at is Instant => at !== undefined);
  if (due.length > 0) wakeRollout(tx, group, Math.min(...due));
  else tx.clearTimer(timerId(ROLLOUT_TIMER, group));
  return ids;
}

/** Intents an earlier version kept in its own retry list become deliveries. */
function adoptPending(tx: Tx, group: string): void {
  const pending = loadPending(tx, group);
  if (pending.length === 0) return;
  for (const item of pending) {
    deliver<RolloutIntent>(tx, `rollout/${group}/${item.id}`, {
      type: "rollout-intent",
      group,
      intent: item.intent,
    });
  }
  savePending(tx, group, []);
}

/** Carries one intent out; throws when it should be tried again. */
async function carryOut(fleet: FleetContext, group: string, intent: GroupIntent): Promise<void> {
  switch (intent.kind) {
    case "START_CONTROL_PLANE_UPGRADE":
    case "START_NODE_UPGRADE": {
      const type = intent.kind === "START_NODE_UPGRADE" ? "NODE" : "CONTROL_PLANE";
      const owner = ownerOf(group, intent, type);
      const started = await startPhase(fleet, intent, watching(owner));
      if (started !== "STARTED") {
        await fleet.runtime.commit((tx) =>
          deliverRolloutEnds(tx, group, [{ ...owner, ...started }]),
        );
      }
      return;
    }
    case "NOTIFY_DOWNSTREAM": {
      const downstream = fleetOfGroup(intent.downstream);
      // A team scope of this same fleet hears it here, not through an RPC into itself.
      if (downstream === fleet.name) {
        await receiveUpstream(fleet, intent.downstream, intent.message);
        return;
      }
      const fleets = fleet.env.FLEET;
      await fleets
        .get(fleets.idFromName(downstream))
        .rolloutUpstream(intent.downstream, intent.message);
      return;
    }
    default:
      intent satisfies never;
  }
}

function ownerOf(
  group: string,
  intent: { cluster: string; version: string },
  type: RolloutOwner["type"],
): RolloutOwner {
  return { group, cluster: intent.cluster, type, version: intent.version };
}

function watching(owner: RolloutOwner): Watching {
  return { watch: phaseWatch(owner), waiter: { kind: "rollout-phase", ...owner } };
}

/** The rollout's courier: an intent carried out is taken; a throw retries it. */
export const rolloutIntents: FleetCourier<RolloutIntent> = {
  send: (fleet, message) => carryOut(fleet, message.group, message.intent),
};

/**
 * One pass of a group: read its facts, decide, persist, carry out. A group whose
 * configuration is gone stops (its timer is cleared).
 */
export async function runRolloutPass(fleet: FleetContext, group: string): Promise<void> {
  const facts = await loadGroupFacts(fleet.inventory, group);
  if (facts === undefined) {
    // Removed from its sequence (or its fleet deleted): if it is configured again it
    // starts afresh, and ends of what it started are no one's business any more.
    await fleet.runtime.commit((tx) => {
      tx.clearTimer(timerId(ROLLOUT_TIMER, group));
      forgetRolloutGroup(tx, group);
      dropGroupState(tx, group);
    });
    return;
  }
  const deliveries = await fleet.runtime.commit((tx) => decide(tx, facts));
  // Carried out now, as the pass's own work; what fails stays for its delivery timer.
  const courier = { send: (message: RolloutIntent) => rolloutIntents.send(fleet, message) };
  for (const id of deliveries) await attemptDelivery(fleet.runtime, id, courier);
}

/** SEQ-8: the upstream's word, kept durably and heard on the group's next pass (now). */
export async function receiveUpstream(
  fleet: FleetContext,
  group: string,
  message: QualificationMessage,
): Promise<void> {
  await fleet.runtime.commit((tx) => {
    queueUpstream(tx, group, message);
    wakeRollout(tx, group, tx.now);
  });
}

/** SEQ-13: the group's status from its state and today's facts. */
export async function readRolloutStatus(
  fleet: FleetContext,
  group: string,
): Promise<(RolloutStatusView & { messagesHeard: number }) | undefined> {
  const facts = await loadGroupFacts(fleet.inventory, group);
  if (facts === undefined) return undefined;
  const { state, heard } = await fleet.runtime.commit((tx) => ({
    state: loadGroupState(tx, group),
    heard: heardCount(tx, group),
  }));
  return { ...rolloutStatus(state, facts, fleet.runtime.now()), messagesHeard: heard };
}

/** EXT-6: the group's sequencing state as kept, read and changed nowhere, for a what-if plan. */
export async function readGroupState(fleet: FleetContext, group: string): Promise<GroupState> {
  return fleet.runtime.commit((tx) => loadGroupState(tx, group));
}
