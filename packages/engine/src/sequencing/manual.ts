import type { Instant } from "../time/instant.ts";
import { clusterTarget } from "./eligibility.ts";
import type {
  GroupFacts,
  GroupState,
  GroupUpgrade,
  SequencedCluster,
  SequencedUpgradeType,
} from "./types.ts";

/**
 * Seed 000 names a manual upgrade as the way to fix a group's eligibility: clusters
 * upgraded by hand (not by the sequence) to a channel's target qualify that target like
 * clusters the group upgraded itself (SEQ-8). Their soak counts from when the last of
 * them reached it, or from the release that made it a target if they ran it before.
 */

function observedOf(cluster: SequencedCluster, type: SequencedUpgradeType) {
  return type === "CONTROL_PLANE"
    ? { version: cluster.version, since: cluster.versionSince }
    : { version: cluster.nodeVersion, since: cluster.nodeVersionSince };
}

/**
 * SEQ-8: when `cluster` reached `version` for the group's soak — the latest of when it
 * got there (the host's word, else `now`) and when the version became a target — never
 * later than `now`.
 *
 * @example reachedAt(cluster, facts, "CONTROL_PLANE", "1.21.14-gke.4300", now) // targetSince["1.21.14-gke.4300"] for a cluster that ran it before the release
 */
export function reachedAt(
  cluster: SequencedCluster,
  facts: GroupFacts,
  type: SequencedUpgradeType,
  version: string,
  now: Instant,
): Instant {
  const since = observedOf(cluster, type).since ?? now;
  const published =
    facts.targetSince !== undefined && Object.hasOwn(facts.targetSince, version)
      ? facts.targetSince[version]
      : undefined;
  return Math.min(now, Math.max(since, published ?? since));
}

/** CH-1: `version` is one of the auto-upgrade targets of the cluster's channel today. */
function isChannelTarget(cluster: SequencedCluster, facts: GroupFacts, version: string): boolean {
  return Object.values(facts.targets[cluster.channel] ?? {}).includes(version);
}

/**
 * SEQ-8: joins every cluster that already runs a target of its channel, with nowhere left
 * to go for `type` and in no upgrade to that version, to the group's upgrade of it as
 * done when it got there — or to a new `manual` upgrade when the group has none.
 */
export function adoptManualUpgrades(
  state: GroupState,
  facts: GroupFacts,
  type: SequencedUpgradeType,
  now: Instant,
  notes: string[],
): void {
  for (const cluster of facts.clusters) {
    const { version } = observedOf(cluster, type);
    if (version === undefined || !clusterTarget(cluster, facts, type, now).none) continue;
    if (!isChannelTarget(cluster, facts, version)) continue;
    const same = state.upgrades.filter((u) => u.type === type && u.version === version);
    if (same.some((u) => Object.hasOwn(u.members, cluster.name))) continue;
    const doneAt = reachedAt(cluster, facts, type, version, now);
    const upgrade: GroupUpgrade = same.at(-1) ?? {
      type,
      version,
      tracking: "PATCH",
      createdAt: now,
      manual: true,
      members: {},
    };
    if (same.length === 0) state.upgrades.push(upgrade);
    upgrade.members[cluster.name] = { doneAt };
    notes.push(`SEQ-8: ${cluster.name} runs ${version} (${type}) upgraded by hand; it counts`);
  }
}

/**
 * SEQ-8: an upgrade whose every cluster got there by hand before the group's turn came
 * has nothing left to start or wait for: its turn is when the first of them got there.
 */
export function reachedByHand(upgrade: GroupUpgrade): Instant | undefined {
  if (upgrade.startedAt !== undefined) return undefined;
  const doneAts = Object.values(upgrade.members).map((member) => member.doneAt);
  if (doneAts.length === 0 || doneAts.some((at) => at === undefined)) return undefined;
  return Math.min(...(doneAts as Instant[]));
}
