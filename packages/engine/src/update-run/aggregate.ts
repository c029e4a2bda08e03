import { isOneOf } from "../machine/states.ts";
import { gateReason, gatesThrough, skipGates } from "./gates.ts";
import type { RunGroup, RunMember, RunStage, UpdateRun, UpdateRunState } from "./types.ts";

/** RUN-8: the states nothing moves out of, for a run and each stage, group and member. */
export const UPDATE_RUN_TERMINAL_STATES = [
  "Completed",
  "Skipped",
  "Failed",
] as const satisfies readonly UpdateRunState[];

/**
 * Whether `state` is one of {@link UPDATE_RUN_TERMINAL_STATES}. Takes any text, since
 * the fleet's run index keeps states as the run object last reported them.
 *
 * @example isTerminalState("Skipped") // true
 */
export const isTerminalState = isOneOf(UPDATE_RUN_TERMINAL_STATES);

/** RUN-10, RUN-11: no member starts while the run is stopped or after a failure. */
export function isHalted(run: UpdateRun): boolean {
  return run.stopped || run.failure !== undefined;
}

interface Derived {
  state: UpdateRunState;
  message?: string;
}

function setDerived(target: { state: UpdateRunState; message?: string }, derived: Derived): void {
  target.state = derived.state;
  if (derived.message === undefined) delete target.message;
  else target.message = derived.message;
}

/** What a group's members are, counted in one pass over them. */
interface Tally {
  total: number;
  failed: number;
  /** The last Failed member in the group's order (its message leads the group's). */
  lastFailed?: RunMember;
  skipped: number;
  /** Skipped because their cluster left the fleet (EXT-8). */
  skippedByFleet: number;
  terminal: number;
  running: number;
  pending: number;
  notStarted: number;
}

function tally(group: RunGroup): Tally {
  const t: Tally = {
    total: group.members.length,
    failed: 0,
    skipped: 0,
    skippedByFleet: 0,
    terminal: 0,
    running: 0,
    pending: 0,
    notStarted: 0,
  };
  for (const m of group.members) {
    switch (m.state) {
      case "Failed":
        t.failed += 1;
        t.terminal += 1;
        t.lastFailed = m;
        break;
      case "Skipped":
        t.skipped += 1;
        t.terminal += 1;
        if (m.skippedBy === "fleet") t.skippedByFleet += 1;
        break;
      case "Completed":
        t.terminal += 1;
        break;
      case "Running":
        t.running += 1;
        break;
      case "Pending":
        t.pending += 1;
        break;
      case "NotStarted":
        t.notStarted += 1;
        break;
    }
  }
  return t;
}

/**
 * RUN-8/9/11 for a group, from its members (re-derived on every pass, never trusted from
 * the last one): user skip; a Failed member; every member Skipped; every member done;
 * not reached; a member Running; halted (RUN-10: members under way show Stopped); every
 * member Pending or not started (seed 002's Pending); else Running, waiting for the
 * Pending ones. The members are counted once (`t`): a run decides on every answer of
 * its members, and a look at each of them per rule made a large run's answers slow.
 */
function deriveGroup(
  group: RunGroup,
  t: Tally,
  reached: boolean,
  halted: string | undefined,
): Derived {
  if (group.userSkipped) return { state: "Skipped", message: "RUN-12: skipped by the user" };
  const budget = group.maxAllowedFailures ?? 0;
  if (t.failed > budget) {
    const last = t.lastFailed!;
    const over =
      budget > 0 ? `EXT-3: ${t.failed} members failed, more than the budget of ${budget}; ` : "";
    return {
      state: "Failed",
      message: `${over}RUN-11: member ${last.cluster} failed: ${last.message ?? "its upgrade failed"}`,
    };
  }
  if (t.total > 0 && t.skipped === t.total) {
    if (t.skippedByFleet === t.total) {
      return { state: "Skipped", message: "EXT-8: every member's cluster left the fleet" };
    }
    return { state: "Skipped", message: "RUN-9: every member was skipped" };
  }
  if (!reached) return { state: "NotStarted" };
  const beforeGate = gateReason(group.gates, "Before");
  if (beforeGate !== undefined) return { state: "Pending", message: beforeGate };
  if (t.terminal === t.total) {
    const afterGate = gateReason(group.gates, "After");
    if (afterGate !== undefined) return { state: "Pending", message: afterGate };
    if (t.failed === 0) return { state: "Completed" };
    return {
      state: "Completed",
      message: `EXT-3: ${t.failed} of ${t.total} members failed, within the budget of ${budget}`,
    };
  }
  if (t.running > 0) return { state: "Running" };
  if (halted !== undefined) return { state: "Stopped", message: halted };
  if (t.pending === 0) return { state: "Running" };
  // Seed 002: Pending only when all its members are Pending or not started.
  if (t.pending + t.notStarted === t.total) {
    return { state: "Pending", message: "RUN-8: all its members are Pending or not started" };
  }
  const pending = group.members.filter((m) => m.state === "Pending").map((m) => m.cluster);
  return {
    state: "Running",
    message: `RUN-8: waiting for Pending member(s) ${pending.join(", ")}`,
  };
}

