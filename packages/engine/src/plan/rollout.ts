import { type JobEnd, SimFleet } from "../hosting/index.ts";
import type { SimConfig } from "../provider/sim/config.ts";
import { versionBelow } from "../sequencing/eligibility.ts";
import { decideGroupAll, initialGroupState } from "../sequencing/machine.ts";
import {
  assignStages,
  type SequenceFacts,
  type SequenceState,
  stageFacts,
} from "../sequencing/sequence-machine.ts";
import type {
  GroupEvent,
  GroupFacts,
  GroupIntent,
  GroupState,
  QualificationMessage,
  SequencedCluster,
  SequencedUpgradeState,
  SequencedUpgradeType,
} from "../sequencing/types.ts";
import { rolloutStatus } from "../sequencing/view.ts";
import { DAY, type Instant, MINUTE, SECOND } from "../time/instant.ts";
import {
  budgetSpent,
  type PathStep,
  PLAN_STEP_BUDGET,
  type PlanCutoff,
  type PlanWait,
} from "./types.ts";
import type { PlannedCluster } from "./update-run.ts";

/** A group of the sequence as its fleet holds it now. */
export interface PlannedGroup {
  facts: GroupFacts;
  state: GroupState;
}

export interface RolloutPlanInput {
  /** The chain, head first (each group's upstream before it). */
  groups: readonly PlannedGroup[];
  /** Every cluster of the chain, as the fleet would read it to upgrade it. */
  clusters: Readonly<Record<string, PlannedCluster & { poolVersions?: Record<string, string> }>>;
  sim: SimConfig;
  /** How far ahead the plan looks (default 120 days: four 30-day SEQ-5/6 clocks). */
  horizonMs?: number;
  /** Instants the plan may step through before it stops (SEC-3; default {@link PLAN_STEP_BUDGET}). */
  stepBudget?: number;
}

/** One upgrade (type, version) of a group, predicted. */
export interface PhasePlan {
  type: SequencedUpgradeType;
  version: string;
  state: SequencedUpgradeState;
  start?: Instant;
  soakStart?: Instant;
  soakEnd?: Instant;
  forced?: true;
  clusters: { cluster: string; start?: Instant; end?: Instant; failed?: string }[];
}

export interface GroupPlan {
  group: string;
  /** The first of its upgrades' starts, and the last of their soak ends. */
  start?: Instant;
  end?: Instant;
  upgrades: PhasePlan[];
  /** Spells a cluster waited for (a window, SEQ-8 qualification, CH-3), with the reason. */
  waits: (PlanWait & { cluster: string })[];
}

/** EXT-6: the predicted timeline of a rollout sequence. */
export interface RolloutPlan {
  from: Instant;
  end: Instant;
  makespanSeconds: number;
  groups: GroupPlan[];
  criticalPath: PathStep[];
  cutoff?: PlanCutoff;
}

const DEFAULT_HORIZON = 120 * DAY;
/** As the fleet's rollout host: after an end, look again once the inventory has the versions. */
const SETTLE = MINUTE;

interface Job {
  group: string;
  cluster: string;
  type: SequencedUpgradeType;
  version: string;
}

/**
 * EXT-6: the predicted timeline of a rollout sequence from `now`: every group's
 * sequencing machine (`decideGroupAll`) on a copy of its state, the upgrades it asks for
 * carried out by a fleet in memory (`SimFleet`: a control plane through the lifecycle
 * machine, node pools through their strategies, on the simulated provider), its words to
 * the downstream group heard at once, and the clusters' versions moving in its facts as
 * upgrades end — as the fleet objects run it, in discrete-event time. Nothing outside the
 * plan changes.
 *
 * @example planRollout({ groups, clusters, sim: { seed: 1, jitter: 0 } }, now).groups[1]!.end
 */
