import type { Instant } from "../time/instant.ts";
import { toRfc3339 } from "../time/instant.ts";
import { clusterHold, clusterTarget, sequenceChannel } from "./eligibility.ts";
import { UPGRADE_TYPES, upstreamChannel } from "./machine.ts";
import { busyClusters, memberStatus } from "./member.ts";
import type { UpstreamGate } from "./qualification.ts";
import { upgradeGate } from "./qualification.ts";
import { soakEndsAt } from "./soak.ts";
import type {
  GroupFacts,
  GroupState,
  GroupUpgrade,
  SequencedUpgradeState,
  SequencedUpgradeType,
  Tracking,
} from "./types.ts";

/** One cluster in an upgrade's status (API.md). */
export interface RolloutClusterView {
  cluster: string;
  state: SequencedUpgradeState;
  reason?: string;
}

/** One upgrade of the group (API.md `upgrades[]`), plus how it is tracked. */
export interface RolloutUpgradeView {
  type: SequencedUpgradeType;
  version: string;
  tracking: Tracking;
  state: SequencedUpgradeState;
  startedAt?: string;
  soakEndsAt?: string;
  reason?: string;
  clusters: RolloutClusterView[];
}

/** `GET …/rollout` (SEQ-13): the group's upgrades and the clusters outside all of them. */
export interface RolloutStatusView {
  group: string;
  upstream?: string;
  downstream?: string;
  channel?: string;
  upgrades: RolloutUpgradeView[];
  /** Clusters in no upgrade, with why (CH-2 no target, SEQ-3, SEQ-4, SEQ-11). */
  clusters: { cluster: string; reason: string }[];
}

function upgradeState(
  upgrade: GroupUpgrade,
  gate: UpstreamGate,
  clusters: readonly RolloutClusterView[],
): { state: SequencedUpgradeState; reason?: string } {
  if (upgrade.completedAt !== undefined) return { state: "COMPLETE" };
  if (upgrade.soakStartedAt !== undefined) {
    if (upgrade.forced !== true) return { state: "SOAKING" };
    const open = clusters.filter((c) => c.state !== "COMPLETE").length;
    return {
      state: "FORCED_SOAKING",
      reason: `SEQ-10: ${open} of ${clusters.length} clusters were not upgraded 30 days after the ${upgrade.type === "NODE" ? "node" : "control-plane"} upgrade started; the group soaks anyway`,
    };
  }
  if (!gate.open) {
    // SEQ-20: a paused rollout's upgrades already running go on; the state says so.
    const running =
      upgrade.startedAt !== undefined && clusters.some((c) => c.state === "IN_PROGRESS");
    return { state: running ? "IN_PROGRESS" : gate.state, reason: gate.reason };
  }
  if (clusters.length > 0 && clusters.every((c) => c.state === "INELIGIBLE")) {
    return { state: "INELIGIBLE", reason: clusters[0]?.reason };
  }
  if (clusters.some((c) => c.state === "IN_PROGRESS" || c.state === "COMPLETE")) {
    return { state: "IN_PROGRESS" };
  }
  const waiting = clusters.find((c) => c.reason !== undefined);
  return { state: "PENDING", reason: waiting?.reason ?? "SEQ-13: starting on the next pass" };
}

/**
 * SEQ-13: the group's status as API.md shows it. Every state that is not progressing
 * carries a reason led by the rule that holds it (EXT-9). Minor and patch upgrades to
 * one version are separate entries and may differ in state (seed 000).
 *
 * @example rolloutStatus(state, facts, now).upgrades[0] // {type: "CONTROL_PLANE", version: "1.21.14-gke.4300", state: "SOAKING", soakEndsAt: "…", clusters: […]}
 */
export function rolloutStatus(
  state: GroupState,
  facts: GroupFacts,
  now: Instant,
): RolloutStatusView {
  const channel = sequenceChannel(facts, upstreamChannel(state));
  const byName = new Map(facts.clusters.map((cluster) => [cluster.name, cluster]));
  const upgrades = state.upgrades.map((upgrade): RolloutUpgradeView => {
    const gate = upgradeGate(state, facts, upgrade, now);
    const busy = busyClusters(state.upgrades, upgrade.type);
    const clusters = Object.entries(upgrade.members).map(([name, progress]) => {
      const cluster = byName.get(name);
      const hold = cluster === undefined ? undefined : clusterHold(cluster, facts, channel);
      const busyWith = progress.startedAt === undefined ? busy.get(name) : undefined;
      const status = memberStatus(upgrade, progress, cluster, hold, gate, facts, now, busyWith);
      return status.reason === undefined
        ? { cluster: name, state: status.state }
        : { cluster: name, state: status.state, reason: status.reason };
    });
    const { state: upgradeStateName, reason } = upgradeState(upgrade, gate, clusters);
    const view: RolloutUpgradeView = {
      type: upgrade.type,
      version: upgrade.version,
      tracking: upgrade.tracking,
      state: upgradeStateName,
      clusters,
    };
    if (upgrade.startedAt !== undefined) view.startedAt = toRfc3339(upgrade.startedAt);
    if (upgrade.soakStartedAt !== undefined) {
      view.soakEndsAt = toRfc3339(
        upgrade.completedAt ?? soakEndsAt(facts, upgrade.version, upgrade.soakStartedAt),
      );
    }
    if (reason !== undefined) view.reason = reason;
    return view;
  });
  const inUpgrade = new Set(state.upgrades.flatMap((u) => Object.keys(u.members)));
  const outside = facts.clusters
    .filter((cluster) => !inUpgrade.has(cluster.name))
    .map((cluster) => {
      const hold = clusterHold(cluster, facts, channel);
      const target = clusterTarget(cluster, facts, UPGRADE_TYPES[0] ?? "CONTROL_PLANE", now);
      const reason = hold?.reason ?? (target.none ? target.reason : "SEQ-13: up to date");
      return { cluster: cluster.name, reason };
    });
  const view: RolloutStatusView = { group: facts.group, upgrades, clusters: outside };
  if (facts.upstream !== undefined) view.upstream = facts.upstream;
  if (facts.downstream !== undefined) view.downstream = facts.downstream;
  if (channel !== undefined) view.channel = channel;
  return view;
}
