import type { SequencedUpgradeType } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { ROLLOUT_TIMER } from "./keys.ts";

/**
 * Operations a rollout group started (a cluster's control-plane upgrade, or the node-pool
 * upgrades of its node phase) report their end to the group through an inbox and its
 * timer: the operation hosts call {@link reportRolloutEnd}, the rollout host reads the
 * inbox, and neither imports the other.
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

/** The open operations of one cluster's phase: a node phase waits for all its pools. */
interface PhaseOperations {
  version: string;
  open: string[];
  failed?: string;
}

const ownerKey = (operation: string) => `rollout-op:${operation}`;
const phaseKey = (owner: RolloutOwner) =>
  `rollout-phase:${owner.group}|${owner.cluster}|${owner.type}`;
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

/** Marks `operations` as the ones `owner`'s phase waits for. */
export function ownRolloutOperations(
  tx: Tx,
  owner: RolloutOwner,
  operations: readonly string[],
  failed?: string,
): void {
  for (const operation of operations) tx.putState(ownerKey(operation), owner);
  const phase: PhaseOperations = { version: owner.version, open: [...operations] };
  if (failed !== undefined) phase.failed = failed;
  tx.putState(phaseKey(owner), phase);
}

/**
 * Called when an operation comes to rest: if a rollout group started it, the phase
 * learns it ended, and once the last of its operations ended the group hears the end
 * (failed if any failed). Each operation reports once: the link is dropped here.
 */
export function reportRolloutEnd(
  tx: Tx,
  operation: string,
  state: string,
  error: string | undefined,
): void {
  const owner = tx.getState<RolloutOwner>(ownerKey(operation));
  if (owner === undefined) return;
  tx.deleteState(ownerKey(operation));
  const phase = tx.getState<PhaseOperations>(phaseKey(owner));
  if (phase === undefined) return;
  phase.open = phase.open.filter((id) => id !== operation);
  if (state !== "SUCCEEDED") phase.failed ??= `${operation} ${state}${error ? `: ${error}` : ""}`;
  if (phase.open.length > 0) {
    tx.putState(phaseKey(owner), phase);
    return;
  }
  tx.deleteState(phaseKey(owner));
  const end: RolloutEnd = {
    cluster: owner.cluster,
    type: owner.type,
    version: owner.version,
    outcome: phase.failed === undefined ? "SUCCEEDED" : "FAILED",
  };
  if (phase.failed !== undefined) end.error = phase.failed;
  deliverRolloutEnds(tx, owner.group, [end]);
}
