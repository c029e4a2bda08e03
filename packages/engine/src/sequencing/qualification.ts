import type { Channel } from "../channel/channel.ts";
import type { Instant } from "../time/instant.ts";
import type {
  GroupFacts,
  GroupState,
  GroupUpgrade,
  QualificationMessage,
  SequencedUpgradeType,
} from "./types.ts";

/** Whether a downstream group's upgrade may go: since when, or what holds it. */
export type UpstreamGate =
  | { open: true; since: Instant | undefined }
  | { open: false; state: "PENDING" | "INELIGIBLE"; reason: string };

function phaseRule(type: SequencedUpgradeType): "SEQ-5" | "SEQ-6" {
  return type === "CONTROL_PLANE" ? "SEQ-5" : "SEQ-6";
}

function phaseName(type: SequencedUpgradeType): string {
  return type === "CONTROL_PLANE" ? "control-plane" : "node";
}

/**
 * The rollout of one version of one type (SEQ-20 pauses it; the API's rollout id).
 *
 * @example rolloutKey("CONTROL_PLANE", "1.21.14-gke.4300") // "control-plane-1.21.14-gke.4300"
 */
export function rolloutKey(type: SequencedUpgradeType, version: string): string {
  return `${type === "CONTROL_PLANE" ? "control-plane" : "node"}-${version}`;
}

/**
 * What lets an upgrade of the group go now: a user's pause holds it (SEQ-20), else its
 * turn already came, else the upstream decides (SEQ-8).
 */
export function upgradeGate(
  state: GroupState,
  facts: GroupFacts,
  upgrade: Pick<GroupUpgrade, "type" | "version" | "startedAt">,
  now: Instant,
): UpstreamGate {
  if (facts.paused?.includes(rolloutKey(upgrade.type, upgrade.version)) === true) {
    return {
      open: false,
      state: "PENDING",
      reason: `SEQ-20: the ${phaseName(upgrade.type)} rollout of ${upgrade.version} is paused; upgrades already running finish, nothing new starts until it is resumed`,
    };
  }
  return upgrade.startedAt === undefined
    ? upstreamGate(state, facts, upgrade.type, upgrade.version, now)
    : { open: true, since: upgrade.startedAt };
}

/**
 * SEQ-8: the first group takes every eligible target at once; a downstream group's
 * upgrade to `version` goes only once its upstream qualified exactly that version and
 * soaked it. A qualification, once heard, stays: an upstream that moves on to a newer
 * target does not take back what it qualified (SEQ-12).
 *
 * @example upstreamGate(state, facts, "CONTROL_PLANE", "1.23.8-gke.1900", now)
 * // {open: false, state: "INELIGIBLE", reason: "SEQ-8: upstream testing qualified 1.21.14-gke.4300, target is 1.23.8-gke.1900"}
 */
export function upstreamGate(
  state: GroupState,
  facts: GroupFacts,
  type: SequencedUpgradeType,
  version: string,
  now: Instant,
): UpstreamGate {
  const upstream = facts.upstream;
  if (upstream === undefined) return { open: true, since: undefined };
  const knowledge = state.upstream[type];
  const qualifiedAt = Object.hasOwn(knowledge.qualified, version)
    ? knowledge.qualified[version]
    : undefined;
  if (qualifiedAt !== undefined && qualifiedAt <= now) return { open: true, since: qualifiedAt };
  if (facts.upstreamMissing === true) {
    return {
      open: false,
      state: "PENDING",
      reason: `SEQ-1: upstream ${upstream} has no rollout configuration (removed from the sequence); ${facts.group} waits until ${upstream} is configured again or it names another upstream`,
    };
  }
  const latest = knowledge.latest;
  const waiting = {
    open: false as const,
    state: "PENDING" as const,
    reason: `${phaseRule(type)}: waiting for upstream ${upstream} to qualify ${version} and finish its ${phaseName(type)} soak`,
  };
  if (latest === undefined || Object.hasOwn(knowledge.started, version)) return waiting;
  switch (latest.outcome) {
    case "QUALIFIED":
      if (latest.version === version) return waiting;
      return {
        open: false,
        state: "INELIGIBLE",
        reason: `SEQ-8: upstream ${upstream} qualified ${latest.version}, target is ${version}`,
      };
    case "CLASH":
      return {
        open: false,
        state: "INELIGIBLE",
        reason: `SEQ-8: upstream ${upstream} qualified no single version (${latest.versions.join(" and ")} clash), target is ${version}`,
      };
    case "EMPTY":
      return {
        open: false,
        state: "PENDING",
        reason: `SEQ-9: upstream ${upstream} has no clusters and no upstream, so it cannot qualify ${version}`,
      };
    case "STARTED":
      return waiting;
    default:
      return latest satisfies never;
  }
}

/** The clusters a pass counts as the group's own: present and not held out (SEQ-3/4). */
export type ActiveClusters = ReadonlySet<string>;

/**
 * SEQ-8/SEQ-9: what the group qualifies for `type` now, for its downstream. Each active
 * cluster counts with its latest upgrade of the type; when all those upgrades finished
 * their soak and share one version, that version is qualified (clusters from different
 * minors with one target qualify together); several versions are a clash. A group with
 * no clusters passes on what it heard (SEQ-9), or, with no upstream, says it is empty.
 */
export function groupQualification(
  state: GroupState,
  facts: GroupFacts,
  type: SequencedUpgradeType,
  active: ActiveClusters,
  channel: Channel | undefined,
): QualificationMessage | undefined {
  if (facts.clusters.length === 0) {
    if (facts.upstream === undefined) return { outcome: "EMPTY", type };
    const heard = state.upstream[type].latest;
    return heard?.outcome === "STARTED" ? undefined : heard;
  }
  const latest = new Map<string, GroupUpgrade>();
  for (const upgrade of state.upgrades) {
    if (upgrade.type !== type) continue;
    for (const cluster of Object.keys(upgrade.members)) {
      if (active.has(cluster)) latest.set(cluster, upgrade);
    }
  }
  if (latest.size === 0) return undefined;
  const upgrades = new Set(latest.values());
  let soakEndedAt = 0;
  for (const upgrade of upgrades) {
    if (upgrade.completedAt === undefined) return undefined;
    soakEndedAt = Math.max(soakEndedAt, upgrade.completedAt);
  }
  const versions = [...new Set([...upgrades].map((upgrade) => upgrade.version))].sort();
  const [only] = versions;
  if (versions.length === 1 && only !== undefined) {
    return { outcome: "QUALIFIED", type, version: only, soakEndedAt, channel };
  }
  return { outcome: "CLASH", type, versions, channel };
}

/** A stable key of a message, so the same word is sent downstream once. */
export function messageKey(message: QualificationMessage): string {
  switch (message.outcome) {
    case "QUALIFIED":
    case "STARTED":
      return `${message.outcome}:${message.version}`;
    case "CLASH":
      return `CLASH:${message.versions.join(",")}`;
    case "EMPTY":
      return "EMPTY";
    default:
      return message satisfies never;
  }
}