export function planRollout(input: RolloutPlanInput, now: Instant): RolloutPlan {
  const horizon = now + (input.horizonMs ?? DEFAULT_HORIZON);
  const budget = input.stepBudget ?? PLAN_STEP_BUDGET;
  // Upgrades under way replay on the sim from their own start (their end is the sim's).
  const underWay = input.groups
    .flatMap((g) =>
      g.state.upgrades.flatMap((u) =>
        Object.entries(u.members).flatMap(([cluster, m]) =>
          m.startedAt !== undefined && m.doneAt === undefined && m.failed === undefined
            ? [{ group: g.facts.group, cluster, type: u.type, version: u.version, at: m.startedAt }]
            : [],
        ),
      ),
    )
    .sort((a, b) => a.at - b.at);
  const fleet = new SimFleet(input.sim, Math.min(now, ...underWay.map((u) => u.at)));
  const order = input.groups.map((g) => g.facts.group);
  const states = new Map(input.groups.map((g) => [g.facts.group, g.state]));
  const facts = new Map(input.groups.map((g) => [g.facts.group, g.facts]));
  const clusters = new Map(Object.entries(input.clusters).map(([k, v]) => [k, structuredCopy(v)]));
  const wakes = new Map<string, Instant | undefined>();
  const inbox = new Map<string, GroupEvent[]>();
  const jobs = new Map<string, Job>();
  const waits = new Map<string, (PlanWait & { cluster: string })[]>();
  const open = new Map<string, PlanWait & { cluster: string }>();
  let count = 0;
  let last = now;

  const factsOf = (group: string) => facts.get(group)!;
  const patch = (group: string, cluster: string, change: Partial<SequencedCluster>) => {
    const f = factsOf(group);
    facts.set(group, {
      ...f,
      clusters: f.clusters.map((c) => (c.name === cluster ? { ...c, ...change } : c)),
    });
  };
  const queue = (group: string, event: (f: GroupFacts) => GroupEvent) => {
    if (!facts.has(group)) return;
    inbox.set(group, [...(inbox.get(group) ?? []), event(factsOf(group))]);
  };

  const carryOut = (group: string, intent: GroupIntent, at: Instant) => {
    switch (intent.kind) {
      case "NOTIFY_DOWNSTREAM": {
        const message: QualificationMessage = intent.message;
        queue(intent.downstream, (f) => ({ kind: "UPSTREAM", message, facts: f }));
        return;
      }
      case "START_CONTROL_PLANE_UPGRADE":
      case "START_NODE_UPGRADE": {
        const type = intent.kind === "START_NODE_UPGRADE" ? "NODE" : "CONTROL_PLANE";
        count += 1;
        const id = `${count}`;
        jobs.set(id, { group, cluster: intent.cluster, type, version: intent.version });
        const refused = startPhase(fleet, clusters.get(intent.cluster), id, type, intent, at);
        if (refused === undefined) return;
        jobs.delete(id);
        const end: JobEnd = { job: id, succeeded: refused.succeeded, at };
        if (refused.message !== undefined) end.message = refused.message;
        ended({ group, cluster: intent.cluster, type, version: intent.version }, end);
        return;
      }
      default:
        intent satisfies never;
    }
  };

  const ended = (job: Job, end: JobEnd) => {
    if (end.succeeded) {
      const cluster = clusters.get(job.cluster);
      if (job.type === "CONTROL_PLANE") {
        patch(job.group, job.cluster, { version: job.version, versionSince: end.at });
        if (cluster) cluster.facts = { ...cluster.facts, version: job.version };
      } else {
        patch(job.group, job.cluster, { nodeVersion: job.version, nodeVersionSince: end.at });
        if (cluster)
          cluster.poolVersions = Object.fromEntries(
            cluster.pools.map((p) => [p.name, job.version]),
          );
      }
    }
    queue(job.group, (f) => {
      const event: GroupEvent = {
        kind: "UPGRADE_ENDED",
        cluster: job.cluster,
        type: job.type,
        version: job.version,
        outcome: end.succeeded ? "SUCCEEDED" : "FAILED",
        facts: f,
      };
      if (!end.succeeded) event.error = end.message ?? "the upgrade failed";
      return event;
    });
  };

  const decide = (group: string, at: Instant, evaluate: boolean) => {
    const events = inbox.get(group) ?? [];
    inbox.delete(group);
    if (!evaluate && events.length === 0) return;
    const all = [
      ...events.map((e) => ({ ...e, facts: factsOf(group) })),
      { kind: "EVALUATE" as const, facts: factsOf(group) },
    ];
    const decision = decideGroupAll(states.get(group)!, all, at);
    states.set(group, decision.state);
    // As the host: after an end, look again once the inventory has the new versions.
    const settle = events.some((e) => e.kind === "UPGRADE_ENDED") ? at + SETTLE : undefined;
    const due = [decision.wakeAt, settle].filter((t): t is Instant => t !== undefined);
    wakes.set(group, due.length > 0 ? Math.min(...due) : undefined);
    for (const intent of decision.intents) carryOut(group, intent, at);
    observe(group, at);
  };

  /** Pending spells of each cluster, read from the status the group shows (SEQ-13). */
  const observe = (group: string, at: Instant) => {
    last = at;
    const view = rolloutStatus(states.get(group)!, factsOf(group), at);
    for (const upgrade of view.upgrades) {
      for (const c of upgrade.clusters) {
        const key = `${group}|${upgrade.type}|${upgrade.version}|${c.cluster}`;
        const reason = c.state === "PENDING" ? c.reason : undefined;
        const current = open.get(key);
        if (current !== undefined && current.reason !== reason) {
          current.until = at;
          open.delete(key);
        }
        if (reason !== undefined && !open.has(key)) {
          const wait = { cluster: c.cluster, from: at, until: at, reason };
          open.set(key, wait);
          waits.set(group, [...(waits.get(group) ?? []), wait]);
        }
      }
    }
  };

  /** One instant: every group hears what arrived and looks, head first, until all is heard. */
  const instant = (at: Instant, due: (group: string) => boolean) => {
    for (let round = 0; round < 16; round++) {
      let any = false;
      for (const group of order) {
        const wake = wakes.get(group);
        const timer = round === 0 && (due(group) || (wake !== undefined && wake <= at));
        if (!timer && (inbox.get(group)?.length ?? 0) === 0) continue;
        if (timer) wakes.delete(group);
        any = true;
        decide(group, at, true);
      }
      if (!any) break;
    }
  };

  const early: JobEnd[] = [];
  for (const job of underWay) {
    early.push(...fleet.advance(job.at));
    carryOut(
      job.group,
      {
        kind: job.type === "NODE" ? "START_NODE_UPGRADE" : "START_CONTROL_PLANE_UPGRADE",
        cluster: job.cluster,
        version: job.version,
      },
      job.at,
    );
  }
  early.push(...fleet.advance(now));
  // What the sim says ended before now is taken as ending now.
  for (const end of early) {
    const job = jobs.get(end.job);
    if (job === undefined) continue;
    jobs.delete(end.job);
    ended(job, { ...end, at: now });
  }
  instant(now, () => true);
  let cutoff: PlanCutoff | undefined;
  for (let steps = 0; ; steps++) {
    const candidates = [fleet.nextAt(), ...wakes.values()].filter(
      (t): t is Instant => t !== undefined,
    );
    if (candidates.length === 0) break;
    const at = Math.min(...candidates);
    if (at > horizon) {
      cutoff = {
        at: horizon,
        reason: "EXT-6: the sequence would still be rolling at the plan's horizon",
      };
      break;
    }
    if (steps >= budget) {
      cutoff = { at, reason: budgetSpent(budget) };
      break;
    }
    for (const end of fleet.advance(at)) {
      const job = jobs.get(end.job);
      if (job === undefined) continue;
      jobs.delete(end.job);
      ended(job, end);
    }
    instant(at, () => false);
  }
  const end = cutoff?.at ?? last;
  for (const wait of open.values()) wait.until = Math.max(wait.until, end);
  return finish(order, states, waits, now, cutoff);
}

