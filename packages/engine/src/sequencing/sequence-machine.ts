import type { Result } from "../rules/violation.ts";
import { ok, refuse } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { toRfc3339 } from "../time/instant.ts";
import { versionBelow } from "./eligibility.ts";
import { decideGroupAll, initialGroupState } from "./machine.ts";
import { rolloutKey } from "./qualification.ts";
import { type SequenceStage, stageSelects } from "./stages.ts";
import type {
  GroupEvent,
  GroupFacts,
  GroupIntent,
  GroupState,
  QualificationMessage,
  SequencedCluster,
  SequencedUpgradeState,
  SequencedUpgradeType,
  UpgradeEnded,
} from "./types.ts";
import { type RolloutUpgradeView, rolloutStatus } from "./view.ts";

/**
 * A rollout sequence with custom stages at work (SEQ-19 onward). Each stage is a group of
 * the fleet-chain machine (machine.ts) whose clusters are those the stage selects now, its
 * upstream the stage before it: the same qualification (SEQ-8/9), phases (SEQ-5/6), soaks
 * (SEQ-10) and windows (MW) hold stage by stage. All stages live in one object, so a
 * stage's word to the next is heard in the same pass, in stage order.
 */

/** A cluster of one of the sequence's fleets, with what stage selection reads. */
export interface SequenceCluster extends SequencedCluster {
  fleet: string;
  labels?: Readonly<Record<string, string>> | null;
}

/** What every stage reads alike: channel targets, end of life, availability (CH-1..3). */
export type ReleaseFacts = Pick<
  GroupFacts,
  "targets" | "endOfLife" | "published" | "availability" | "targetSince"
>;

/** Everything a pass of a sequence reads from the world. */
export interface SequenceFacts {
  sequence: string;
  stages: readonly SequenceStage[];
  /** Every cluster of every fleet the stages name. */
  clusters: readonly SequenceCluster[];
  releases: ReleaseFacts;
}

/** A sequence's whole state: each stage's group state, and the rollouts a user paused. */
export interface SequenceState {
  stages: GroupState[];
  /** SEQ-20: rollout ids (`rolloutKey`) paused, oldest first. */
  paused: string[];
}

/** What happened to a sequence; each pass also reads its facts anew. */
export type SequenceEvent =
  | { kind: "EVALUATE" }
  | UpgradeEnded
  | { kind: "PAUSE"; rollout: string }
  | { kind: "RESUME"; rollout: string };

/** A cluster upgrade to start, and the stage that starts it. */
export type SequenceIntent = Exclude<GroupIntent, { kind: "NOTIFY_DOWNSTREAM" }> & {
  stage: number;
};

export interface SequenceDecision {
  state: SequenceState;
  intents: SequenceIntent[];
  wakeAt?: Instant;
  notes: string[];
}

/** A sequence that has done nothing yet. */
export function initialSequenceState(): SequenceState {
  return { stages: [], paused: [] };
}

/**
 * The name a stage goes by in reasons and notes (its group's name).
 *
 * @example stageName("prod-first", 1) // "stage 2 of prod-first"
 */
export function stageName(sequence: string, index: number): string {
  return `stage ${index + 1} of ${sequence}`;
}

/**
 * SEQ-16/SEQ-19: the stage of each cluster. A cluster whose upgrade a stage started stays
 * in that stage until the upgrade ends, so it is counted where it is being upgraded and
 * never started twice; any other cluster is in the first stage that selects it now, so a
 * label change moves it on the next pass.
 */
export function assignStages(
  facts: SequenceFacts,
  state: SequenceState,
  /** Ends heard in this pass: those upgrades no longer hold their clusters. */
  ends: readonly SequenceEvent[] = [],
): Map<string, number> {
  const ended = new Set(
    ends.flatMap((e) =>
      e.kind === "UPGRADE_ENDED" ? [`${e.cluster}|${e.type}|${e.version}`] : [],
    ),
  );
  const pinned = new Map<string, number>();
  for (const [index, stage] of state.stages.entries()) {
    for (const upgrade of stage.upgrades) {
      for (const [cluster, member] of Object.entries(upgrade.members)) {
        const running =
          member.startedAt !== undefined &&
          member.doneAt === undefined &&
          member.failed === undefined &&
          !ended.has(`${cluster}|${upgrade.type}|${upgrade.version}`);
        if (running && !pinned.has(cluster)) pinned.set(cluster, index);
      }
    }
  }
  const assigned = new Map<string, number>();
  for (const cluster of facts.clusters) {
    const pin = pinned.get(cluster.name);
    const at = pin ?? facts.stages.findIndex((stage) => stageSelects(stage, cluster));
    if (at >= 0 && at < facts.stages.length) assigned.set(cluster.name, at);
  }
  return assigned;
}

