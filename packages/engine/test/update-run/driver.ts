import { type Instant, SECOND } from "../../src/time/instant.ts";
import { createUpdateRun, type UpdateRunRequest } from "../../src/update-run/create.ts";
import { decideMemberEvent, decideUpdateRun } from "../../src/update-run/machine.ts";
import type {
  Availability,
  MemberFacts,
  StartMemberIntent,
  UpdateGoal,
  UpdateRun,
  UpdateRunEvent,
  UpdateStrategy,
} from "../../src/update-run/types.ts";

/** Monday 2023-11-06 00:00 UTC. */
export const T0: Instant = Date.UTC(2023, 10, 6);

export const CATALOGUE = ["1.27.7", "1.28.3", "1.28.5", "1.29.0"];

export const AVAILABLE: Availability = {
  versionRegions: {},
  nodeImages: [
    { version: "cos-105", regions: ["eu", "us", "asia"] },
    { version: "cos-110", regions: ["eu", "us"] },
  ],
};

export const FULL: UpdateGoal = {
  type: "Full",
  kubernetesVersion: "1.28.3",
  nodeImageSelection: "Latest",
};

export function member(cluster: string, extra: Partial<MemberFacts> = {}): MemberFacts {
  return {
    cluster,
    region: "eu",
    version: "1.27.7",
    pools: [{ name: "np", nodeImage: "cos-97" }],
    ...extra,
  };
}

/** A request whose members join groups by the `group` given per member. */
export function request(
  members: readonly (MemberFacts & { group?: string })[],
  extra: Partial<UpdateRunRequest> = {},
): UpdateRunRequest {
  return {
    name: "run-1",
    fleet: "fleet-a",
    goal: FULL,
    candidates: members.map(({ group, ...facts }) =>
      group === undefined ? { facts } : { facts, updateGroup: group },
    ),
    availability: AVAILABLE,
    catalogue: CATALOGUE,
    ...extra,
  };
}

export function strategy(
  stages: readonly (readonly string[])[],
  waits: readonly number[] = [],
): UpdateStrategy {
  return {
    stages: stages.map((groups, i) => ({
      name: `stage-${i + 1}`,
      groups: groups.map((name) => ({ name })),
      ...(waits[i] !== undefined ? { afterStageWaitSeconds: waits[i] } : {}),
    })),
  };
}

export function created(req: UpdateRunRequest, now: Instant = T0): UpdateRun {
  const run = createUpdateRun(req, now);
  if (!run.ok) throw new Error(run.error.detail);
  return run.value;
}

/** Applies one event; throws on a refusal. */
export function step(run: UpdateRun, event: UpdateRunEvent, now: Instant = event.at) {
  const d = decideUpdateRun(run, event, now);
  if (!d.ok) throw new Error(d.error.detail);
  return d.value;
}

export interface DriveOptions {
  /** How long a member's upgrade takes (seconds); default 600. */
  duration?: (cluster: string) => number;
  /** Members whose upgrade fails. */
  fails?: ReadonlySet<string>;
  /** Stop driving at this instant. */
  until?: Instant;
  /** Scripted user actions at given instants. */
  script?: { at: Instant; event: (at: Instant) => UpdateRunEvent }[];
  /** Called after every decision (invariant checks). */
  observe?: (run: UpdateRun) => void;
  maxSteps?: number;
  /** Orders member ends due at the same instant by this seed (default: by name). */
  tieSeed?: number;
  /** Log group and stage state changes too (golden timelines). */
  logTree?: boolean;
  /**
   * Decide member ends in place (`decideMemberEvent`) on the run the last decision left,
   * as a host taking a batch of answers does, instead of on a copy each time.
   */
  inPlace?: boolean;
}

/** States of every stage and group, to log what changed. */
function treeStates(run: UpdateRun): Map<string, string> {
  const states = new Map<string, string>();
  for (const stage of run.stages) {
    states.set(
      `stage ${stage.name}`,
      `${stage.state}${stage.message ? ` (${stage.message})` : ""}`,
    );
    for (const group of stage.groups) {
      states.set(
        `group ${group.name}`,
        `${group.state}${group.message ? ` (${group.message})` : ""}`,
      );
      for (const m of group.members) {
        if (m.state === "Pending" || m.state === "Skipped")
          states.set(`member ${m.cluster}`, `${m.state} (${m.message})`);
      }
    }
  }
  return states;
}

