import { ok, type Result, refuse } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { failureStopsRun, isTerminalState } from "./aggregate.ts";
import { allGates } from "./gates.ts";
import { awaitingHealth, beginHealthCheck, checkingMessage, recordHealthAnswer } from "./health.ts";
import { applyMembership } from "./membership.ts";
import { consistentImages } from "./node-image.ts";
import { runPass } from "./pass.ts";
import { alreadyThere } from "./readiness.ts";
import type {
  CheckHealthIntent,
  RunActor,
  RunGroup,
  RunMember,
  RunStage,
  SkipTarget,
  StartMemberIntent,
  UntrackedEnd,
  UpdateRun,
  UpdateRunDecision,
  UpdateRunEvent,
} from "./types.ts";

/** A copy the decision may change; facts and availability are never changed in place. */
function cloneRun(run: UpdateRun): UpdateRun {
  return {
    ...run,
    stages: run.stages.map((stage) => ({
      ...stage,
      ...(stage.gates ? { gates: stage.gates.map((gate) => ({ ...gate })) } : {}),
      groups: stage.groups.map((group) => ({
        ...group,
        ...(group.gates ? { gates: group.gates.map((gate) => ({ ...gate })) } : {}),
        members: group.members.map((member) => ({ ...member })),
      })),
    })),
  };
}

function allMembers(run: UpdateRun): RunMember[] {
  return run.stages.flatMap((s) => s.groups.flatMap((g) => g.members));
}

/**
 * Members by cluster, per run object. A decision changes members in place and never
 * reshapes the tree (no member is added or removed once the run is created), so an index
 * stays true for the run it was built on: a run decided on answer after answer looks each
 * one up at once.
 */
const memberIndex = new WeakMap<UpdateRun, Map<string, MemberPlace>>();

/** A member and the group and stage it is in. */
interface MemberPlace {
  member: RunMember;
  group: RunGroup;
  stage: RunStage;
}

function placeOf(run: UpdateRun, cluster: string): MemberPlace | undefined {
  let index = memberIndex.get(run);
  if (index === undefined) {
    index = new Map();
    for (const stage of run.stages) {
      for (const group of stage.groups) {
        for (const member of group.members) {
          if (!index.has(member.cluster)) index.set(member.cluster, { member, group, stage });
        }
      }
    }
    memberIndex.set(run, index);
  }
  return index.get(cluster);
}

function findMember(run: UpdateRun, cluster: string): RunMember | undefined {
  return placeOf(run, cluster)?.member;
}

function decision(
  run: UpdateRun,
  now: Instant,
  notes: string[],
  checks: CheckHealthIntent[] = [],
): UpdateRunDecision {
  const intents: StartMemberIntent[] = [];
  const wakeAt = runPass(run, now, intents, notes);
  const out: UpdateRunDecision = { state: run, commands: [], notes, intents, checks };
  if (wakeAt !== undefined) out.wakeAt = wakeAt;
  return out;
}

/**
 * RUN-6 Consistent: chosen once, at the first start, one image per OS family from the
 * regions of the members with pools of it; members whose cluster already left the fleet
 * (EXT-8) have no say. Each member keeps the pools it had then. RUN-9: a family with no
 * image common to those regions leaves its pools without one, and seed 002 skips such
 * members at their turn rather than refusing the whole run.
 */
function chooseImage(run: UpdateRun): void {
  if (run.goal.nodeImageSelection !== "Consistent" || run.goal.type === "ControlPlaneOnly") return;
  const members = allMembers(run).filter((m) => m.skippedBy !== "fleet");
  const withPools = members.filter((m) => m.facts.pools.length > 0);
  if (withPools.length === 0) return;
  const chosen = consistentImages(
    run.availability,
    withPools.map((m) => m.facts),
  );
  const images = Object.values(chosen);
  run.consistentImages = chosen;
  if (images.length === 1) run.nodeImage = images[0]!;
  for (const member of members) member.poolsAtStart = member.facts.pools.map((p) => p.name);
}

