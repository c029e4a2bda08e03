import type { Channel } from "../channel/channel.ts";
import type { Instant } from "../time/instant.ts";
import {
  clusterHold,
  clusterTarget,
  nextEndOfLife,
  sequenceChannel,
  versionAtLeast,
} from "./eligibility.ts";
import { adoptManualUpgrades, reachedAt, reachedByHand } from "./manual.ts";
import { busyClusters, memberStatus } from "./member.ts";
import { groupQualification, messageKey, upgradeGate } from "./qualification.ts";
import { FORCED_SOAK_AFTER, soakEndsAt } from "./soak.ts";
import type {
  GroupDecision,
  GroupEvent,
  GroupFacts,
  GroupIntent,
  GroupState,
  GroupUpgrade,
  QualificationMessage,
  SequencedUpgradeType,
  UpstreamKnowledge,
} from "./types.ts";

/** Control planes first, then nodes (SEQ-5, SEQ-6). */
export const UPGRADE_TYPES: readonly SequencedUpgradeType[] = ["CONTROL_PLANE", "NODE"];

/** How many upgrades and upstream words a group keeps; older finished ones are pruned. */
export const MAX_KEPT = 16;

/** A group that has not done or heard anything yet. */
export function initialGroupState(): GroupState {
  const knowledge = (): UpstreamKnowledge => ({ qualified: {}, started: {} });
  return { upgrades: [], upstream: { CONTROL_PLANE: knowledge(), NODE: knowledge() }, sent: {} };
}

/** The channel the upstream said the sequence is on (SEQ-4), if it said. */
export function upstreamChannel(state: GroupState): Channel | undefined {
  for (const type of UPGRADE_TYPES) {
    const latest = state.upstream[type].latest;
    if (latest !== undefined && "channel" in latest && latest.channel !== undefined) {
      return latest.channel;
    }
  }
  return undefined;
}

function pruneRecord(record: Record<string, Instant>): void {
  const keys = Object.keys(record);
  for (const key of keys.slice(0, Math.max(0, keys.length - MAX_KEPT))) delete record[key];
}

function hear(state: GroupState, message: QualificationMessage, now: Instant): void {
  const knowledge = state.upstream[message.type];
  switch (message.outcome) {
    case "STARTED":
      knowledge.started[message.version] ??= now;
      pruneRecord(knowledge.started);
      return;
    case "QUALIFIED":
      knowledge.qualified[message.version] = message.soakEndedAt;
      delete knowledge.started[message.version];
      knowledge.latest = message;
      pruneRecord(knowledge.qualified);
      return;
    case "CLASH":
      // The clashing versions are finished upstream: they are no longer on their way.
      for (const version of message.versions) delete knowledge.started[version];
      knowledge.latest = message;
      return;
    case "EMPTY":
      knowledge.latest = message;
      return;
    default:
      message satisfies never;
  }
}

function applyEvent(state: GroupState, event: GroupEvent, now: Instant, notes: string[]): void {
  switch (event.kind) {
    case "EVALUATE":
      return;
    case "UPSTREAM":
      hear(state, event.message, now);
      notes.push(`heard from upstream: ${messageKey(event.message)} (${event.message.type})`);
      return;
    case "UPGRADE_ENDED":
      for (const upgrade of state.upgrades) {
        if (upgrade.type !== event.type || upgrade.version !== event.version) continue;
        const member = upgrade.members[event.cluster];
        if (member?.startedAt === undefined || member.doneAt !== undefined) continue;
        if (event.outcome === "SUCCEEDED") {
          member.doneAt = now;
          delete member.failed;
        } else {
          member.failed = event.error ?? "the operation failed";
        }
      }
      return;
    default:
      event satisfies never;
  }
}

/**
 * Joins clusters to the upgrade of their current target and lets unstarted ones move on;
 * clusters already on a target by hand join its upgrade as done (SEQ-8).
 */
