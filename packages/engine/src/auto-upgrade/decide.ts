import { isTerminalState } from "../update-run/aggregate.ts";
import type { MemberFacts } from "../update-run/types.ts";
import { compareVersions } from "../version/compare.ts";
import { formatVersion, type Version } from "../version/version.ts";
import { newerImages } from "./node-images.ts";
import { channelTarget, memberStep, publishedVersions } from "./target.ts";
import type { ProfileDecision, ProfileFacts, ProfileGoal } from "./types.ts";

type GoalOrReason = { kind: "GOAL"; goal: ProfileGoal } | { kind: "NONE"; reason: string };

/** The members a generated run may hold: clusters whose `updateGroup` is one of the strategy's. */
function inScope(facts: ProfileFacts): MemberFacts[] {
  const groups = new Set(facts.strategy?.stages.flatMap((s) => s.groups.map((g) => g.name)));
  return facts.candidates
    .filter((c) => c.updateGroup !== undefined && groups.has(c.updateGroup))
    .map((c) => c.facts);
}

/**
 * EXT-5 for Stable, Rapid and TargetKubernetesVersion: a Full run to the lowest next step
 * any member needs. Members one minor or less behind go straight to the target; members
 * further behind first take the latest patch of their next minor — and go first, so the
 * laggards join the others and the fleet reaches the target together in fewer runs.
 */
function versionGoal(facts: ProfileFacts, members: readonly MemberFacts[]): GoalOrReason {
  const target = channelTarget(facts.profile, facts.catalogue);
  if (target.kind === "NONE") return target;
  const newest = publishedVersions(facts.catalogue);
  const stuck: string[] = [];
  let lowest: Version | undefined;
  const steps = new Map<string, Version>();
  for (const member of members) {
    const step = memberStep(member.cluster, member.version, target.version, newest);
    if (step.kind === "STUCK") stuck.push(step.reason);
    if (step.kind !== "STEP") continue;
    steps.set(member.cluster, step.version);
    if (lowest === undefined || compareVersions(step.version, lowest) < 0) lowest = step.version;
  }
  const wanted = formatVersion(target.version);
  if (lowest === undefined) {
    if (stuck.length > 0) return { kind: "NONE", reason: stuck.join("; ") };
    return { kind: "NONE", reason: `EXT-5: every member already runs ${wanted} or newer` };
  }
  const version = formatVersion(lowest);
  const chosen = [...steps].filter(([, v]) => formatVersion(v) === version).map(([c]) => c);
  return {
    kind: "GOAL",
    goal: {
      goal: {
        type: "Full",
        kubernetesVersion: version,
        nodeImageSelection: facts.profile.nodeImageSelection,
      },
      key: `Full:${version}`,
      members: chosen,
    },
  };
}

/** EXT-5 NodeImage: a NodeImageOnly run for the members with a newer image published. */
function imageGoal(facts: ProfileFacts, members: readonly MemberFacts[]): GoalOrReason {
  const newer = newerImages(facts.availability, members, facts.profile.nodeImageSelection);
  if (newer.size === 0) {
    return {
      kind: "NONE",
      reason: "EXT-5: no member has a newer node image published in its region",
    };
  }
  const images = [...new Set([...newer.values()].flat())].sort();
  return {
    kind: "GOAL",
    goal: {
      goal: { type: "NodeImageOnly", nodeImageSelection: facts.profile.nodeImageSelection },
      key: `NodeImageOnly:${images.join("+")}`,
      members: members.filter((m) => newer.has(m.cluster)).map((m) => m.cluster),
    },
  };
}

/**
 * EXT-5: whether a profile generates an update run now, and for what. A disabled profile
 * generates nothing; while its last generated run is not terminal (RUN-8: NotStarted,
 * Running, Pending, Stopping, or Stopped awaiting its user) nothing new is generated — a
 * NotStarted one is started instead; a goal whose run ended Failed or Skipped is not
 * generated again by itself (a newer target is). Every hold says why, led by its rule
 * (EXT-9).
 *
 * @example decideAutoUpgradeProfile({ profile: { channel: "Stable", … }, catalogue: ["1.17.9", "1.18.4", "1.18.6", "1.19.1"], candidates: [member on 1.17.7], … })
 * // { kind: "GENERATE", goal: { type: "Full", kubernetesVersion: "1.18.6", … }, key: "Full:1.18.6", members: […] }
 */
export function decideAutoUpgradeProfile(facts: ProfileFacts): ProfileDecision {
  const { profile, lastRun } = facts;
  if (profile.disabled) return { kind: "HOLD", reason: "EXT-5: the profile is disabled" };
  // A run another reconcile is creating (`Creating`) holds like a running one.
  if (lastRun !== undefined && lastRun.state !== "Gone" && !isTerminalState(lastRun.state)) {
    if (lastRun.state === "NotStarted") return { kind: "START", run: lastRun.name };
    return {
      kind: "HOLD",
      reason: `EXT-5: generated run ${lastRun.name} is ${lastRun.state}; one generated run per profile at a time`,
    };
  }
  if (facts.strategy === undefined) {
    return {
      kind: "HOLD",
      reason: `EXT-5: update strategy ${profile.strategy} does not exist in the fleet`,
    };
  }
  const members = inScope(facts);
  if (members.length === 0) {
    return {
      kind: "HOLD",
      reason: `EXT-5: no cluster of the fleet is in a group of update strategy ${profile.strategy}`,
    };
  }
  const found =
    profile.channel === "NodeImage" ? imageGoal(facts, members) : versionGoal(facts, members);
  if (found.kind === "NONE") return { kind: "HOLD", reason: found.reason };
  const { goal } = found;
  if (
    lastRun?.goalKey === goal.key &&
    (lastRun.state === "Failed" || lastRun.state === "Skipped")
  ) {
    return {
      kind: "HOLD",
      reason: `EXT-5: generated run ${lastRun.name} for ${goal.key} ended ${lastRun.state}; the profile waits for a newer target`,
    };
  }
  return { kind: "GENERATE", ...goal };
}