/** The facts of stage `index` as the group machine reads them. */
export function stageFacts(
  facts: SequenceFacts,
  state: SequenceState,
  index: number,
  assigned: ReadonlyMap<string, number> = assignStages(facts, state),
): GroupFacts {
  const stage = facts.stages[index];
  const group: GroupFacts = {
    group: stageName(facts.sequence, index),
    kind: "FLEET",
    defaultSoakSeconds: stage?.soakSeconds ?? 0,
    soakOverrides: {},
    ...facts.releases,
    clusters: facts.clusters
      .filter((cluster) => assigned.get(cluster.name) === index)
      .map(({ fleet: _fleet, labels: _labels, ...cluster }) => cluster),
    paused: state.paused,
  };
  if (index > 0) group.upstream = stageName(facts.sequence, index - 1);
  if (index + 1 < facts.stages.length) group.downstream = stageName(facts.sequence, index + 1);
  return group;
}

function applyControl(state: SequenceState, event: SequenceEvent, notes: string[]): void {
  if (event.kind === "PAUSE" && !state.paused.includes(event.rollout)) {
    state.paused.push(event.rollout);
    notes.push(`SEQ-20: rollout ${event.rollout} paused`);
  }
  if (event.kind === "RESUME" && state.paused.includes(event.rollout)) {
    state.paused = state.paused.filter((key) => key !== event.rollout);
    notes.push(`SEQ-20: rollout ${event.rollout} resumed`);
  }
}

/**
 * One pass of a sequence (SEQ-19): pauses and resumes apply first (SEQ-20), then each
 * stage in order decides with the ends it heard and the words of the stage before it,
 * given this same pass. Stages beyond the sequence's length (it was shortened) are
 * dropped; a stage added starts afresh.
 *
 * @example decideSequence(initialSequenceState(), [{ kind: "EVALUATE" }], facts, now)
 * // {state, intents: [{kind: "START_CONTROL_PLANE_UPGRADE", cluster: "canary-1", version: "1.21.14-gke.4300", stage: 0}], wakeAt, notes}
 */
export function decideSequence(
  state: SequenceState,
  events: readonly SequenceEvent[],
  facts: SequenceFacts,
  now: Instant,
): SequenceDecision {
  const next: SequenceState = {
    stages: state.stages.slice(0, facts.stages.length),
    paused: [...state.paused],
  };
  const notes: string[] = [];
  for (const event of events) applyControl(next, event, notes);
  const assigned = assignStages(facts, next, events);
  const intents: SequenceIntent[] = [];
  const wakes: Instant[] = [];
  let heard: QualificationMessage[] = [];
  for (let index = 0; index < facts.stages.length; index++) {
    const group = stageFacts(facts, next, index, assigned);
    const stageEvents: GroupEvent[] = [
      ...heard.map((message): GroupEvent => ({ kind: "UPSTREAM", message, facts: group })),
      ...events.flatMap((event): GroupEvent[] =>
        event.kind === "UPGRADE_ENDED" ? [{ ...event, facts: group }] : [],
      ),
      { kind: "EVALUATE", facts: group },
    ];
    const decision = decideGroupAll(next.stages[index] ?? initialGroupState(), stageEvents, now);
    next.stages[index] = decision.state;
    heard = [];
    for (const intent of decision.intents) {
      if (intent.kind === "NOTIFY_DOWNSTREAM") heard.push(intent.message);
      else intents.push({ ...intent, stage: index });
    }
    if (decision.wakeAt !== undefined) wakes.push(decision.wakeAt);
    notes.push(...decision.notes.map((note) => `${group.group}: ${note}`));
  }
  // A pause outlives its rollout only while some stage still keeps the rollout.
  const kept = new Set(
    next.stages.flatMap((stage) => stage.upgrades.map((u) => rolloutKey(u.type, u.version))),
  );
  next.paused = next.paused.filter((key) => kept.has(key));
  const wakeAt = wakes.length > 0 ? Math.min(...wakes) : undefined;
  return wakeAt === undefined
    ? { state: next, intents, notes }
    : { state: next, intents, wakeAt, notes };
}

