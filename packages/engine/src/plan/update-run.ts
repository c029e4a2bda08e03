import { type JobEnd, SimFleet } from "../hosting/index.ts";
import type { ClusterFacts } from "../lifecycle/types.ts";
import type { Maintenance } from "../maintenance/maintenance.ts";
import type { SimConfig } from "../provider/sim/config.ts";
import { DAY, type Instant } from "../time/instant.ts";
import { isTerminalState } from "../update-run/aggregate.ts";
import { decideUpdateRun } from "../update-run/machine.ts";
import { poolImage } from "../update-run/node-image.ts";
import type {
  Availability,
  FleetMembership,
  MemberPool,
  RunMember,
  StartMemberIntent,
  UpdateRun,
  UpdateRunEvent,
  UpdateRunState,
} from "../update-run/types.ts";
import { runCriticalPath } from "./critical-path.ts";
import {
  budgetSpent,
  type PathStep,
  PLAN_STEP_BUDGET,
  type PlanCutoff,
  type PlanWait,
} from "./types.ts";

/** What the fleet would start a member's upgrade from, read from the inventory. */
export interface PlannedCluster {
  /** LIFE-2/LIFE-3 facts of a cluster upgrade, worker pools (with their nodes) included. */
  facts: ClusterFacts;
  /** The pools' images as the inventory holds them (RUN-6, NodeImageOnly). */
  pools: readonly MemberPool[];
  maintenance?: Maintenance;
}

export interface UpdateRunPlanInput {
  run: UpdateRun;
  /** Member clusters by name; a member not listed fails to start, as a deleted cluster. */
  clusters: Readonly<Record<string, PlannedCluster>>;
  /** The sim the plan runs on: the deployment's durations (jitter 0 for an exact plan). */
  sim: SimConfig;
  /**
   * The inventory as the run's next pass would see it (CH-3 availability, EXT-8
   * membership): taken first, as a TICK, as the run object takes it before any action.
   */
  readings?: { availability?: Availability; membership?: FleetMembership };
  /** How far ahead the plan looks (default 400 days: a year of windows and then some). */
  horizonMs?: number;
  /** Instants the plan may step through before it stops (SEC-3; default {@link PLAN_STEP_BUDGET}). */
  stepBudget?: number;
}

/** One member's predicted course. */
export interface MemberPlan {
  cluster: string;
  stage: string;
  group: string;
  /** Where the member ends up (Completed, Skipped, Failed; NotStarted when never reached). */
  state: UpdateRunState;
  message?: string;
  start?: Instant;
  end?: Instant;
  /** RUN-8 Pending spells before it started (windows, regions). */
  waits: PlanWait[];
  /** It was already under way when the plan was made: its end is the sim's estimate. */
  inFlight?: true;
}

export interface StagePlan {
  name: string;
  start?: Instant;
  end?: Instant;
  /** RUN-2: the wait after the stage, when it has one. */
  afterStageWait?: PlanWait;
}

/** EXT-6: the predicted timeline of an update run. */
export interface UpdateRunPlan {
  /** When the plan starts: now. */
  from: Instant;
  /** When the run started (or would start, for one not started yet). */
  startedAt: Instant;
  /** When the run would end (or where the plan stopped, see `cutoff`). */
  end: Instant;
  /** `end − startedAt` in seconds. */
  makespanSeconds: number;
  /** `end − from` in seconds. */
  remainingSeconds: number;
  state: UpdateRunState;
  message?: string;
  members: MemberPlan[];
  stages: StagePlan[];
  criticalPath: PathStep[];
  cutoff?: PlanCutoff;
}

const DEFAULT_HORIZON = 400 * DAY;

function membersOf(run: UpdateRun): { member: RunMember; stage: string; group: string }[] {
  return run.stages.flatMap((s) =>
    s.groups.flatMap((g) => g.members.map((member) => ({ member, stage: s.name, group: g.name }))),
  );
}

/** Under way now: its upgrade runs whether the run tracks it (Running) or not (Stopped, RUN-10). */
function inFlight(member: RunMember): boolean {
  return (
    (member.state === "Running" || member.state === "Stopped") && member.startedAt !== undefined
  );
}

