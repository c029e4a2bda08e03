import {
  type GroupIntent,
  type GroupState,
  initialGroupState,
  type QualificationMessage,
} from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { type RolloutEnd, rolloutInboxKey } from "./owners.ts";

/**
 * How a rollout group's state lives in the fleet object: its engine state (one row), the
 * upstream's words and operation ends not yet heard (inboxes), and the intents decided
 * but not yet carried out (an outbox of its own: they need D1 and RPCs, which a
 * transaction cannot wait for).
 */

/** An intent persisted with the decision, until carried out. */
export interface PendingIntent {
  id: string;
  intent: GroupIntent;
  attempts: number;
}

const stateKey = (group: string) => `rollout:${group}`;
const upstreamInboxKey = (group: string) => `rollout-upstream:${group}`;
const pendingKey = (group: string) => `rollout-pending:${group}`;

/** At most this many upstream words wait; SEQ-8 sends O(1) per group and release. */
const MAX_UPSTREAM_INBOX = 64;

export function loadGroupState(tx: Tx, group: string): GroupState {
  return tx.getState<GroupState>(stateKey(group)) ?? initialGroupState();
}

export function saveGroupState(tx: Tx, group: string, state: GroupState): void {
  tx.putState(stateKey(group), state);
}

const heardKey = (group: string) => `rollout-heard:${group}`;

/** How many upstream words the group received (the SEQ-8 RPC count, for the status and benchmarks). */
export function heardCount(tx: Tx, group: string): number {
  return tx.getState<number>(heardKey(group)) ?? 0;
}

/** Queues an upstream word; repeats are harmless (hearing is idempotent). */
export function queueUpstream(tx: Tx, group: string, message: QualificationMessage): void {
  tx.putState(heardKey(group), heardCount(tx, group) + 1);
  const inbox = tx.getState<QualificationMessage[]>(upstreamInboxKey(group)) ?? [];
  inbox.push(message);
  tx.putState(upstreamInboxKey(group), inbox.slice(-MAX_UPSTREAM_INBOX));
}

/** Takes both inboxes, emptying them. */
export function takeInboxes(
  tx: Tx,
  group: string,
): { upstream: QualificationMessage[]; ends: RolloutEnd[] } {
  const upstream = tx.getState<QualificationMessage[]>(upstreamInboxKey(group)) ?? [];
  const ends = tx.getState<RolloutEnd[]>(rolloutInboxKey(group)) ?? [];
  if (upstream.length > 0) tx.deleteState(upstreamInboxKey(group));
  if (ends.length > 0) tx.deleteState(rolloutInboxKey(group));
  return { upstream, ends };
}

export function loadPending(tx: Tx, group: string): PendingIntent[] {
  return tx.getState<PendingIntent[]>(pendingKey(group)) ?? [];
}

export function savePending(tx: Tx, group: string, pending: readonly PendingIntent[]): void {
  if (pending.length === 0) tx.deleteState(pendingKey(group));
  else tx.putState(pendingKey(group), pending);
}

/** Everything the object keeps for a group that left its sequence (see `runRolloutPass`). */
export function dropGroupState(tx: Tx, group: string): void {
  for (const key of [
    stateKey(group),
    upstreamInboxKey(group),
    pendingKey(group),
    heardKey(group),
    rolloutInboxKey(group),
  ]) {
    tx.deleteState(key);
  }
}