/** One cluster in a rollout's stage, with its fleet (for who may read it). */
export interface RolloutStageClusterView {
  cluster: string;
  fleet: string;
  state: SequencedUpgradeState;
  reason?: string;
}

/** One stage of a rollout (API `rollouts[].stages[]`). */
export interface RolloutStageView {
  stage: number;
  state: SequencedUpgradeState;
  reason?: string;
  startedAt?: string;
  endedAt?: string;
  soakEndsAt?: string;
  clusters: RolloutStageClusterView[];
}

/** SEQ-21: the rollout of one version of one type through every stage. */
export interface SequenceRolloutView {
  id: string;
  type: SequencedUpgradeType;
  version: string;
  state: "RUNNING" | "PAUSED" | "COMPLETED";
  /** Why a paused rollout does not go on (SEQ-20). */
  reason?: string;
  stages: RolloutStageView[];
}

/** Earlier entries hold a merged stage back more than later ones. */
const HOLDING: readonly SequencedUpgradeState[] = [
  "IN_PROGRESS",
  "PENDING",
  "FORCED_SOAKING",
  "SOAKING",
  "INELIGIBLE",
  "COMPLETE",
];

/** A stage's entries for one version (minor and patch tracking apart), as one stage. */
function mergeEntries(
  index: number,
  entries: readonly RolloutUpgradeView[],
  fleetOf: ReadonlyMap<string, string>,
  endedAt: Instant | undefined,
): RolloutStageView {
  const held = [...entries].sort((a, b) => HOLDING.indexOf(a.state) - HOLDING.indexOf(b.state))[0];
  const view: RolloutStageView = {
    stage: index + 1,
    state: held?.state ?? "PENDING",
    clusters: entries.flatMap((entry) =>
      entry.clusters.map((c) => ({ ...c, fleet: fleetOf.get(c.cluster) ?? "" })),
    ),
  };
  if (held?.reason !== undefined) view.reason = held.reason;
  const starts = entries.flatMap((e) => (e.startedAt === undefined ? [] : [e.startedAt])).sort();
  if (starts[0] !== undefined) view.startedAt = starts[0];
  const soaks = entries.flatMap((e) => (e.soakEndsAt === undefined ? [] : [e.soakEndsAt])).sort();
  if (soaks.length > 0) view.soakEndsAt = soaks.at(-1);
  if (view.state === "COMPLETE" && endedAt !== undefined) view.endedAt = toRfc3339(endedAt);
  return view;
}

/** A stage that has no upgrade to the rollout's version: why. */
function absentStage(
  facts: SequenceFacts,
  group: GroupFacts,
  index: number,
  type: SequencedUpgradeType,
  version: string,
): RolloutStageView {
  const view = (state: SequencedUpgradeState, reason: string): RolloutStageView => ({
    stage: index + 1,
    state,
    reason,
    clusters: [],
  });
  if (group.clusters.length === 0) {
    return index === 0
      ? view(
          "PENDING",
          `SEQ-9: ${stageName(facts.sequence, 0)} selects no clusters and has no stage before it, so it cannot qualify ${version}; the stages after it wait`,
        )
      : view(
          "PENDING",
          `SEQ-9: ${group.group} selects no clusters; it passes ${version} on once ${group.upstream} qualifies it`,
        );
  }
  if (type === "NODE") {
    const behind = group.clusters.filter((c) => versionBelow(c.version, version));
    if (behind.length > 0) {
      return view(
        "PENDING",
        `SEQ-6: the nodes of ${group.group} wait for their control planes to reach ${version} (${behind.length} of ${group.clusters.length} not there yet)`,
      );
    }
  }
  return view(
    "INELIGIBLE",
    `SEQ-8: no cluster of ${group.group} has ${version} as its ${type === "NODE" ? "node" : "control-plane"} target`,
  );
}