function reconcileMembers(
  state: GroupState,
  facts: GroupFacts,
  now: Instant,
  notes: string[],
): void {
  const present = new Set(facts.clusters.map((cluster) => cluster.name));
  for (const type of UPGRADE_TYPES) {
    for (const cluster of facts.clusters) {
      const observed = type === "CONTROL_PLANE" ? cluster.version : cluster.nodeVersion;
      const target = clusterTarget(cluster, facts, type, now);
      for (const upgrade of state.upgrades) {
        const member = upgrade.type === type ? upgrade.members[cluster.name] : undefined;
        if (member === undefined || member.doneAt !== undefined) continue;
        if (versionAtLeast(observed, upgrade.version)) {
          // SEQ-8: one it did not start got there by hand, and counts from then.
          member.doneAt =
            member.startedAt === undefined
              ? reachedAt(cluster, facts, type, upgrade.version, now)
              : now;
          continue;
        }
        const moved =
          target.none || target.version !== upgrade.version || target.tracking !== upgrade.tracking;
        if (moved && member.startedAt === undefined) delete upgrade.members[cluster.name];
      }
      if (target.none) continue;
      // An upgrade the group took by hand never started anything: a cluster that still
      // has to be upgraded joins one that waits for its turn (SEQ-8).
      const existing = state.upgrades.find(
        (u) =>
          u.type === type &&
          u.version === target.version &&
          u.tracking === target.tracking &&
          u.manual !== true,
      );
      if (existing === undefined) {
        state.upgrades.push({
          type,
          version: target.version,
          tracking: target.tracking,
          createdAt: now,
          members: { [cluster.name]: {} },
        });
      } else {
        existing.members[cluster.name] ??= {};
      }
    }
  }
  for (const type of UPGRADE_TYPES) adoptManualUpgrades(state, facts, type, now, notes);
  for (const upgrade of state.upgrades) {
    if (upgrade.completedAt !== undefined) continue;
    for (const [name, member] of Object.entries(upgrade.members)) {
      if (!present.has(name) && member.doneAt === undefined) delete upgrade.members[name];
    }
  }
  state.upgrades = state.upgrades.filter(
    (u) => Object.keys(u.members).length > 0 || u.startedAt !== undefined,
  );
}

/** SEQ-9: a group without clusters completes at once what its upstream qualified. */
function passThrough(state: GroupState, facts: GroupFacts, now: Instant, notes: string[]): void {
  if (facts.clusters.length > 0 || facts.upstream === undefined) return;
  for (const type of UPGRADE_TYPES) {
    for (const version of Object.keys(state.upstream[type].qualified)) {
      if (state.upgrades.some((u) => u.type === type && u.version === version)) continue;
      state.upgrades.push({
        type,
        version,
        tracking: "PATCH",
        createdAt: now,
        startedAt: now,
        soakStartedAt: now,
        completedAt: now,
        members: {},
      });
      notes.push(`SEQ-9: empty group completes ${type} ${version} at once`);
    }
  }
}

interface PassOutput {
  intents: GroupIntent[];
  wakes: Instant[];
}