function start(
  run: UpdateRun,
  event: Extract<UpdateRunEvent, { type: "START" }>,
  now: Instant,
): Result<UpdateRunDecision> {
  // A run still Stopping after a user's stop may start again; one stopping after a failure not.
  const stoppedByUser = run.state === "Stopping" && run.failure === undefined;
  if (run.state !== "NotStarted" && run.state !== "Stopped" && !stoppedByUser) {
    return refuse(
      "RUN-10",
      "conflict",
      `RUN-10: run ${run.name} is ${run.state}; only a NotStarted, Stopped or Stopping (stopped by the user) run starts`,
    );
  }
  const notes: string[] = [];
  if (run.startedAt === undefined) {
    chooseImage(run);
    run.startedAt = now;
    const images = Object.values(run.consistentImages ?? {});
    notes.push(
      images.length > 0
        ? `started; consistent node images ${images.join(", ")}`
        : run.consistentImages === undefined
          ? "started"
          : "started; RUN-9: no consistent node image, members with node pools are skipped",
    );
  } else {
    notes.push("RUN-10: started again; resumes where it stopped");
  }
  run.stopped = false;
  rememberStarter(run, event.by);
  const checks: CheckHealthIntent[] = [];
  for (const member of allMembers(run)) {
    if (member.state === "Stopped") retrack(run, member, notes, checks);
  }
  return ok(decision(run, now, notes, checks));
}

/**
 * RUN-10 on a start again: a member whose upgrade went on untracked is tracked again —
 * Running if it still runs, else what it did while the run was stopped (Completed,
 * Failed with RUN-11, or a refused start judged as then, RUN-9).
 */
function retrack(
  run: UpdateRun,
  member: RunMember,
  notes: string[],
  checks: CheckHealthIntent[],
): void {
  member.state = "Running";
  delete member.message;
  // EXT-7: a check asked for before the stop still runs; its answer is awaited.
  if (awaitingHealth(member)) member.message = checkingMessage(member.healthCheck!.check);
  const end = member.untracked;
  if (end === undefined) return;
  delete member.untracked;
  notes.push(`RUN-10: ${member.cluster}'s upgrade ended while the run was stopped`);
  if (end.type === "MEMBER_ENDED") notes.push(endMember(run, member, end, checks));
  else if (end.type === "HEALTH_CHECKED") notes.push(answerHealth(run, member, end));
  else refuseStart(run, member, end, notes);
}

function untrackedMessage(member: RunMember): string {
  const op = member.operationId === undefined ? "" : ` (${member.operationId})`;
  return `RUN-10: the run stopped tracking this member's upgrade${op}; it is not cancelled`;
}

function stop(run: UpdateRun, now: Instant): Result<UpdateRunDecision> {
  if (run.state !== "Running" && run.state !== "Pending") {
    return refuse(
      "RUN-10",
      "conflict",
      `RUN-10: run ${run.name} is ${run.state}; only a Running or Pending run stops`,
    );
  }
  run.stopped = true;
  const running = allMembers(run)
    .filter((m) => m.state === "Running")
    .map((m) => m.cluster);
  // Seed 002: a stopped run stops tracking its operations; they are not cancelled.
  for (const member of allMembers(run)) {
    if (member.state !== "Running") continue;
    member.state = "Stopped";
    member.message = untrackedMessage(member);
  }
  const notes = [
    running.length > 0
      ? `RUN-10: stopped; upgrades already started continue (${running.join(", ")})`
      : "RUN-10: stopped",
  ];
  return ok(decision(run, now, notes));
}

/** Whether the member's upgrade is under way: tracked (Running) or not (RUN-10: Stopped). */
function underWay(member: RunMember): boolean {
  return member.state === "Running" || member.state === "Stopped";
}

/** The first member of `groups` under way: a skip never covers an upgrade under way. */
function runningIn(groups: readonly { members: readonly RunMember[] }[]): string | undefined {
  for (const group of groups) {
    const member = group.members.find(underWay);
    if (member) return member.cluster;
  }
  return undefined;
}

