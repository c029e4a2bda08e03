import type { Instant } from "../../../time/instant.ts";
import type { NodeTable } from "../../node-steps/node-table.ts";
import type { Replacement } from "../../node-steps/replacement.ts";
import type { Replacements } from "../../node-steps/replacement-set.ts";
import type { OperationHeader } from "../../operation.ts";
import type { NodeFacts, WindowInfo } from "../../types.ts";

/** NUP-2: per-zone surge settings, validated and defaulted. */
export interface SurgeSettings {
  type: "SURGE";
  maxSurge: number;
  maxUnavailable: number;
}

/** Fixed at start: the settings and the nodes to upgrade, zone by zone. */
export interface SurgePlan {
  maxSurge: number;
  maxUnavailable: number;
  /** New node of slot j in zone z: `${prefix}${z}-${j}`; its rollback replacement ends in `-rb`. */
  prefix: string;
  zones: { zone: string; nodes: NodeFacts[] }[];
}

/** Where a zone's rolling window stands. */
export interface ZoneCursor {
  /** Next slot never started. */
  next: number;
  /**
   * Slots handed back unstarted by a cancel or a closing window (NUP-7, MW-4), with the
   * create attempts already spent so a later try never reuses a command id.
   */
  returned: { slot: number; attempts: number }[];
  /** Next slot the rollback looks at. */
  rollbackNext: number;
}

export type SurgeDirection = "UPGRADE" | "ROLLBACK";

export interface SurgeReplacement extends Replacement {
  direction: SurgeDirection;
}

/** A surge upgrade (NUP-2..7, MW-4), plain JSON. */
export interface SurgeOperation {
  kind: "SURGE";
  header: OperationHeader;
  plan: SurgePlan;
  nodes: NodeTable;
  direction: SurgeDirection;
  cancelled: boolean;
  window?: WindowInfo;
  cursors: ZoneCursor[];
  /** Nodes in flight, by slot `${z}.${j}`: at most maxSurge + maxUnavailable per zone. */
  replacements: Replacements<SurgeReplacement>;
  /** No replacement needs a timer before this (see replacement-set.ts). */
  replacementTimerAt?: Instant;
  /** Per zone, replacements in flight by path and how many of them upgrade (not roll back). */
  load: { surge: number; unavailable: number; upgrading: number }[];
  /** Replacements waiting for capacity (NUP-6), and the latest such reason, for the view. */
  waiting: number;
  lastWaiting?: string;
  upgraded: number;
  /** Slots whose node disappeared before its turn (preempted or scaled away). */
  skipped: number;
  reverted: number;
}

/** Zone and slot of a slot key `${z}.${j}`. @example slotIndex("2.17") // [2, 17] */
export function slotIndex(slot: string): [number, number] {
  const dot = slot.indexOf(".");
  return [Number(slot.slice(0, dot)), Number(slot.slice(dot + 1))];
}

/** The new node of slot j in zone z. @example freshName(plan, 0, 3) // "pool-a-k2c9f-0-3" */
export function freshName(plan: SurgePlan, z: number, j: number): string {
  return `${plan.prefix}${z}-${j}`;
}