/** A plan's own copy of a cluster's facts, changed as its upgrades end. */
function structuredCopy(
  cluster: PlannedCluster & { poolVersions?: Record<string, string> },
): PlannedCluster & { poolVersions?: Record<string, string> } {
  return { ...cluster, facts: { ...cluster.facts } };
}

/**
 * SEQ-5 as the fleet starts a control-plane phase (a cluster upgrade without worker
 * pools), SEQ-6 as it starts a node phase (each pool below the version through its own
 * strategy; none below it is done at once). Returns how it ended when it did not start.
 */
function startPhase(
  fleet: SimFleet,
  cluster: (PlannedCluster & { poolVersions?: Record<string, string> }) | undefined,
  job: string,
  type: SequencedUpgradeType,
  intent: { cluster: string; version: string },
  at: Instant,
): { succeeded: boolean; message?: string } | undefined {
  if (cluster === undefined) {
    return { succeeded: false, message: `cluster ${intent.cluster} does not exist` };
  }
  if (type === "CONTROL_PLANE") {
    const refused = fleet.startCluster(
      job,
      { facts: { ...cluster.facts, pools: [] }, version: intent.version, useBootstrap: false },
      cluster.maintenance,
      at,
    );
    return refused && { succeeded: false, message: refused.message };
  }
  const requests = cluster.facts.pools.flatMap((pool) => {
    const version = cluster.poolVersions?.[pool.pool] ?? lowest(pool.nodes.map((n) => n.version));
    const image = cluster.pools.find((p) => p.name === pool.pool)?.nodeImage;
    if (version === undefined || image === undefined || !versionBelow(version, intent.version)) {
      return [];
    }
    return [
      {
        pool: { ...pool, controlPlaneVersion: cluster.facts.version },
        target: { version: intent.version, nodeImage: image },
      },
    ];
  });
  if (requests.length === 0) return { succeeded: true };
  const refused = fleet.startPools(job, requests, cluster.maintenance, at);
  return refused && { succeeded: false, message: refused.message };
}