/**
 * EXT-6: the predicted timeline of `input.run` from `now`: the run machine itself
 * (`decideUpdateRun`) on a copy of the run, its START_MEMBER intents carried out by a
 * fleet in memory (`SimFleet`: each member's cluster upgrade through the lifecycle
 * machine and each worker pool through its node-pool strategy, on the simulated
 * provider with `input.sim`'s durations), in discrete-event time as the objects run it.
 * A run not started (or stopped) is planned as if started now; a running one from its
 * state now. Members already under way are replayed on the sim from their start with the
 * inventory's facts, and end no earlier than now. Nothing outside the plan changes.
 *
 * @example
 * const plan = planUpdateRun({ run, clusters, sim: { seed: 1, jitter: 0 } }, now);
 * plan.makespanSeconds // 2_460 for two members of 1,230 s one after another
 */
export function planUpdateRun(input: UpdateRunPlanInput, now: Instant): UpdateRunPlan {
  const horizon = now + (input.horizonMs ?? DEFAULT_HORIZON);
  const budget = input.stepBudget ?? PLAN_STEP_BUDGET;
  const replayed = membersOf(input.run)
    .map((m) => m.member)
    .filter(inFlight)
    .sort((a, b) => a.startedAt! - b.startedAt!);
  const simStart = Math.min(now, ...replayed.map((m) => m.startedAt!));
  const fleet = new SimFleet(input.sim, simStart);
  const tracker = new Tracker(input.run, now);
  let run = input.run;
  let wakeAt: Instant | undefined;
  const pendingEnds: JobEnd[] = [];
  const refusals: { cluster: string; message: string }[] = [];

  const startMember = (intent: StartMemberIntent, at: Instant) => {
    const refused = startOnFleet(fleet, input, run, intent, at);
    if (refused !== undefined) refusals.push({ cluster: intent.cluster, message: refused });
  };
  const apply = (event: UpdateRunEvent, at: Instant) => {
    const decided = decideUpdateRun(run, event, at);
    if (!decided.ok) return;
    run = decided.value.state;
    wakeAt = decided.value.wakeAt;
    for (const intent of decided.value.intents) startMember(intent, at);
    tracker.observe(run, at);
    // EXT-7: a plan cannot call a health check; it assumes each passes when asked.
    for (const check of decided.value.checks) {
      apply(
        {
          type: "HEALTH_CHECKED",
          cluster: check.cluster,
          passed: true,
          detail: "assumed to pass (what-if plan)",
          requestedAt: check.requestedAt,
          at,
        },
        at,
      );
    }
  };
  const settleRefusals = (at: Instant) => {
    while (refusals.length > 0) {
      const { cluster, message } = refusals.shift()!;
      apply({ type: "MEMBER_START_REFUSED", cluster, message, at }, at);
    }
  };

  // Members under way replay from their own start; what the sim says ended before now
  // is taken as ending now (the plan cannot know it ended earlier than it did).
  for (const member of replayed) {
    const clusterIntent = replayIntent(run, member);
    pendingEnds.push(...fleet.advance(member.startedAt!));
    const refused = startOnFleet(fleet, input, run, clusterIntent, member.startedAt!);
    if (refused !== undefined) {
      pendingEnds.push({ job: member.cluster, succeeded: false, message: refused, at: now });
    }
    tracker.markInFlight(member.cluster);
  }
  pendingEnds.push(...fleet.advance(now));

  const memberEnded = (end: JobEnd, at: Instant) => {
    const event: UpdateRunEvent = {
      type: "MEMBER_ENDED",
      cluster: end.job,
      succeeded: end.succeeded,
      at,
    };
    if (end.message !== undefined) event.message = end.message;
    apply(event, at);
    settleRefusals(at);
  };
  if (input.readings !== undefined) {
    const tick: UpdateRunEvent = { type: "TICK", at: now };
    if (input.readings.availability) tick.availability = input.readings.availability;
    if (input.readings.membership) tick.membership = input.readings.membership;
    apply(tick, now);
  }
  const restart =
    run.state === "NotStarted" ||
    run.state === "Stopped" ||
    (run.state === "Stopping" && run.failure === undefined);
  apply(restart ? { type: "START", at: now } : { type: "TICK", at: now }, now);
  settleRefusals(now);
  for (const end of pendingEnds) memberEnded(end, now);

  let cutoff: PlanCutoff | undefined;
  for (let steps = 0; !isTerminalState(run.state); steps++) {
    const candidates = [fleet.nextAt(), wakeAt].filter((t): t is Instant => t !== undefined);
    if (candidates.length === 0) {
      cutoff = {
        at: tracker.last,
        reason: `EXT-6: the run would stay ${run.state} with nothing due`,
      };
      break;
    }
    const at = Math.min(...candidates);
    if (at > horizon) {
      cutoff = {
        at: horizon,
        reason: `EXT-6: the run would still be ${run.state} at the plan's horizon`,
      };
      break;
    }
    if (steps >= budget) {
      cutoff = { at, reason: budgetSpent(budget) };
      break;
    }
    const ends = fleet.advance(at).sort((a, b) => a.job.localeCompare(b.job));
    for (const end of ends) memberEnded(end, end.at);
    if (wakeAt !== undefined && wakeAt <= at) {
      apply({ type: "TICK", at }, at);
      settleRefusals(at);
    }
  }
  return tracker.finish(run, cutoff);
}

