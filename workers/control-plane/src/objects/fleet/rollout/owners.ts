import type { SequencedUpgradeType } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import type { OperationEnd, Waiter } from "../waiters.ts";
import { ROLLOUT_TIMER } from "./keys.ts";

/**
 * Operations a rollout group started (a cluster's control-plane upgrade, or the node-pool
 * upgrades of its node phase) are watched per phase (ends.ts); the phase's end goes to
 * the group's inbox and wakes it, and the rollout host reads the inbox on its pass.
 */

/** Who started an operation: the group, for which cluster, phase and version. */
export interface RolloutOwner {
  group: string;
  cluster: string;
  type: SequencedUpgradeType;
  version: string;
}

/** One cluster's phase that ended, as the group's machine hears it. */
export interface RolloutEnd {
  cluster: string;
  type: SequencedUpgradeType;
  version: string;
  outcome: "SUCCEEDED" | "FAILED";
  error?: string;
}

/** The watch (ends.ts) of one cluster's phase for its group. */
export const phaseWatch = (owner: RolloutOwner) =>
  `rollout/${owner.group}|${owner.cluster}|${owner.type}`;
/** Ends the group's machine has not heard yet. */
export const rolloutInboxKey = (group: string) => `rollout-inbox:${group}`;

/** The group's timer, due at `due`. */
export function wakeRollout(tx: Tx, group: string, due: number): void {
  tx.setTimer({ id: timerId(ROLLOUT_TIMER, group), due, kind: ROLLOUT_TIMER, payload: group });
}

/** The rollout groups this fleet object runs (the fleet, or its team scopes). */
const groupsKey = "rollout-groups";

/** Notes that the object runs `group`'s passes (each pass says so). */
export function rememberRolloutGroup(tx: Tx, group: string): void {
  const groups = tx.getState<string[]>(groupsKey) ?? [];
  if (!groups.includes(group)) tx.putState(groupsKey, [...groups, group]);
}

/** The group's configuration is gone: nothing wakes it again. */
export function forgetRolloutGroup(tx: Tx, group: string): void {
  const groups = tx.getState<string[]>(groupsKey) ?? [];
  if (groups.includes(group))
    tx.putState(
      groupsKey,
      groups.filter((g) => g !== group),
    );
}

/**
 * SEQ-8: a cluster of this fleet now runs another version (an upgrade that no group
 * started, by hand or by an update run, wrote it back): every group looks again now,
 * since clusters that reached a target by hand qualify it.
 */
export function wakeRolloutGroups(tx: Tx): void {
  for (const group of tx.getState<string[]>(groupsKey) ?? []) wakeRollout(tx, group, tx.now);
}

/** Appends ends to the group's inbox and wakes it now. */
export function deliverRolloutEnds(tx: Tx, group: string, ends: readonly RolloutEnd[]): void {
  if (ends.length === 0) return;
  const inbox = tx.getState<RolloutEnd[]>(rolloutInboxKey(group)) ?? [];
  inbox.push(...ends);
  tx.putState(rolloutInboxKey(group), inbox);
  wakeRollout(tx, group, tx.now);
}

/**
 * What a cluster's phase came to once all its operations ended: failed if any failed or
 * a pool refused to start (`refused`).
 */
export function phaseOutcome(
  waiter: { refused?: string },
  ends: readonly OperationEnd[],
): { outcome: "SUCCEEDED" | "FAILED"; error?: string } {
  const failed =
    waiter.refused ??
    ends
      .filter((end) => !end.succeeded)
      .map((end) => `${end.operation} ${end.state}${end.error ? `: ${end.error}` : ""}`)[0];
  return failed === undefined ? { outcome: "SUCCEEDED" } : { outcome: "FAILED", error: failed };
}

/** Hears the end of a cluster's phase for its group, which wakes now. */
export function hearPhaseEnd(
  tx: Tx,
  waiter: Extract<Waiter, { kind: "rollout-phase" }>,
  ends: readonly OperationEnd[],
): void {
  const end: RolloutEnd = {
    cluster: waiter.cluster,
    type: waiter.type,
    version: waiter.version,
    ...phaseOutcome(waiter, ends),
  };
  deliverRolloutEnds(tx, waiter.group, [end]);
}