export interface DriveResult {
  run: UpdateRun;
  /** Readable timeline, one line per member start/end and state change. */
  log: string[];
  starts: StartMemberIntent[];
  now: Instant;
}

/**
 * Plays a host: carries out START_MEMBER intents (the member's operation ends after its
 * duration), fires the run's wake-up and the script's actions in time order.
 */
export function drive(initial: UpdateRun, at: Instant, options: DriveOptions = {}): DriveResult {
  let run = initial;
  let now = at;
  const log: string[] = [];
  const starts: StartMemberIntent[] = [];
  const ends = new Map<string, Instant>();
  const script = [...(options.script ?? [])].sort((a, b) => a.at - b.at);
  let wakeAt: Instant | undefined;
  let lastState = run.state;
  let lastTree = treeStates(run);
  let rng = options.tieSeed === undefined ? 0 : options.tieSeed >>> 0 || 1;
  const random = () => {
    rng ^= rng << 13;
    rng ^= rng >>> 17;
    rng ^= rng << 5;
    return (rng >>> 0) / 4294967296;
  };
  const clock = (t: Instant) => `+${Math.round((t - at) / SECOND)}s`;
  const apply = (event: UpdateRunEvent) => {
    const d =
      options.inPlace && event.type === "MEMBER_ENDED"
        ? { ok: true as const, value: decideMemberEvent(run, event, now) }
        : decideUpdateRun(run, event, now);
    if (!d.ok) {
      log.push(`${clock(now)} refused ${event.type}: ${d.error.detail}`);
      return;
    }
    run = d.value.state;
    wakeAt = d.value.wakeAt;
    options.observe?.(run);
    for (const intent of d.value.intents) {
      starts.push(intent);
      log.push(
        `${clock(now)} start ${intent.cluster}${intent.nodeImage ? ` image ${intent.nodeImage}` : ""}`,
      );
      ends.set(intent.cluster, now + (options.duration?.(intent.cluster) ?? 600) * SECOND);
    }
    if (options.logTree) {
      const tree = treeStates(run);
      for (const [what, state] of tree) {
        if (lastTree.get(what) !== state) log.push(`${clock(now)}   ${what} ${state}`);
      }
      lastTree = tree;
    }
    if (run.state !== lastState) log.push(`${clock(now)} run ${run.state}`);
    lastState = run.state;
  };
  for (let i = 0; i < (options.maxSteps ?? 100_000); i++) {
    const sorted = [...ends.entries()].sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]));
    const tied = sorted.filter((e) => e[1] === sorted[0]?.[1]);
    const nextEnd =
      options.tieSeed === undefined || tied.length < 2
        ? sorted[0]
        : tied[Math.floor(random() * tied.length)];
    const candidates = [nextEnd?.[1], wakeAt, script[0]?.at].filter(
      (t): t is number => t !== undefined,
    );
    if (candidates.length === 0) break;
    const next = Math.min(...candidates);
    if (options.until !== undefined && next > options.until) break;
    now = Math.max(now, next);
    if (script[0] && script[0].at <= now) {
      apply(script.shift()!.event(now));
    } else if (nextEnd && nextEnd[1] <= now) {
      const [cluster] = nextEnd;
      ends.delete(cluster);
      const failed = options.fails?.has(cluster) === true;
      log.push(`${clock(now)} end ${cluster} ${failed ? "failed" : "ok"}`);
      apply({
        type: "MEMBER_ENDED",
        cluster,
        succeeded: !failed,
        message: failed ? "control plane upgrade failed" : undefined,
        at: now,
      } as UpdateRunEvent);
    } else {
      wakeAt = undefined;
      apply({ type: "TICK", at: now });
    }
  }
  return { run, log, starts, now };
}

/** A member by cluster name. */
export function memberOf(run: UpdateRun, cluster: string) {
  for (const s of run.stages)
    for (const g of s.groups) for (const m of g.members) if (m.cluster === cluster) return m;
  throw new Error(`no member ${cluster}`);
}

export function groupOf(run: UpdateRun, name: string) {
  for (const s of run.stages) for (const g of s.groups) if (g.name === name) return g;
  throw new Error(`no group ${name}`);
}
