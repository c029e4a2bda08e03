import {
  compareVersions,
  decideGroupAll,
  type GroupEvent,
  type GroupFacts,
  type GroupIntent,
  type Instant,
  MINUTE,
  type QualificationMessage,
  type RolloutStatusView,
  rolloutStatus,
  tryParseVersion,
} from "@regatta/engine";
import {
  allPages,
  fleetOfGroup,
  type Inventory,
  listNodePools,
  loadGroupFacts,
} from "@regatta/inventory";
import type { Env } from "../../../env.ts";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { startClusterUpgrade } from "../../../services/operations/cluster-upgrades.ts";
import { startNodePoolUpgrade } from "../../../services/operations/node-pool-upgrades.ts";
import { ROLLOUT_TIMER } from "./keys.ts";
import {
  deliverRolloutEnds,
  forgetRolloutGroup,
  ownRolloutOperations,
  type RolloutEnd,
  type RolloutOwner,
  rememberRolloutGroup,
  wakeRollout,
} from "./owners.ts";
import {
  dropGroupState,
  heardCount,
  loadGroupState,
  loadPending,
  type PendingIntent,
  queueUpstream,
  saveGroupState,
  savePending,
  takeInboxes,
} from "./store.ts";

/**
 * The fleet object's rollout sequencing (SEQ): one engine machine per group the fleet
 * owns (the fleet, or its team scopes). A pass reads the group's facts from the
 * inventory, feeds the machine what arrived (operation ends, upstream words) and the
 * passing of time in one transaction with the intents it decided, then carries the
 * intents out: control-plane upgrades and node-pool upgrades as real operations, and
 * words to the downstream group by RPC, retried until it takes them.
 */

/** What a pass needs from its object. */
export interface RolloutDeps {
  runtime: ObjectRuntime;
  inventory: Inventory;
  fleets: Env["FLEET"];
  /** Intents this instance is carrying out now, so overlapping passes do not repeat them. */
  inFlight: Set<string>;
}

/** While a cluster upgrades, look again this often even if no end arrives (a lost hook). */
const POLL = 30 * MINUTE;
/** After an end, look again once the inventory has the new versions (write-back). */
const SETTLE = MINUTE;
/** Intents that failed to go out are retried after this, doubling up to an hour. */
const RETRY = MINUTE;
const MAX_RETRY = 60 * MINUTE;

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

function inFlight(tx: Tx, group: string): boolean {
  return loadGroupState(tx, group).upgrades.some((upgrade) =>
    Object.values(upgrade.members).some(
      (m) => m.startedAt !== undefined && m.doneAt === undefined && m.failed === undefined,
    ),
  );
}

/** Decides and persists in one transaction; returns the intents to carry out. */
function decide(tx: Tx, facts: GroupFacts): PendingIntent[] {
  const group = facts.group;
  rememberRolloutGroup(tx, group);
  const { upstream, ends } = takeInboxes(tx, group);
  const decision = decideGroupAll(
    loadGroupState(tx, group),
    eventsFor(facts, upstream, ends),
    tx.now,
  );
  const { intents, wakeAt } = decision;
  saveGroupState(tx, group, decision.state);
  const pending = loadPending(tx, group);
  const seq = pending.length === 0 ? 0 : Number(pending.at(-1)?.id.split("#")[1] ?? 0) + 1;
  pending.push(
    ...intents.map((intent, i) => ({ id: `${tx.now}#${seq + i}`, intent, attempts: 0 })),
  );
  savePending(tx, group, pending);
  const wakes = [wakeAt, inFlight(tx, group) ? tx.now + POLL : undefined];
  if (ends.length > 0) wakes.push(tx.now + SETTLE);
  const due = wakes.filter((at): at is Instant => at !== undefined);
  if (due.length > 0) wakeRollout(tx, group, Math.min(...due));
  else tx.clearTimer(timerId(ROLLOUT_TIMER, group));
  return pending;
}

function lower(a: string, b: string): boolean {
  const pa = tryParseVersion(a);
  const pb = tryParseVersion(b);
  return pa !== undefined && pb !== undefined && compareVersions(pa, pb) < 0;
}