/** Starts what may start, and moves each upgrade through soak (SEQ-5/6/7/10). */
function advance(
  state: GroupState,
  facts: GroupFacts,
  channel: Channel | undefined,
  now: Instant,
  notes: string[],
  out: PassOutput,
): Set<string> {
  const byName = new Map(facts.clusters.map((cluster) => [cluster.name, cluster]));
  const holds = new Map(
    facts.clusters.map((cluster) => [cluster.name, clusterHold(cluster, facts, channel)]),
  );
  const active = new Set(
    facts.clusters.filter((c) => holds.get(c.name)?.state !== "INELIGIBLE").map((c) => c.name),
  );
  for (const upgrade of state.upgrades) {
    const byHand = reachedByHand(upgrade);
    if (byHand !== undefined) {
      upgrade.startedAt = byHand;
      upgrade.manual = true;
      notes.push(`SEQ-8: ${upgrade.type} ${upgrade.version}: every cluster got there by hand`);
    }
    const gate = upgradeGate(state, facts, upgrade, now);
    if (gate.open && upgrade.startedAt === undefined) {
      upgrade.startedAt = now;
      notes.push(`${upgrade.type} ${upgrade.version} (${upgrade.tracking}): the group's turn`);
    }
    if (upgrade.startedAt !== undefined && facts.downstream !== undefined && !upgrade.announced) {
      upgrade.announced = true;
      // Minor and patch tracking of one version are one word to the downstream.
      const told = state.upgrades.some(
        (u) =>
          u !== upgrade &&
          u.announced === true &&
          u.type === upgrade.type &&
          u.version === upgrade.version,
      );
      if (!told)
        out.intents.push({
          kind: "NOTIFY_DOWNSTREAM",
          downstream: facts.downstream,
          message: { outcome: "STARTED", type: upgrade.type, version: upgrade.version },
        });
    }
    const busy = busyClusters(state.upgrades, upgrade.type);
    for (const [name, progress] of Object.entries(upgrade.members)) {
      const status = memberStatus(
        upgrade,
        progress,
        byName.get(name),
        holds.get(name),
        gate,
        facts,
        now,
        progress.startedAt === undefined ? busy.get(name) : undefined,
      );
      if (status.retryAt !== undefined) out.wakes.push(status.retryAt);
      if (!status.mayStart) continue;
      progress.startedAt = now;
      upgrade.upgradesStartedAt ??= now;
      busy.set(name, upgrade.version);
      out.intents.push(
        upgrade.type === "CONTROL_PLANE"
          ? { kind: "START_CONTROL_PLANE_UPGRADE", cluster: name, version: upgrade.version }
          : { kind: "START_NODE_UPGRADE", cluster: name, version: upgrade.version },
      );
    }
    soak(upgrade, facts, active, now, notes, out);
  }
  return active;
}

function soak(
  upgrade: GroupUpgrade,
  facts: GroupFacts,
  active: ReadonlySet<string>,
  now: Instant,
  notes: string[],
  out: PassOutput,
): void {
  if (upgrade.startedAt === undefined || upgrade.completedAt !== undefined) return;
  const members = Object.entries(upgrade.members).filter(([name]) => active.has(name));
  // SEQ-5: a soak follows every cluster of the phase done. One that joined while the
  // phase soaked (a label change, a new cluster) and is not done puts it back in
  // progress: it soaks again from when that one is done. A forced soak (SEQ-10) stays.
  if (
    upgrade.soakStartedAt !== undefined &&
    upgrade.forced !== true &&
    members.some(([, member]) => member.doneAt === undefined)
  ) {
    delete upgrade.soakStartedAt;
    notes.push(
      `${upgrade.type} ${upgrade.version}: a cluster joined while it soaked; soaks again once it is done`,
    );
  }
  if (upgrade.soakStartedAt === undefined) {
    if (members.length === 0) return;
    const doneAts = members.map(([, member]) => member.doneAt);
    if (doneAts.every((at) => at !== undefined)) {
      upgrade.soakStartedAt = Math.max(upgrade.startedAt, ...doneAts);
      notes.push(`${upgrade.type} ${upgrade.version}: every cluster done, soak starts`);
    } else {
      const since = upgradesStartedAt(upgrade);
      // No cluster of the phase has started yet: its 30 days have not begun (SEQ-10).
      if (since === undefined) return;
      if (now < since + FORCED_SOAK_AFTER) {
        out.wakes.push(since + FORCED_SOAK_AFTER);
        return;
      }
      upgrade.soakStartedAt = since + FORCED_SOAK_AFTER;
      upgrade.forced = true;
      notes.push(`SEQ-10: ${upgrade.type} ${upgrade.version} soaks after 30 days unfinished`);
    }
  }
  const end = soakEndsAt(facts, upgrade.version, upgrade.soakStartedAt);
  if (now >= end) {
    upgrade.completedAt = now;
    notes.push(`${upgrade.type} ${upgrade.version}: soak over, qualified in ${facts.group}`);
  } else {
    out.wakes.push(end);
  }
}