function deriveStage(
  stage: RunStage,
  failedMembers: number,
  reached: boolean,
  halted: string | undefined,
  now: number,
): Derived {
  if (stage.userSkipped) return { state: "Skipped", message: "RUN-12: skipped by the user" };
  const groups = stage.groups;
  const failed = groups.find((g) => g.state === "Failed");
  if (failed)
    return { state: "Failed", message: `RUN-11: group ${failed.name} failed: ${failed.message}` };
  const budget = stage.maxAllowedFailures ?? 0;
  if (failedMembers > budget) {
    return {
      state: "Failed",
      message: `EXT-3: ${failedMembers} members of the stage failed, more than its budget of ${budget}`,
    };
  }
  if (groups.length > 0 && groups.every((g) => g.state === "Skipped")) {
    return { state: "Skipped", message: "RUN-9: every group was skipped" };
  }
  if (stage.done) return { state: "Completed" };
  if (!reached) return { state: "NotStarted" };
  const beforeGate = gateReason(stage.gates, "Before");
  if (beforeGate !== undefined) return { state: "Pending", message: beforeGate };
  if (groups.every((g) => isTerminalState(g.state))) {
    if (halted !== undefined) return { state: "Stopped", message: halted };
    const afterGate = gateReason(stage.gates, "After");
    if (afterGate !== undefined) {
      const ends = stage.afterStageWaitEndsAt;
      const wait =
        ends !== undefined && ends > now
          ? `; RUN-2: and the wait after the stage until ${new Date(ends).toISOString()}`
          : "";
      return { state: "Pending", message: `${afterGate}${wait}` };
    }
    const ends = stage.afterStageWaitEndsAt;
    const until = ends === undefined ? "" : ` until ${new Date(Math.max(ends, now)).toISOString()}`;
    return {
      state: "Running",
      message: `RUN-2: waiting ${stage.afterStageWaitSeconds ?? 0} s after the stage${until}`,
    };
  }
  if (groups.some((g) => g.state === "Running")) return { state: "Running" };
  if (halted !== undefined) return { state: "Stopped", message: halted };
  const pending = groups.filter((g) => g.state === "Pending").map((g) => g.name);
  if (pending.length === 0) return { state: "Running" };
  const message = `RUN-8: waiting for Pending group(s) ${pending.join(", ")}`;
  // Seed 002: Pending only when all its groups are Pending or not started.
  if (groups.every((g) => g.state === "Pending" || g.state === "NotStarted")) {
    return { state: "Pending", message };
  }
  return { state: "Running", message };
}

/** Failed members of a stage, over all its groups. */
function failedCount(stage: RunStage): number {
  let count = 0;
  for (const group of stage.groups) {
    for (const member of group.members) if (member.state === "Failed") count += 1;
  }
  return count;
}

/**
 * EXT-3: whether a member's failure exceeds a budget of its group or stage — only then
 * does it stop the run (RUN-11); within budget the run goes on.
 *
 * @example failureStopsRun(run, "c-3") // true with the default budgets of 0
 */
export function failureStopsRun(run: UpdateRun, cluster: string): boolean {
  for (const stage of run.stages) {
    for (const group of stage.groups) {
      if (!group.members.some((m) => m.cluster === cluster)) continue;
      const inGroup = group.members.filter((m) => m.state === "Failed").length;
      return (
        inGroup > (group.maxAllowedFailures ?? 0) ||
        failedCount(stage) > (stage.maxAllowedFailures ?? 0)
      );
    }
  }
  return true;
}