/** RUN-12: every target is checked before any is applied, so a refusal changes nothing. */
function skip(
  run: UpdateRun,
  targets: readonly SkipTarget[],
  now: Instant,
): Result<UpdateRunDecision> {
  if (isTerminalState(run.state)) {
    return refuse(
      "RUN-12",
      "conflict",
      `RUN-12: run ${run.name} is ${run.state}; nothing is left to skip`,
    );
  }
  const apply: (() => void)[] = [];
  const userSkip = (member: RunMember, message: string) => {
    if (member.state !== "NotStarted" && member.state !== "Pending") return;
    member.state = "Skipped";
    member.skippedBy = "user";
    member.message = message;
  };
  for (const target of targets) {
    switch (target.type) {
      case "Member": {
        const member = findMember(run, target.name);
        if (!member)
          return refuse(
            "RUN-12",
            "refused",
            `RUN-12: run ${run.name} has no member ${target.name}`,
          );
        if (member.state !== "NotStarted" && member.state !== "Pending") {
          return refuse(
            "RUN-12",
            "conflict",
            `RUN-12: member ${target.name} is ${member.state}; only a NotStarted or Pending member can be skipped`,
          );
        }
        apply.push(() => userSkip(member, "RUN-12: skipped by the user"));
        break;
      }
      case "Group": {
        const group = run.stages.flatMap((s) => s.groups).find((g) => g.name === target.name);
        if (!group)
          return refuse("RUN-12", "refused", `RUN-12: run ${run.name} has no group ${target.name}`);
        if (isTerminalState(group.state)) {
          return refuse("RUN-12", "conflict", `RUN-12: group ${target.name} is ${group.state}`);
        }
        const running = runningIn([group]);
        if (running)
          return refuse(
            "RUN-12",
            "conflict",
            `RUN-12: member ${running} of group ${target.name} is being upgraded; skip the rest once it ends`,
          );
        apply.push(() => {
          group.userSkipped = true;
          for (const m of group.members)
            userSkip(m, `RUN-12: group ${group.name} skipped by the user`);
        });
        break;
      }
      case "Stage": {
        const stage = run.stages.find((s) => s.name === target.name);
        if (!stage)
          return refuse("RUN-12", "refused", `RUN-12: run ${run.name} has no stage ${target.name}`);
        if (isTerminalState(stage.state) || stage.done) {
          return refuse("RUN-12", "conflict", `RUN-12: stage ${target.name} is ${stage.state}`);
        }
        const running = runningIn(stage.groups);
        if (running)
          return refuse(
            "RUN-12",
            "conflict",
            `RUN-12: member ${running} of stage ${target.name} is being upgraded; skip the rest once it ends`,
          );
        apply.push(() => {
          stage.userSkipped = true;
          for (const group of stage.groups) {
            if (isTerminalState(group.state)) continue;
            group.userSkipped = true;
            for (const m of group.members)
              userSkip(m, `RUN-12: stage ${stage.name} skipped by the user`);
          }
        });
        break;
      }
      default:
        return target.type satisfies never;
    }
  }
  for (const change of apply) change();
  return ok(
    decision(run, now, [`RUN-12: skipped ${targets.map((t) => `${t.type} ${t.name}`).join(", ")}`]),
  );
}

/**
 * EXT-4: a Failed or Stopped run tries again its Failed members and those the system
 * skipped (not those the user skipped, nor those whose cluster left the fleet, EXT-8),
 * with the same resolved goal: each keeps the node images its first attempt resolved.
 * Stages holding a retried member are no longer done; gates already through stay so.
 */
