import { autoUpgradeTarget } from "../channel/auto-upgrade-target.ts";
import type { Channel } from "../channel/channel.ts";
import { CHANNELS } from "../channel/channel.ts";
import { type EndOfLifeTarget, endOfLifeTarget } from "../channel/end-of-life.ts";
import type { UpgradeKind } from "../maintenance/exclusion.ts";
import { mayStartAutomaticUpgrade } from "../maintenance/may-start.ts";
import type { Instant } from "../time/instant.ts";
import { compareVersions } from "../version/compare.ts";
import { tryParseVersion } from "../version/version.ts";
import type { GroupFacts, SequencedCluster, SequencedUpgradeType, Tracking } from "./types.ts";

/** Where a cluster goes next for one upgrade type, or why nowhere. */
export type ClusterTarget =
  | { none: false; version: string; tracking: Tracking }
  | { none: true; reason: string };

/** A whole-cluster hold: INELIGIBLE (SEQ-3, SEQ-4) or paused (SEQ-11). */
export interface ClusterHold {
  state: "INELIGIBLE" | "PENDING";
  reason: string;
}

/**
 * `a` is at or above `b`; unparseable versions never are, so they never count as done.
 *
 * @example versionAtLeast("1.21.14-gke.4300", "1.21.14-gke.900") // true
 */
export function versionAtLeast(a: string | undefined, b: string): boolean {
  const pa = a === undefined ? undefined : tryParseVersion(a);
  const pb = tryParseVersion(b);
  return pa !== undefined && pb !== undefined && compareVersions(pa, pb) >= 0;
}

/**
 * `a` is below `b`: a pool the node phase still has to upgrade. Unparseable versions
 * never are, so a pool whose version cannot be read is left alone.
 *
 * @example versionBelow("1.21.14-gke.900", "1.21.14-gke.4300") // true
 */
export function versionBelow(a: string, b: string): boolean {
  const pa = tryParseVersion(a);
  const pb = tryParseVersion(b);
  return pa !== undefined && pb !== undefined && compareVersions(pa, pb) < 0;
}

function trackingOf(from: string, to: string): Tracking {
  const a = tryParseVersion(from);
  const b = tryParseVersion(to);
  return a !== undefined && b !== undefined && a.minor === b.minor && a.major === b.major
    ? "PATCH"
    : "MINOR";
}

/**
 * CH-1/CH-2 for the control plane (the channel's entry for its minor; with none, the end
 * of life of its minor, seed 000), SEQ-6 for nodes (the nodes follow their own control
 * plane once it is ahead of them).
 *
 * @example clusterTarget(cluster, facts, "CONTROL_PLANE", now) // {none: false, version: "1.21.14-gke.4300", tracking: "MINOR"} for a 1.20 cluster under 2022-R25
 */
export function clusterTarget(
  cluster: SequencedCluster,
  facts: GroupFacts,
  type: SequencedUpgradeType,
  now: Instant,
): ClusterTarget {
  if (type === "NODE") {
    if (cluster.nodeVersion === undefined) {
      return { none: true, reason: "SEQ-6: the cluster has no node pools" };
    }
    if (versionAtLeast(cluster.nodeVersion, cluster.version)) {
      return { none: true, reason: `SEQ-6: nodes already at ${cluster.nodeVersion}` };
    }
    return {
      none: false,
      version: cluster.version,
      tracking: trackingOf(cluster.nodeVersion, cluster.version),
    };
  }
  const target = autoUpgradeTarget(cluster.version, facts.targets[cluster.channel] ?? {});
  if (!target.none) return { none: false, version: target.target, tracking: target.kind };
  const eol = endOfLifeOf(cluster, facts, now);
  switch (eol.kind) {
    case "NONE":
      return { none: true, reason: target.reason };
    case "LATER":
    case "NOTHING_PUBLISHED":
      return { none: true, reason: `${target.reason}; ${eol.reason}` };
    case "TARGET":
      return { none: false, version: eol.target, tracking: "MINOR" };
    default:
      return eol satisfies never;
  }
}