/**
 * SEQ-21: the sequence's rollouts, one per version and type that some stage keeps, newest
 * first, each with every stage: its state (SEQ-13), when it started and ended, when its
 * soak ends, and its clusters with their states and reasons.
 */
export function sequenceRollouts(
  state: SequenceState,
  facts: SequenceFacts,
  now: Instant,
): SequenceRolloutView[] {
  const assigned = assignStages(facts, state);
  const fleetOf = new Map(facts.clusters.map((cluster) => [cluster.name, cluster.fleet]));
  const groups = facts.stages.map((_, i) => stageFacts(facts, state, i, assigned));
  const statuses = groups.map((group, i) =>
    rolloutStatus(state.stages[i] ?? initialGroupState(), group, now),
  );
  const order: { id: string; type: SequencedUpgradeType; version: string; createdAt: Instant }[] =
    [];
  for (const stage of state.stages) {
    for (const upgrade of stage.upgrades) {
      const id = rolloutKey(upgrade.type, upgrade.version);
      const known = order.find((entry) => entry.id === id);
      if (known === undefined)
        order.push({
          id,
          type: upgrade.type,
          version: upgrade.version,
          createdAt: upgrade.createdAt,
        });
      else known.createdAt = Math.min(known.createdAt, upgrade.createdAt);
    }
  }
  order.sort((a, b) => b.createdAt - a.createdAt || a.id.localeCompare(b.id));
  return order.map(({ id, type, version }) => {
    const stages = groups.map((group, i) => {
      const entries = (statuses[i]?.upgrades ?? []).filter(
        (u) => u.type === type && u.version === version,
      );
      if (entries.length === 0) return absentStage(facts, group, i, type, version);
      const completions = (state.stages[i]?.upgrades ?? [])
        .filter((u) => u.type === type && u.version === version)
        .map((u) => u.completedAt);
      const endedAt = completions.every((at) => at !== undefined)
        ? Math.max(...(completions as Instant[]))
        : undefined;
      return mergeEntries(i, entries, fleetOf, endedAt);
    });
    const done = stages.every((s) => s.state === "COMPLETE" || s.state === "INELIGIBLE");
    if (state.paused.includes(id)) {
      const reason = `SEQ-20: paused by a user: no stage's turn comes and no cluster upgrade starts until it is resumed`;
      return { id, type, version, state: "PAUSED", reason, stages };
    }
    return { id, type, version, state: done ? "COMPLETED" : "RUNNING", stages };
  });
}

/**
 * SEQ-20: whether a user may pause or resume the rollout `event` names: one that some
 * stage keeps; a completed one has nothing left to pause. Resuming one that is not paused
 * is no error (the answer shows it running).
 */
export function checkRolloutControl(
  rollouts: readonly SequenceRolloutView[],
  sequence: string,
  event: Extract<SequenceEvent, { kind: "PAUSE" | "RESUME" }>,
): Result<SequenceRolloutView> {
  const rollout = rollouts.find((r) => r.id === event.rollout);
  if (rollout === undefined) {
    return refuse(
      "SEQ-21",
      "missing",
      `SEQ-21: sequence ${sequence} has no rollout ${event.rollout}`,
    );
  }
  if (event.kind === "PAUSE" && rollout.state === "COMPLETED") {
    return refuse(
      "SEQ-20",
      "conflict",
      `SEQ-20: rollout ${event.rollout} is complete in every stage; there is nothing left to pause`,
    );
  }
  return ok(rollout);
}

/**
 * SEQ-18: a rollout as a caller who may read only some fleets sees it — the stages that
 * name one of those fleets (keeping their numbers), and in them only those fleets'
 * clusters. Membership and states are decided over every cluster; only the showing is
 * narrowed.
 *
 * @example visibleRollout(view, stages, (fleet) => fleet === "prod").stages.map((s) => s.stage) // [2, 3]
 */
export function visibleRollout(
  view: SequenceRolloutView,
  stages: readonly Pick<SequenceStage, "fleets">[],
  readable: (fleet: string) => boolean,
): SequenceRolloutView {
  return {
    ...view,
    stages: view.stages
      .filter((stage) => stages[stage.stage - 1]?.fleets.some(readable) === true)
      .map((stage) => ({ ...stage, clusters: stage.clusters.filter((c) => readable(c.fleet)) })),
  };
}