function lowest(versions: readonly string[]): string | undefined {
  let low: string | undefined;
  for (const v of versions) if (low === undefined || versionBelow(v, low)) low = v;
  return low;
}

function finish(
  order: readonly string[],
  states: ReadonlyMap<string, GroupState>,
  waits: ReadonlyMap<string, (PlanWait & { cluster: string })[]>,
  from: Instant,
  cutoff: PlanCutoff | undefined,
): RolloutPlan {
  const groups = order.map((group): GroupPlan => {
    const state = states.get(group)!;
    const upgrades = state.upgrades.map((u): PhasePlan => {
      const phase: PhasePlan = {
        type: u.type,
        version: u.version,
        state:
          u.completedAt !== undefined
            ? "COMPLETE"
            : u.soakStartedAt !== undefined
              ? u.forced
                ? "FORCED_SOAKING"
                : "SOAKING"
              : u.startedAt !== undefined
                ? "IN_PROGRESS"
                : "PENDING",
        clusters: Object.entries(u.members).map(([cluster, m]) => ({
          cluster,
          ...(m.startedAt === undefined ? {} : { start: m.startedAt }),
          ...(m.doneAt === undefined ? {} : { end: m.doneAt }),
          ...(m.failed === undefined ? {} : { failed: m.failed }),
        })),
      };
      if (u.startedAt !== undefined) phase.start = u.startedAt;
      if (u.soakStartedAt !== undefined) phase.soakStart = u.soakStartedAt;
      if (u.completedAt !== undefined) phase.soakEnd = u.completedAt;
      if (u.forced) phase.forced = true;
      return phase;
    });
    const starts = upgrades.flatMap((u) => (u.start === undefined ? [] : [u.start]));
    const ends = upgrades.flatMap((u) => (u.soakEnd === undefined ? [] : [u.soakEnd]));
    const plan: GroupPlan = {
      group,
      upgrades,
      waits: (waits.get(group) ?? []).filter((w) => w.until > w.from),
    };
    if (starts.length > 0) plan.start = Math.min(...starts);
    if (ends.length > 0 && ends.length === upgrades.length) plan.end = Math.max(...ends);
    return plan;
  });
  const planEnd = Math.max(from, ...groups.flatMap((g) => (g.end === undefined ? [] : [g.end])));
  const finalEnd = cutoff?.at ?? planEnd;
  const out: RolloutPlan = {
    from,
    end: finalEnd,
    makespanSeconds: Math.round((finalEnd - from) / SECOND),
    groups,
    criticalPath: rolloutCriticalPath(groups, from),
  };
  if (cutoff !== undefined) out.cutoff = cutoff;
  return out;
}