/** The intent a member under way was started with, rebuilt from what the run recorded. */
function replayIntent(run: UpdateRun, member: RunMember): StartMemberIntent {
  const intent: StartMemberIntent = {
    type: "START_MEMBER",
    cluster: member.cluster,
    upgrade: run.goal.type,
  };
  if (run.goal.type !== "NodeImageOnly" && run.goal.kubernetesVersion !== undefined) {
    intent.kubernetesVersion = run.goal.kubernetesVersion;
  }
  if (member.nodeImage !== undefined) intent.nodeImage = member.nodeImage;
  if (member.nodeImages !== undefined) intent.nodeImages = member.nodeImages;
  return intent;
}

/**
 * RUN-5 as the fleet carries out a START_MEMBER (run-members/start.ts): Full and
 * ControlPlaneOnly → a cluster upgrade whose worker pools (Full only) go through their
 * own strategies with the run's images; NodeImageOnly → one node-pool upgrade per pool
 * not on its image yet. Returns why it was refused, if it was.
 */
function startOnFleet(
  fleet: SimFleet,
  input: UpdateRunPlanInput,
  run: UpdateRun,
  intent: StartMemberIntent,
  at: Instant,
): string | undefined {
  const cluster = input.clusters[intent.cluster];
  if (cluster === undefined) return `cluster ${intent.cluster} does not exist`;
  const chosen = {
    ...(intent.nodeImage === undefined ? {} : { nodeImage: intent.nodeImage }),
    ...(intent.nodeImages === undefined ? {} : { nodeImages: intent.nodeImages }),
  };
  if (intent.upgrade !== "NodeImageOnly") {
    const version = intent.kubernetesVersion ?? run.goal.kubernetesVersion;
    if (version === undefined) return "RUN-5: no Kubernetes version to upgrade to";
    const controlPlaneOnly = intent.upgrade === "ControlPlaneOnly";
    const nodeImages: Record<string, string> = {};
    for (const pool of cluster.pools) {
      const image = poolImage(chosen, pool);
      if (image !== undefined) nodeImages[pool.name] = image;
    }
    const refused = fleet.startCluster(
      intent.cluster,
      {
        facts: {
          ...cluster.facts,
          workerPools: "STRATEGY",
          pools: controlPlaneOnly ? [] : cluster.facts.pools,
        },
        version,
        useBootstrap: false,
        ...(controlPlaneOnly ? {} : { nodeImages }),
      },
      cluster.maintenance,
      at,
    );
    return refused?.message;
  }
  const requests = cluster.facts.pools.flatMap((facts) => {
    const pool = cluster.pools.find((p) => p.name === facts.pool);
    const image = pool === undefined ? undefined : poolImage(chosen, pool);
    if (pool === undefined || image === undefined || image === pool.nodeImage) return [];
    return [{ pool: facts, target: { version: cluster.facts.version, nodeImage: image } }];
  });
  if (requests.length === 0) {
    return `RUN-9: every node pool of ${intent.cluster} already runs its image`;
  }
  return fleet.startPools(intent.cluster, requests, cluster.maintenance, at)?.message;
}