/** Members whose upgrade is still in flight after a failure (tracked) or a stop (untracked). */
function stillFinishing(run: UpdateRun): number {
  let count = 0;
  for (const stage of run.stages) {
    for (const group of stage.groups) {
      for (const m of group.members) {
        if (m.state === "Running" || (m.state === "Stopped" && m.untracked === undefined))
          count += 1;
      }
    }
  }
  return count;
}

/** The stage the run works on: the first one not done (stages.length when all are). */
export function currentStageIndex(run: UpdateRun): number {
  const index = run.stages.findIndex((stage) => !stage.done);
  return index < 0 ? run.stages.length : index;
}

/** EXT-9: what holds a scope of a stopped or failed run (undefined while it is not). */
function haltedBy(run: UpdateRun): string | undefined {
  if (!isHalted(run)) return undefined;
  return run.stopped
    ? "RUN-10: the run was stopped by the user; nothing more starts here"
    : "RUN-11: the run failed; nothing more starts here";
}

function deriveStageAt(
  run: UpdateRun,
  index: number,
  current: number,
  halted: string | undefined,
  now: number,
): void {
  const stage = run.stages[index]!;
  const reached = run.startedAt !== undefined && index <= current;
  // EXT-1: a stage's groups are reached once the gates before the stage are through.
  const groupsReached = reached && gatesThrough(stage.gates, "Before");
  let failedMembers = 0;
  for (const group of stage.groups) {
    const t = tally(group);
    failedMembers += t.failed;
    setDerived(group, deriveGroup(group, t, groupsReached, halted));
    if (group.state === "Skipped") skipGates(group.gates);
  }
  setDerived(stage, deriveStage(stage, failedMembers, reached, halted, now));
  if (stage.state === "Skipped") skipGates(stage.gates);
}

/**
 * Re-derives the stages from `from` up to (not including) `to` and their groups from
 * their members, as {@link deriveStates} would derive them now: what a pass needs to know
 * of the stages it works on, without deriving the whole run after each of them.
 */
export function deriveStageStates(run: UpdateRun, from: number, to: number, now: number): void {
  const halted = haltedBy(run);
  const current = currentStageIndex(run);
  for (let index = from; index < Math.min(to, run.stages.length); index++) {
    deriveStageAt(run, index, current, halted, now);
  }
}

/** Re-derives every group, stage and the run itself from the members (RUN-8/9/11). */
export function deriveStates(run: UpdateRun, now: number): void {
  const halted = haltedBy(run);
  const current = currentStageIndex(run);
  for (let index = 0; index < run.stages.length; index++) {
    deriveStageAt(run, index, current, halted, now);
  }
  setDerived(run, deriveRun(run, current));
  if (isTerminalState(run.state)) run.endedAt ??= now;
}

function deriveRun(run: UpdateRun, current: number): Derived {
  const finishing = run.failure !== undefined || run.stopped ? stillFinishing(run) : 0;
  if (run.failure !== undefined) {
    // EXT-3: members already in flight finish first; nothing new starts meanwhile.
    if (finishing > 0) {
      return {
        state: "Stopping",
        message: `${run.failure}; EXT-3: stopping while ${finishing} in-flight member(s) finish`,
      };
    }
    return { state: "Failed", message: run.failure };
  }
  if (run.startedAt === undefined) return { state: "NotStarted" };
  if (current >= run.stages.length) {
    if (run.stages.length > 0 && run.stages.every((s) => s.state === "Skipped")) {
      return { state: "Skipped", message: "RUN-9: every stage was skipped" };
    }
    return { state: "Completed" };
  }
  if (run.stopped) {
    if (finishing > 0) {
      return {
        state: "Stopping",
        message: `RUN-10: stopped by the user; EXT-3: stopping while ${finishing} member upgrade(s) under way finish`,
      };
    }
    return { state: "Stopped", message: "RUN-10: stopped by the user" };
  }
  const stage = run.stages[current]!;
  if (stage.state === "Pending") {
    const gate = stage.message?.startsWith("EXT-1") ? `: ${stage.message}` : "";
    return { state: "Pending", message: `RUN-8: stage ${stage.name} is Pending${gate}` };
  }
  return { state: "Running" };
}
