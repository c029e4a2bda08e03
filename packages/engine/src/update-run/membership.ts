import type { Instant } from "../time/instant.ts";
import { isTerminalState } from "./aggregate.ts";
import type { FleetMembership, MemberDeparture, RunMember, UpdateRun } from "./types.ts";

function departureMessage(departure: MemberDeparture, wasRunning: boolean): string {
  const how = departure.reason === "deleted" ? "was deleted" : "moved to another fleet";
  const when = wasRunning ? " while it was being upgraded" : "";
  return `EXT-8: cluster ${departure.cluster} ${how}${when}; the run goes on without it`;
}

function membersByCluster(run: UpdateRun): Map<string, RunMember> {
  const members = new Map<string, RunMember>();
  for (const stage of run.stages)
    for (const group of stage.groups) for (const m of group.members) members.set(m.cluster, m);
  return members;
}

/**
 * EXT-8: the fleet's current view of the run's members, applied before the pass. A member
 * whose cluster left the fleet ends Skipped with how it left, a running one too (the fleet
 * ends its upgrade; the run does not fail for it, RUN-11 is not reached). A member still
 * to start takes its facts as they are now, so RUN-6/7/8/9 judge it on them when it is
 * tried. Clusters that are not members stay out; finished members and runs are history.
 *
 * @example applyMembership(run, { present: [], departed: [{ cluster: "c2", reason: "deleted" }] }, now, notes)
 */
export function applyMembership(
  run: UpdateRun,
  membership: FleetMembership,
  now: Instant,
  notes: string[],
): void {
  if (isTerminalState(run.state)) return;
  const members = membersByCluster(run);
  for (const departure of membership.departed) {
    const member = members.get(departure.cluster);
    if (member === undefined || isTerminalState(member.state)) continue;
    // Running, or Stopped: under way while its stopped run does not track it (RUN-10).
    const wasRunning = member.state === "Running" || member.state === "Stopped";
    member.state = "Skipped";
    member.skippedBy = "fleet";
    member.message = departureMessage(departure, wasRunning);
    delete member.untracked;
    if (wasRunning) member.endedAt = now;
    notes.push(member.message);
  }
  for (const facts of membership.present) {
    const member = members.get(facts.cluster);
    if (member === undefined) continue;
    // A member whose start the fleet has not confirmed yet is read again too: a refused
    // start is judged on them (RUN-9).
    const starting =
      (member.state === "Running" || member.state === "Stopped") &&
      member.operationId === undefined;
    if (member.state === "NotStarted" || member.state === "Pending" || starting) {
      member.facts = facts;
    }
  }
}
