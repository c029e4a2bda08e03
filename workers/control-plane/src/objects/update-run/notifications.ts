import { allGates, type RunGate, type UpdateRun, type UpdateRunState } from "@regatta/engine";
import type { NotificationEvent } from "@regatta/protocol";
import type { Tx } from "../../runtime/types.ts";
import { notificationsCapability, sendDueNotifications } from "../notifications/capability.ts";
import { recordNotification } from "../notifications/record.ts";
import type { RunCapability, RunContext } from "./context.ts";

/**
 * The run's notifications (`updaterun.*`), read off each saved decision against the
 * run as it was, in the same transaction: the run's own state changes, and each member
 * that failed, and each gate that became Pending (EXT-1: a person may have to approve it).
 */

/**
 * Run states whose arrival is an event: every run that ends sends exactly one terminal
 * event. A run whose members were all skipped ended without failing: it completed, and
 * its `state` says Skipped.
 */
const ARRIVALS: Partial<Record<UpdateRunState, NotificationEvent>> = {
  Completed: "updaterun.completed",
  Skipped: "updaterun.completed",
  Failed: "updaterun.failed",
  Stopped: "updaterun.stopped",
};

/** Not under way: never started, stopped, or stopping after a user's stop. */
const idle = (run: UpdateRun) =>
  run.state === "NotStarted" ||
  run.state === "Stopped" ||
  (run.state === "Stopping" && run.stopped);

/** A run that was not under way and now is. */
const started = (before: UpdateRun, after: UpdateRun) => idle(before) && !idle(after);

/** Records what changed between `before` and `after` (one decision). */
export function notifyRunChanges(tx: Tx, before: UpdateRun, after: UpdateRun): void {
  const fleet = after.fleet;
  const subject = `fleets/${fleet}/update-runs/${after.name}`;
  const data = { run: after.name, state: after.state };
  if (started(before, after)) {
    recordNotification(tx, { event: "updaterun.started", fleet, subject, data });
  }
  for (const member of failedMembers(before, after)) {
    recordNotification(tx, {
      event: "updaterun.member.failed",
      fleet,
      // The member's own end, not when the run took it (ends arrive in batches).
      ...(member.endedAt === undefined ? {} : { time: member.endedAt }),
      subject: `${subject}/members/${member.cluster}`,
      data: {
        run: after.name,
        stage: member.stage,
        group: member.group,
        cluster: member.cluster,
        ...(member.message === undefined ? {} : { message: member.message }),
      },
    });
  }
  for (const gate of pendingGates(before, after)) {
    recordNotification(tx, {
      event: "updaterun.gate.pending",
      fleet,
      subject: `${subject}/gates/${gate.id}`,
      data: {
        run: after.name,
        gate: gate.id,
        type: gate.type,
        timing: gate.timing,
        ...(gate.displayName === undefined ? {} : { displayName: gate.displayName }),
      },
    });
  }
  const arrived = before.state === after.state ? undefined : ARRIVALS[after.state];
  if (arrived !== undefined) {
    const message = after.message ?? after.failure;
    recordNotification(tx, {
      event: arrived,
      fleet,
      subject,
      data: message === undefined ? data : { ...data, message },
    });
  }
}

/** EXT-1: gates Pending after the decision that were not before it. */
function pendingGates(before: UpdateRun, after: UpdateRun): RunGate[] {
  const was = new Set(
    allGates(before.stages)
      .filter(({ gate }) => gate.state === "Pending")
      .map(({ gate }) => gate.id),
  );
  return allGates(after.stages)
    .map(({ gate }) => gate)
    .filter((gate) => gate.state === "Pending" && !was.has(gate.id));
}

interface FailedMember {
  stage: string;
  group: string;
  cluster: string;
  message?: string;
  endedAt?: number;
}

/**
 * Members Failed in `after` that were not in `before`. A decision never reshapes the
 * tree, so members are compared place by place: no lookup per member, which matters
 * when every end of a 5,000-member run is a decision.
 */
function failedMembers(before: UpdateRun, after: UpdateRun): FailedMember[] {
  const failed: FailedMember[] = [];
  after.stages.forEach((stage, s) => {
    stage.groups.forEach((group, g) => {
      const was = before.stages[s]?.groups[g]?.members;
      group.members.forEach((m, i) => {
        if (m.state !== "Failed") return;
        const old = was?.[i]?.cluster === m.cluster ? was[i] : undefined;
        if (old?.state === "Failed") return;
        const member: FailedMember = { stage: stage.name, group: group.name, cluster: m.cluster };
        if (m.message !== undefined) member.message = m.message;
        if (m.endedAt !== undefined) member.endedAt = m.endedAt;
        failed.push(member);
      });
    });
  });
  return failed;
}

/** What the run records for subscribers, carried to the notifications queue. */
export const runNotifications: RunCapability = notificationsCapability<RunContext>();

/** After a change made outside an alarm, the run's notifications go out at once. */
export function sendDueRunNotifications(run: RunContext): Promise<void> {
  return sendDueNotifications(run);
}