/** Carries one intent out; throws when it should be tried again. */
async function carryOut(deps: RolloutDeps, group: string, intent: GroupIntent): Promise<void> {
  const { runtime, inventory, fleets } = deps;
  const now = runtime.now();
  switch (intent.kind) {
    case "START_CONTROL_PLANE_UPGRADE": {
      const owner: RolloutOwner = {
        group,
        cluster: intent.cluster,
        type: "CONTROL_PLANE",
        version: intent.version,
      };
      const started = await startClusterUpgrade(
        inventory,
        fleets,
        intent.cluster,
        { version: intent.version, useBootstrap: false },
        now,
        { controlPlaneOnly: true },
      );
      await runtime.commit((tx) => {
        if (started.ok) ownRolloutOperations(tx, owner, [started.value.id]);
        else
          deliverRolloutEnds(tx, group, [
            { ...owner, outcome: "FAILED", error: started.error.detail },
          ]);
      });
      return;
    }
    case "START_NODE_UPGRADE": {
      const owner: RolloutOwner = {
        group,
        cluster: intent.cluster,
        type: "NODE",
        version: intent.version,
      };
      const pools = await allPages((page) => listNodePools(inventory, intent.cluster, page));
      const ids: string[] = [];
      const refusals: string[] = [];
      const busy: string[] = [];
      for (const pool of pools.filter((p) => lower(p.version, intent.version))) {
        const started = await startNodePoolUpgrade(
          inventory,
          fleets,
          intent.cluster,
          pool.name,
          // MW-4 holds inside the pool's upgrade; the group already waited for the window.
          { version: intent.version, ignoreMaintenanceWindow: false },
          now,
        );
        if (started.ok) ids.push(started.value.id);
        // A pool already upgrading (by hand) is not a failure: its end shows in the
        // inventory, where the next passes see the nodes reach the version.
        else if (started.error.status === 409) busy.push(pool.name);
        else refusals.push(`${pool.name}: ${started.error.detail}`);
      }
      await runtime.commit((tx) => {
        if (ids.length > 0) ownRolloutOperations(tx, owner, ids, refusals.join("; ") || undefined);
        else if (busy.length > 0 && refusals.length === 0) return;
        else {
          const end: RolloutEnd =
            refusals.length > 0
              ? { ...owner, outcome: "FAILED", error: refusals.join("; ") }
              : { ...owner, outcome: "SUCCEEDED" };
          deliverRolloutEnds(tx, group, [end]);
        }
      });
      return;
    }
    case "NOTIFY_DOWNSTREAM":
      await fleets
        .get(fleets.idFromName(fleetOfGroup(intent.downstream)))
        .rolloutUpstream(intent.downstream, intent.message);
      return;
    default:
      intent satisfies never;
  }
}

/** Carries out what is pending; what fails stays, with a retry timer (backoff). */
async function carryOutPending(deps: RolloutDeps, group: string, pending: PendingIntent[]) {
  const done: string[] = [];
  const failed: string[] = [];
  for (const item of pending) {
    if (deps.inFlight.has(item.id)) continue;
    deps.inFlight.add(item.id);
    try {
      await carryOut(deps, group, item.intent);
      done.push(item.id);
    } catch (error) {
      console.error(`rollout ${group}: ${item.intent.kind} failed, will retry`, error);
      failed.push(item.id);
    } finally {
      deps.inFlight.delete(item.id);
    }
  }
  if (done.length === 0 && failed.length === 0) return;
  await deps.runtime.commit((tx) => {
    const left = loadPending(tx, group)
      .filter((item) => !done.includes(item.id))
      .map((item) => (failed.includes(item.id) ? { ...item, attempts: item.attempts + 1 } : item));
    savePending(tx, group, left);
    const attempts = Math.max(0, ...left.map((item) => item.attempts));
    if (left.length > 0) {
      wakeRollout(tx, group, tx.now + Math.min(MAX_RETRY, RETRY * 2 ** Math.max(0, attempts - 1)));
    }
  });
}

/**
 * One pass of a group: read its facts, decide, persist, carry out. A group whose
 * configuration is gone stops (its timer is cleared).
 */
export async function runRolloutPass(deps: RolloutDeps, group: string): Promise<void> {
  const facts = await loadGroupFacts(deps.inventory, group);
  if (facts === undefined) {
    // Removed from its sequence (or its fleet deleted): if it is configured again it
    // starts afresh, and ends of what it started are no one's business any more.
    await deps.runtime.commit((tx) => {
      tx.clearTimer(timerId(ROLLOUT_TIMER, group));
      forgetRolloutGroup(tx, group);
      dropGroupState(tx, group);
    });
    return;
  }
  const pending = await deps.runtime.commit((tx) => decide(tx, facts));
  await carryOutPending(deps, group, pending);
}

/** SEQ-8: the upstream's word, kept durably and heard on the group's next pass (now). */
export async function receiveUpstream(
  deps: RolloutDeps,
  group: string,
  message: QualificationMessage,
): Promise<void> {
  await deps.runtime.commit((tx) => {
    queueUpstream(tx, group, message);
    wakeRollout(tx, group, tx.now);
  });
}

/** SEQ-13: the group's status from its state and today's facts. */
export async function readRolloutStatus(
  deps: RolloutDeps,
  group: string,
): Promise<(RolloutStatusView & { messagesHeard: number }) | undefined> {
  const facts = await loadGroupFacts(deps.inventory, group);
  if (facts === undefined) return undefined;
  const { state, heard } = await deps.runtime.commit((tx) => ({
    state: loadGroupState(tx, group),
    heard: heardCount(tx, group),
  }));
  return { ...rolloutStatus(state, facts, deps.runtime.now()), messagesHeard: heard };
}