/**
 * The chain that ends last: each phase (a group's control-plane or node upgrade, start to
 * soak start) and its soak, read backwards — a phase started when the upstream group's
 * soak of the same type ended (SEQ-5/6), a node phase of the first group when its own
 * control-plane work ended.
 */
function rolloutCriticalPath(groups: readonly GroupPlan[], from: Instant): PathStep[] {
  const links: (PathStep & { group: number; type: SequencedUpgradeType })[] = [];
  groups.forEach((g, group) => {
    for (const u of g.upgrades) {
      if (u.start === undefined || u.soakStart === undefined) continue;
      const kind = u.type === "NODE" ? "nodes" : "control-plane";
      links.push({
        kind,
        name: g.group,
        from: u.start,
        until: u.soakStart,
        reason: `${u.type} ${u.version}`,
        group,
        type: u.type,
      });
      if (u.soakEnd !== undefined) {
        links.push({
          kind: "soak",
          name: g.group,
          from: u.soakStart,
          until: u.soakEnd,
          reason: `${u.type} ${u.version}`,
          group,
          type: u.type,
        });
      }
    }
  });
  if (links.length === 0) return [];
  let current = links.reduce((a, b) =>
    b.until > a.until || (b.until === a.until && b.group > a.group) ? b : a,
  );
  const path = [current];
  while (current.from > from) {
    const at = current.from;
    const c = current;
    const previous =
      links.find((l) => l !== c && l.until === at && l.group === c.group && l.type === c.type) ??
      links.find(
        (l) => l !== c && l.until === at && l.group === c.group - 1 && l.type === c.type,
      ) ??
      links.find(
        (l) =>
          l !== c && l.until <= at && l.group === c.group && l.kind !== "soak" && l.type !== c.type,
      );
    if (previous === undefined || path.includes(previous)) break;
    path.push(previous);
    current = previous;
  }
  return path.reverse().map(({ kind, name, from: f, until, reason }) => ({
    kind,
    name,
    from: f,
    until,
    ...(reason === undefined ? {} : { reason }),
  }));
}

/**
 * EXT-6 for a rollout sequence with custom stages (SEQ-19): each stage planned as the
 * group it is, with the clusters it selects now and its state as kept, its upstream the
 * stage before it. Labels do not change in a plan; a paused rollout stays paused.
 *
 * @example sequenceGroups(facts, state).map((g) => g.facts.group) // ["stage 1 of prod-first", "stage 2 of prod-first"]
 */
export function sequenceGroups(facts: SequenceFacts, state: SequenceState): PlannedGroup[] {
  const assigned = assignStages(facts, state);
  return facts.stages.map((_, index) => ({
    facts: stageFacts(facts, state, index, assigned),
    state: state.stages[index] ?? initialGroupState(),
  }));
}