/** CH-2: where the end of life of its minor leaves the cluster (seed 000). */
function endOfLifeOf(cluster: SequencedCluster, facts: GroupFacts, now: Instant): EndOfLifeTarget {
  return endOfLifeTarget(
    cluster.version,
    facts.endOfLife?.[cluster.channel] ?? {},
    facts.published?.[cluster.channel] ?? [],
    now,
  );
}

/**
 * CH-2: the next end of life, after `now`, of a minor whose clusters have no target:
 * the group looks again then.
 *
 * @example nextEndOfLife(facts, now) // the instant 1.23 reaches end of life, for a group with a 1.23 cluster
 */
export function nextEndOfLife(facts: GroupFacts, now: Instant): Instant | undefined {
  let next: Instant | undefined;
  for (const cluster of facts.clusters) {
    if (!autoUpgradeTarget(cluster.version, facts.targets[cluster.channel] ?? {}).none) continue;
    const eol = endOfLifeOf(cluster, facts, now);
    if (eol.kind === "LATER" && (next === undefined || eol.at < next)) next = eol.at;
  }
  return next;
}

/**
 * SEQ-4: the channel of the sequence — the upstream's when it told us, otherwise the one
 * most of this group's clusters are on (ties go to the faster channel, CH-1 order).
 */
export function sequenceChannel(
  facts: GroupFacts,
  upstreamChannel: Channel | undefined,
): Channel | undefined {
  if (upstreamChannel !== undefined) return upstreamChannel;
  let best: Channel | undefined;
  let bestCount = 0;
  for (const channel of CHANNELS) {
    const count = facts.clusters.filter((cluster) => cluster.channel === channel).length;
    if (count > bestCount) {
      best = channel;
      bestCount = count;
    }
  }
  return best;
}

/**
 * SEQ-3, SEQ-4, SEQ-11: what holds a cluster out of sequencing altogether, if anything.
 * SEQ-3 and SEQ-4 make it INELIGIBLE (the user must fix membership or channel); SEQ-11
 * pauses it until the deprecated API usage is cleared.
 */
export function clusterHold(
  cluster: SequencedCluster,
  facts: GroupFacts,
  channel: Channel | undefined,
): ClusterHold | undefined {
  if (facts.kind === "SCOPE" && cluster.scopeCount > 1) {
    return {
      state: "INELIGIBLE",
      reason: `SEQ-3: ${cluster.name} is in ${cluster.scopeCount} team scopes; team-scope sequencing needs single tenancy`,
    };
  }
  if (channel !== undefined && cluster.channel !== channel) {
    return {
      state: "INELIGIBLE",
      reason: `SEQ-4: ${cluster.name} is on ${cluster.channel}, the sequence is on ${channel}`,
    };
  }
  if (cluster.deprecatedApiUsage === true) {
    return {
      state: "PENDING",
      reason: `SEQ-11: ${cluster.name} uses deprecated APIs; automatic upgrades pause until that is cleared`,
    };
  }
  return undefined;
}

/** Why a cluster may not start now, and when to look again. */
export interface StartBlock {
  reason: string;
  retryAt?: Instant;
}

/**
 * CH-3, MW-1, MW-2: whether the cluster's upgrade to `version` may start at `now` — the
 * version published in its region, inside its window and outside its exclusions.
 */
export function startBlock(
  cluster: SequencedCluster,
  facts: GroupFacts,
  type: SequencedUpgradeType,
  version: string,
  tracking: Tracking,
  now: Instant,
): StartBlock | undefined {
  const regions = Object.hasOwn(facts.availability, version)
    ? facts.availability[version]
    : undefined;
  if (regions !== undefined && !regions.includes(cluster.region)) {
    return { reason: `CH-3: ${version} is not yet available in region ${cluster.region}` };
  }
  const kind: UpgradeKind = type === "NODE" ? "NODE" : tracking;
  const decision = mayStartAutomaticUpgrade(cluster.maintenance, now, kind);
  if (decision.allowed) return undefined;
  return { reason: decision.reason, retryAt: decision.nextOpen };
}
