import type { Instant } from "../../../time/instant.ts";
import type { NodeTable } from "../../node-steps/node-table.ts";
import type { Replacement } from "../../node-steps/replacement.ts";
import type { Replacements } from "../../node-steps/replacement-set.ts";
import type { OperationHeader } from "../../operation.ts";

/** NUP-11 has no settings: flex-start and queued-provisioning pools get it (NUP-1). */
export interface ShortLivedSettings {
  type: "SHORT_LIVED";
}

/** NUP-11: nodes go as they are preempted; after 7 days the rest are replaced. */
export type ShortLivedPhase = "AWAITING_PREEMPTION" | "REPLACING_REMAINING" | "DONE";

/** A short-lived upgrade (NUP-11), plain JSON. */
export interface ShortLivedOperation {
  kind: "SHORT_LIVED";
  header: OperationHeader;
  /** Replacement n is `${prefix}${n}`. */
  plan: { deadline: Instant; prefix: string };
  nodes: NodeTable;
  phase: ShortLivedPhase;
  /** Nodes still on another configuration and not yet replaced. */
  oldLeft: number;
  seq: number;
  /** Replacements in flight, by the new node's name. */
  replacements: Replacements<Replacement>;
  /** No replacement needs a timer before this (see replacement-set.ts). */
  replacementTimerAt?: Instant;
}