/** SEQ-10: when the phase's first cluster upgrade started (states saved before the field: its earliest member start). */
function upgradesStartedAt(upgrade: GroupUpgrade): Instant | undefined {
  if (upgrade.upgradesStartedAt !== undefined) return upgrade.upgradesStartedAt;
  const starts = Object.values(upgrade.members)
    .map((member) => member.startedAt)
    .filter((at) => at !== undefined);
  return starts.length === 0 ? undefined : Math.min(...starts);
}

function prune(state: GroupState): void {
  while (state.upgrades.length > MAX_KEPT) {
    const index = state.upgrades.findIndex((u) => u.completedAt !== undefined);
    if (index < 0) return;
    state.upgrades.splice(index, 1);
  }
}

/**
 * The sequencing machine of one group (a fleet or a team scope): joins clusters to the
 * upgrade of their target, starts control planes then nodes when the upstream qualified
 * the version (SEQ-8) and the cluster may start (CH-3, MW-1/2, SEQ-11), soaks each
 * upgrade when all its clusters are done or after 30 days (SEQ-5/6/10) for the group's
 * soak (SEQ-7), and tells the downstream what it started and qualified (SEQ-8/9/12).
 * Progress is re-derived from the observed facts on every pass.
 *
 * @example decideGroup(initialGroupState(), { kind: "EVALUATE", facts }, now)
 * // {state, intents: [{kind: "START_CONTROL_PLANE_UPGRADE", cluster: "t1", version: "1.21.14-gke.4300"}], wakeAt, notes}
 */
export function decideGroup(state: GroupState, event: GroupEvent, now: Instant): GroupDecision {
  return decideGroupAll(state, [event], now);
}

/**
 * {@link decideGroup} for several events at one instant (operation ends that arrived
 * together, upstream words): each is applied, then one pass runs with the last event's
 * facts — one pass instead of one per event, which keeps a release O(clusters) per pass.
 */
export function decideGroupAll(
  state: GroupState,
  events: readonly GroupEvent[],
  now: Instant,
): GroupDecision {
  const last = events.at(-1);
  if (last === undefined) return { state, intents: [], notes: [] };
  // State is plain JSON (it is persisted as such), so a JSON copy is exact.
  const next = JSON.parse(JSON.stringify(state)) as GroupState;
  const notes: string[] = [];
  const facts = last.facts;
  for (const event of events) applyEvent(next, event, now, notes);
  reconcileMembers(next, facts, now, notes);
  passThrough(next, facts, now, notes);
  const channel = sequenceChannel(facts, upstreamChannel(next));
  const out: PassOutput = { intents: [], wakes: [] };
  const active = advance(next, facts, channel, now, notes, out);
  if (next.sentTo !== facts.downstream) {
    // SEQ-1: the downstream was removed or replaced; the next one hears it all again.
    next.sent = {};
    if (facts.downstream === undefined) delete next.sentTo;
    else next.sentTo = facts.downstream;
  }
  if (facts.downstream !== undefined) {
    for (const type of UPGRADE_TYPES) {
      const message = groupQualification(next, facts, type, active, channel);
      if (message === undefined || next.sent[type] === messageKey(message)) continue;
      next.sent[type] = messageKey(message);
      out.intents.push({ kind: "NOTIFY_DOWNSTREAM", downstream: facts.downstream, message });
    }
  }
  prune(next);
  const endOfLife = nextEndOfLife(facts, now);
  if (endOfLife !== undefined) out.wakes.push(endOfLife);
  const future = out.wakes.filter((at) => at > now);
  const wakeAt = future.length > 0 ? Math.min(...future) : undefined;
  return { state: next, intents: out.intents, wakeAt, notes };
}
