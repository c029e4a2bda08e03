import type { Instant } from "../time/instant.ts";
import {
  currentStageIndex,
  deriveStageStates,
  deriveStates,
  isHalted,
  isTerminalState,
} from "./aggregate.ts";
import { DEFAULT_GROUP_CONCURRENCY, DEFAULT_STAGE_CONCURRENCY } from "./budgets.ts";
import { passGates } from "./gates.ts";
import { membersInTryOrder } from "./order.ts";
import { readiness } from "./readiness.ts";
import type { HealthCheckSpec, RunGroup, StartMemberIntent, UpdateRun } from "./types.ts";

function earliest(a: Instant | undefined, b: Instant | undefined): Instant | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  return Math.min(a, b);
}

/**
 * EXT-1: once every member of a group has ended, its after gates open (a group whose
 * members were all skipped is Skipped, its gates with it).
 */
function afterGates(group: RunGroup, now: Instant): Instant | undefined {
  const members = group.members;
  if (members.length === 0 || !members.every((m) => isTerminalState(m.state))) return undefined;
  if (members.every((m) => m.state === "Skipped")) return undefined;
  return passGates(group.gates, "After", now).wakeAt;
}

/** Members of the group whose upgrade is in flight. */
function inFlight(group: RunGroup): number {
  let running = 0;
  for (const member of group.members) if (member.state === "Running") running += 1;
  return running;
}

/**
 * RUN-3, RUN-7 and EXT-2 for one group: while fewer than its `maxConcurrency` members
 * run (one by default) and its stage has room (`slots`), members are tried in window
 * order; a system skip or a Pending member (RUN-8) moves on to the next one, the first
 * that may start starts. Returns when the group next wants to look again.
 */
function progressGroup(
  run: UpdateRun,
  group: RunGroup,
  now: Instant,
  intents: StartMemberIntent[],
  slots: { left: number },
  stageCheck: HealthCheckSpec | undefined,
): Instant | undefined {
  if (group.userSkipped) return undefined;
  // EXT-7: the fleet checks blue-green pools of the member during their soak too.
  const healthCheck = group.healthCheck ?? stageCheck;
  // EXT-1: a group's gates before it hold its members; those after it hold its end.
  const before = passGates(group.gates, "Before", now);
  if (!before.open) return before.wakeAt;
  let free = (group.maxConcurrency ?? DEFAULT_GROUP_CONCURRENCY) - inFlight(group);
  if (free <= 0 || slots.left <= 0) return afterGates(group, now);
  const candidates = group.members.filter((m) => m.state === "NotStarted" || m.state === "Pending");
  let wake: Instant | undefined;
  for (const member of membersInTryOrder(candidates, now)) {
    if (free <= 0 || slots.left <= 0) break;
    const ready = readiness(run, member, now);
    switch (ready.kind) {
      case "skip":
        member.state = "Skipped";
        member.skippedBy = "system";
        member.message = ready.message;
        continue;
      case "pending":
        member.state = "Pending";
        member.message = ready.message;
        wake = earliest(wake, ready.retryAt);
        continue;
      case "start": {
        member.state = "Running";
        member.startedAt = now;
        delete member.message;
        const intent: StartMemberIntent = {
          type: "START_MEMBER",
          cluster: member.cluster,
          upgrade: run.goal.type,
        };
        if (run.goal.type !== "NodeImageOnly" && run.goal.kubernetesVersion !== undefined) {
          intent.kubernetesVersion = run.goal.kubernetesVersion;
        }
        const { nodeImage, nodeImages } = ready.images;
        if (nodeImage !== undefined) {
          member.nodeImage = nodeImage;
          intent.nodeImage = nodeImage;
        }
        if (nodeImages !== undefined) {
          member.nodeImages = nodeImages;
          intent.nodeImages = nodeImages;
        }
        if (healthCheck !== undefined) intent.healthCheck = healthCheck;
        intents.push(intent);
        free -= 1;
        slots.left -= 1;
        continue;
      }
      default:
        return ready satisfies never;
    }
  }
  return earliest(wake, afterGates(group, now));
}

/**
 * One pass over the run: the current stage's groups progress in parallel (RUN-3); when
 * every group is terminal the stage waits `afterStageWaitSeconds` (RUN-2) and the next
 * stage starts; a Pending group holds the stage (RUN-8); a failure stops everything
 * (RUN-11). States are re-derived from the members at the end. Returns the wake-up.
 */
export function runPass(
  run: UpdateRun,
  now: Instant,
  intents: StartMemberIntent[],
  notes: string[],
): Instant | undefined {
  let wake: Instant | undefined;
  if (run.startedAt !== undefined && !isHalted(run)) {
    for (let index = currentStageIndex(run); index < run.stages.length; index++) {
      const stage = run.stages[index]!;
      if (!stage.userSkipped) {
        const before = passGates(stage.gates, "Before", now);
        if (!before.open) {
          wake = earliest(wake, before.wakeAt);
          break;
        }
        // EXT-2: the stage's maxConcurrency caps the members in flight over all its groups.
        const running = stage.groups.reduce((sum, g) => sum + inFlight(g), 0);
        const slots = { left: (stage.maxConcurrency ?? DEFAULT_STAGE_CONCURRENCY) - running };
        for (const group of stage.groups)
          wake = earliest(wake, progressGroup(run, group, now, intents, slots, stage.healthCheck));
      }
      // This stage's states now; the rest of the run is derived once, after the pass.
      deriveStageStates(run, index, index + 1, now);
      if (stage.state === "Failed") break;
      const settled = stage.userSkipped || stage.groups.every((g) => isTerminalState(g.state));
      if (!settled) break;
      // RUN-2 and EXT-1: the wait after the stage and its after gates run together; the
      // next stage starts when both are done.
      let held = false;
      const wait = stage.afterStageWaitSeconds ?? 0;
      if (wait > 0 && stage.state !== "Skipped") {
        stage.afterStageWaitEndsAt ??= now + wait * 1000;
        if (now < stage.afterStageWaitEndsAt) {
          wake = earliest(wake, stage.afterStageWaitEndsAt);
          held = true;
        }
      }
      if (stage.state !== "Skipped") {
        const after = passGates(stage.gates, "After", now);
        if (!after.open) {
          wake = earliest(wake, after.wakeAt);
          held = true;
        }
      }
      if (held) break;
      // The next stage is looked at with the stages after this one as they are before
      // this one is done (one whose groups were all skipped has its gates skipped).
      deriveStageStates(run, index + 1, run.stages.length, now);
      stage.done = true;
      notes.push(`stage ${stage.name} done`);
    }
  }
  deriveStates(run, now);
  return isTerminalState(run.state) ? undefined : wake;
}