function retry(run: UpdateRun, now: Instant): Result<UpdateRunDecision> {
  if (run.state !== "Failed" && run.state !== "Stopped") {
    return refuse(
      "EXT-4",
      "conflict",
      `EXT-4: run ${run.name} is ${run.state}; only a Failed or Stopped run is retried`,
    );
  }
  // A Stopped run starts again too: what its untracked upgrades did shows first (RUN-10).
  const notes: string[] = [];
  const checks: CheckHealthIntent[] = [];
  for (const member of allMembers(run)) {
    if (member.state === "Stopped") retrack(run, member, notes, checks);
  }
  const retried: string[] = [];
  for (const stage of run.stages) {
    for (const group of stage.groups) {
      if (group.userSkipped || stage.userSkipped) continue;
      for (const member of group.members) {
        const again =
          member.state === "Failed" ||
          (member.state === "Skipped" && member.skippedBy === "system");
        if (!again) continue;
        // Its images stay: readiness starts it again with them (the same resolved goal).
        member.state = "NotStarted";
        for (const field of [
          "message",
          "skippedBy",
          "startedAt",
          "endedAt",
          "operationId",
          "untracked",
          "healthCheck",
        ] as const) {
          delete member[field];
        }
        retried.push(member.cluster);
        stage.done = false;
        delete stage.afterStageWaitEndsAt;
      }
    }
  }
  if (retried.length === 0) {
    return refuse(
      "EXT-4",
      "conflict",
      `EXT-4: run ${run.name} has no Failed or system-Skipped member to retry`,
    );
  }
  delete run.failure;
  delete run.endedAt;
  run.stopped = false;
  notes.push(`EXT-4: retrying ${retried.length} member(s): ${retried.join(", ")}`);
  return ok(decision(run, now, notes, checks));
}

/**
 * EXT-1: a person approves a Pending Approval gate; it is Completed for good (approving
 * it again changes nothing). A gate not yet reached, skipped, or that opens on its own
 * schedule is refused.
 */
function approve(
  run: UpdateRun,
  event: Extract<UpdateRunEvent, { type: "APPROVE" }>,
  now: Instant,
): Result<UpdateRunDecision> {
  const gate = allGates(run.stages).find((g) => g.gate.id === event.gate)?.gate;
  if (gate === undefined) {
    return refuse("EXT-1", "missing", `EXT-1: run ${run.name} has no gate ${event.gate}`);
  }
  if (gate.type !== "Approval") {
    return refuse(
      "EXT-1",
      "conflict",
      `EXT-1: gate ${gate.id} is a ScheduledStart gate; it opens on its own${gate.dueAt === undefined ? "" : ` at ${new Date(gate.dueAt).toISOString()}`}`,
    );
  }
  if (gate.state === "Completed") {
    return ok(decision(run, now, [`EXT-1: gate ${gate.id} was already approved`]));
  }
  if (gate.state !== "Pending") {
    return refuse(
      "EXT-1",
      "conflict",
      `EXT-1: gate ${gate.id} is ${gate.state}; only a Pending gate can be approved`,
    );
  }
  const starter = gate.separateApprover ? startedByApprover(run, event.by) : undefined;
  if (starter !== undefined) {
    return refuse(
      "EXT-1",
      "refused",
      `EXT-1: gate ${gate.id} needs an approver other than the tokens that started run ${run.name} (SEC-11 separateApprover); ${starter} started it`,
    );
  }
  gate.state = "Completed";
  gate.completedAt = now;
  if (event.by !== undefined) {
    gate.approvedBy = event.by.name;
    if (event.by.tokenId !== undefined) gate.approvedByToken = event.by.tokenId;
  }
  return ok(
    decision(run, now, [
      `EXT-1: gate ${gate.id} approved${event.by === undefined ? "" : ` by ${event.by.name}`}`,
    ]),
  );
}

/** SEC-11: each token once, however often it starts the run again. */
function rememberStarter(run: UpdateRun, by: RunActor | undefined): void {
  if (by === undefined) return;
  const known = run.startedBy ?? [];
  const same = (a: RunActor) => a.tokenId === by.tokenId && a.name === by.name;
  if (!known.some(same)) run.startedBy = [...known, by];
}

/**
 * SEC-11: the name of the starter the approver is, if it is one, matched by token id (a
 * token re-created under a starter's name is another token). An approver without an id
 * cannot prove it is someone else, so it counts as a starter.
 */
function startedByApprover(run: UpdateRun, by: RunActor | undefined): string | undefined {
  if (by?.tokenId === undefined) return by?.name ?? "an unknown token";
  return run.startedBy?.find((starter) => starter.tokenId === by.tokenId)?.name;
}

/**
 * A member's end, tracked: an upgrade that ended well completes the member, or first
 * runs its scope's health check (EXT-7); a failed one fails it (RUN-11).
 */
