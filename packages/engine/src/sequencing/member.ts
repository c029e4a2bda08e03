import type { Instant } from "../time/instant.ts";
import type { ClusterHold } from "./eligibility.ts";
import { startBlock, versionAtLeast } from "./eligibility.ts";
import type { UpstreamGate } from "./qualification.ts";
import type {
  GroupFacts,
  GroupUpgrade,
  MemberProgress,
  SequencedCluster,
  SequencedUpgradeState,
} from "./types.ts";

/** One cluster's state in an upgrade; `mayStart` when the pass should start it now. */
export interface MemberStatus {
  state: SequencedUpgradeState;
  reason?: string;
  /** When a blocked start should be looked at again (MW-3 next opening). */
  retryAt?: Instant;
  mayStart: boolean;
}

/**
 * SEQ-12: clusters with an upgrade of `type` in flight, and the version it goes to; a
 * cluster runs one upgrade of a type at a time, newer targets wait for it.
 */
export function busyClusters(
  upgrades: readonly GroupUpgrade[],
  type: GroupUpgrade["type"],
): Map<string, string> {
  const busy = new Map<string, string>();
  for (const upgrade of upgrades) {
    if (upgrade.type !== type) continue;
    for (const [name, member] of Object.entries(upgrade.members)) {
      const running =
        member.startedAt !== undefined &&
        member.doneAt === undefined &&
        member.failed === undefined;
      if (running) busy.set(name, upgrade.version);
    }
  }
  return busy;
}

/**
 * SEQ-13 per cluster, re-derived from what was observed: done, held out, failed, in
 * flight, or waiting — for the upstream (SEQ-8), its own control plane (SEQ-6), its region
 * (CH-3) or its maintenance window (MW-1, MW-2). Only the last case may start.
 */
export function memberStatus(
  upgrade: GroupUpgrade,
  progress: MemberProgress,
  cluster: SequencedCluster | undefined,
  hold: ClusterHold | undefined,
  gate: UpstreamGate,
  facts: GroupFacts,
  now: Instant,
  /** The version this cluster's running upgrade of the same type goes to, if any. */
  busyWith?: string,
): MemberStatus {
  const phase = upgrade.type === "CONTROL_PLANE" ? "control-plane" : "node";
  const rule = upgrade.type === "CONTROL_PLANE" ? "SEQ-5" : "SEQ-6";
  if (progress.doneAt !== undefined) return { state: "COMPLETE", mayStart: false };
  if (cluster === undefined) {
    return {
      state: "INELIGIBLE",
      reason: `SEQ-13: the cluster is no longer in group ${facts.group}`,
      mayStart: false,
    };
  }
  if (hold?.state === "INELIGIBLE") return { ...hold, mayStart: false };
  if (progress.failed !== undefined) {
    return {
      state: "INELIGIBLE",
      reason: `${rule}: the ${phase} upgrade to ${upgrade.version} failed (${progress.failed}); it is not retried automatically`,
      mayStart: false,
    };
  }
  if (progress.startedAt !== undefined) return { state: "IN_PROGRESS", mayStart: false };
  if (hold !== undefined) return { ...hold, mayStart: false };
  if (!gate.open) return { state: gate.state, reason: gate.reason, mayStart: false };
  if (busyWith !== undefined) {
    return {
      state: "PENDING",
      reason: `SEQ-12: the cluster's ${phase} upgrade to ${busyWith} is still running`,
      mayStart: false,
    };
  }
  if (upgrade.type === "NODE" && !versionAtLeast(cluster.version, upgrade.version)) {
    return {
      state: "PENDING",
      reason: `SEQ-6: nodes wait for the control plane to reach ${upgrade.version}`,
      mayStart: false,
    };
  }
  const block = startBlock(cluster, facts, upgrade.type, upgrade.version, upgrade.tracking, now);
  if (block !== undefined) {
    return { state: "PENDING", reason: block.reason, retryAt: block.retryAt, mayStart: false };
  }
  return { state: "PENDING", mayStart: true };
}