/** Records what the run's states show after each decision: starts, ends, Pending spells. */
class Tracker {
  private readonly open = new Map<string, PlanWait>();
  private readonly waits = new Map<string, PlanWait[]>();
  private readonly replayed = new Set<string>();
  private readonly stageEnd = new Map<string, Instant>();
  last: Instant;

  constructor(
    private readonly initial: UpdateRun,
    private readonly from: Instant,
  ) {
    this.last = from;
  }

  markInFlight(cluster: string): void {
    this.replayed.add(cluster);
  }

  observe(run: UpdateRun, at: Instant): void {
    this.last = at;
    for (const stage of run.stages) {
      if ((stage.done || isTerminalState(stage.state)) && !this.stageEnd.has(stage.name)) {
        this.stageEnd.set(stage.name, at);
      }
    }
    for (const { member } of membersOf(run)) {
      const open = this.open.get(member.cluster);
      const reason = member.state === "Pending" ? member.message : undefined;
      if (open !== undefined && open.reason !== reason) {
        open.until = at;
        this.open.delete(member.cluster);
      }
      if (reason !== undefined && !this.open.has(member.cluster)) {
        const wait: PlanWait = { from: at, until: at, reason };
        this.open.set(member.cluster, wait);
        this.waits.set(member.cluster, [...(this.waits.get(member.cluster) ?? []), wait]);
      }
    }
  }

  finish(run: UpdateRun, cutoff: PlanCutoff | undefined): UpdateRunPlan {
    const end = cutoff?.at ?? run.endedAt ?? this.last;
    for (const wait of this.open.values()) wait.until = end;
    const startedAt = run.startedAt ?? this.initial.startedAt ?? this.from;
    const members = membersOf(run).map(({ member, stage, group }) => {
      const plan: MemberPlan = {
        cluster: member.cluster,
        stage,
        group,
        state: member.state,
        waits: (this.waits.get(member.cluster) ?? []).filter((w) => w.until > w.from),
      };
      if (member.message !== undefined) plan.message = member.message;
      if (member.startedAt !== undefined) plan.start = member.startedAt;
      if (member.endedAt !== undefined) plan.end = member.endedAt;
      if (this.replayed.has(member.cluster)) plan.inFlight = true;
      return plan;
    });
    const stages = run.stages.map((stage) => {
      const plan: StagePlan = { name: stage.name };
      const starts = stage.groups.flatMap((g) =>
        g.members.flatMap((m) => (m.startedAt === undefined ? [] : [m.startedAt])),
      );
      const begun = starts.length === 0 ? undefined : Math.min(...starts);
      const done = this.stageEnd.get(stage.name);
      if (begun !== undefined) plan.start = begun;
      if (done !== undefined) plan.end = done;
      const wait = stage.afterStageWaitSeconds ?? 0;
      const until = stage.afterStageWaitEndsAt;
      if (wait > 0 && until !== undefined) {
        plan.afterStageWait = {
          from: until - wait * 1000,
          until: Math.min(until, end),
          reason: `RUN-2: afterStageWaitSeconds ${wait}`,
        };
      }
      return plan;
    });
    const out: UpdateRunPlan = {
      from: this.from,
      startedAt,
      end,
      makespanSeconds: Math.max(0, Math.round((end - startedAt) / 1000)),
      remainingSeconds: Math.max(0, Math.round((end - this.from) / 1000)),
      state: run.state,
      members,
      stages,
      criticalPath: runCriticalPath(members, stages, this.from, end),
    };
    if (run.message !== undefined) out.message = run.message;
    if (cutoff !== undefined) out.cutoff = cutoff;
    return out;
  }
}