function endMember(
  run: UpdateRun,
  member: RunMember,
  event: Extract<UpdateRunEvent, { type: "MEMBER_ENDED" }>,
  checks: CheckHealthIntent[],
): string {
  if (!event.succeeded)
    return failMember(run, member, event.message ?? "its upgrade failed", event.at);
  // EXT-7: its group's check, else its stage's.
  const place = placeOf(run, member.cluster);
  const check = place && (place.group.healthCheck ?? place.stage.healthCheck);
  if (check !== undefined) {
    checks.push(beginHealthCheck(member, check, event.at));
    return `EXT-7: ${member.cluster}'s upgrade ended; checking its health`;
  }
  member.endedAt = event.at;
  member.state = "Completed";
  delete member.message;
  return `${member.cluster} completed`;
}

/** A member failed: RUN-11 stops the run unless its scopes' budgets hold it (EXT-3). */
function failMember(run: UpdateRun, member: RunMember, message: string, at: Instant): string {
  member.endedAt = at;
  member.state = "Failed";
  member.message = message;
  if (!failureStopsRun(run, member.cluster)) {
    return `EXT-3: ${member.cluster} failed, within its group's and stage's failure budget; the run goes on`;
  }
  run.failure ??= `RUN-11: member ${member.cluster} failed: ${member.message}; no further member is attempted`;
  return `RUN-11: ${member.cluster} failed; the run stops progressing`;
}

/** RUN-10: what a member's upgrade did while the run is stopped is kept, not shown. */
function holdUntracked(
  run: UpdateRun,
  member: RunMember,
  event: UntrackedEnd,
  now: Instant,
): Result<UpdateRunDecision> {
  member.untracked ??= event;
  return ok(decision(run, now, [`RUN-10: ${member.cluster}'s upgrade ended untracked`]));
}

function memberEnded(
  run: UpdateRun,
  event: Extract<UpdateRunEvent, { type: "MEMBER_ENDED" }>,
  now: Instant,
): Result<UpdateRunDecision> {
  const member = findMember(run, event.cluster);
  if (member?.state === "Stopped") return holdUntracked(run, member, event, now);
  if (member?.state !== "Running" || awaitingHealth(member)) {
    return ok(decision(run, now, [`end of ${event.cluster} ignored: not running`]));
  }
  const checks: CheckHealthIntent[] = [];
  return ok(decision(run, now, [endMember(run, member, event, checks)], checks));
}

/** EXT-7: the check's answer completes or fails the member; RUN-11 and EXT-3 follow. */
function answerHealth(
  run: UpdateRun,
  member: RunMember,
  event: Extract<UpdateRunEvent, { type: "HEALTH_CHECKED" }>,
): string {
  const answer = recordHealthAnswer(member, event);
  if (!answer.passed) return failMember(run, member, answer.message, event.at);
  member.endedAt = event.at;
  member.state = "Completed";
  delete member.message;
  return `EXT-7: ${member.cluster}'s health check passed; completed`;
}

function healthChecked(
  run: UpdateRun,
  event: Extract<UpdateRunEvent, { type: "HEALTH_CHECKED" }>,
  now: Instant,
): Result<UpdateRunDecision> {
  const member = findMember(run, event.cluster);
  const current =
    member !== undefined &&
    awaitingHealth(member) &&
    (event.requestedAt === undefined || event.requestedAt === member.healthCheck!.requestedAt);
  if (!current || !underWay(member)) {
    return ok(
      decision(run, now, [`EXT-7: health answer for ${event.cluster} ignored: no check runs`]),
    );
  }
  if (member.state === "Stopped") return holdUntracked(run, member, event, now);
  return ok(decision(run, now, [answerHealth(run, member, event)]));
}

/**
 * A start the fleet refused: RUN-9 when the member's facts, read again after the refusal,
 * show it already there (upgraded by hand since the run decided to start it), so it is
 * Skipped and the group moves on; anything else fails it (RUN-11).
 */
function refuseStart(
  run: UpdateRun,
  member: RunMember,
  event: Extract<UpdateRunEvent, { type: "MEMBER_START_REFUSED" }>,
  notes: string[],
): void {
  const images = {
    ...(member.nodeImage === undefined ? {} : { nodeImage: member.nodeImage }),
    ...(member.nodeImages === undefined ? {} : { nodeImages: member.nodeImages }),
  };
  const done = alreadyThere(run.goal, member.facts, images);
  if (done === undefined) {
    notes.push(failMember(run, member, event.message, event.at));
    return;
  }
  member.state = "Skipped";
  member.skippedBy = "system";
  member.message = done;
  delete member.startedAt;
  delete member.nodeImage;
  delete member.nodeImages;
  notes.push(`${member.cluster}: ${done} when its start arrived`);
}

function startRefused(
  run: UpdateRun,
  event: Extract<UpdateRunEvent, { type: "MEMBER_START_REFUSED" }>,
  now: Instant,
): Result<UpdateRunDecision> {
  const member = findMember(run, event.cluster);
  if (member === undefined || !underWay(member) || member.operationId !== undefined) {
    return ok(decision(run, now, [`refused start of ${event.cluster} ignored: not starting`]));
  }
  if (member.state === "Stopped") return holdUntracked(run, member, event, now);
  const notes: string[] = [];
  refuseStart(run, member, event, notes);
  return ok(decision(run, now, notes));
}

/**
 * The update-run machine (SPEC RUN): START, STOP, SKIP, TICK (with the fleet's current
 * members, EXT-8) and member answers in; the next status tree, `intents` (START_MEMBER)
 * for the host and the wake-up out. Refusals (409 wrong state, 422 unknown target) leave
 * the input untouched.
 *
 * @example
 * const d = decideUpdateRun(run, { type: "START", at: now }, now);
 * if (d.ok) for (const intent of d.value.intents) startMember(intent);
 */
export function decideUpdateRun(
  state: UpdateRun,
  event: UpdateRunEvent,
  now: Instant,
): Result<UpdateRunDecision> {
  return decideOn(cloneRun(state), event, now);
}

/** What a run hears from its members' fleets: never refused, only ignored when stale. */
export type MemberEvent = Extract<
  UpdateRunEvent,
  { type: "MEMBER_STARTED" | "MEMBER_ENDED" | "MEMBER_START_REFUSED" | "HEALTH_CHECKED" }
>;

/**
 * {@link decideUpdateRun} for a member's event on a run the caller owns: the run is
 * changed in place and is the decision's state, so that a host taking thousands of
 * member answers in one transaction copies its run once, not once per answer.
 *
 * @example const d = decideMemberEvent(ownCopy, { type: "MEMBER_ENDED", cluster: "c1", succeeded: true, at: now }, now); // d.state === ownCopy
 */
export function decideMemberEvent(
  run: UpdateRun,
  event: MemberEvent,
  now: Instant,
): UpdateRunDecision {
  const decided = decideOn(run, event, now);
  // Member events are answered, never refused (a stale one is ignored with a note).
  if (!decided.ok) throw new Error(`update run: ${event.type} refused: ${decided.error.detail}`);
  return decided.value;
}

function decideOn(run: UpdateRun, event: UpdateRunEvent, now: Instant): Result<UpdateRunDecision> {
  switch (event.type) {
    case "START":
      return start(run, event, now);
    case "STOP":
      return stop(run, now);
    case "SKIP":
      return skip(run, event.targets, now);
    case "TICK": {
      if (event.availability !== undefined) run.availability = event.availability;
      const notes: string[] = [];
      if (event.membership !== undefined) applyMembership(run, event.membership, now, notes);
      return ok(decision(run, now, notes));
    }
    case "MEMBER_STARTED": {
      const member = findMember(run, event.cluster);
      if (member === undefined || !underWay(member) || member.operationId !== undefined) {
        return ok(decision(run, now, [`start of ${event.cluster} ignored`]));
      }
      member.operationId = event.operationId;
      if (member.state === "Stopped") member.message = untrackedMessage(member);
      return ok(decision(run, now, []));
    }
    case "APPROVE":
      return approve(run, event, now);
    case "RETRY":
      return retry(run, now);
    case "MEMBER_ENDED":
      return memberEnded(run, event, now);
    case "MEMBER_START_REFUSED":
      return startRefused(run, event, now);
    case "HEALTH_CHECKED":
      return healthChecked(run, event, now);
    default:
      return event satisfies never;
  }
}
