import type { Instant } from "../../../time/instant.ts";
import type { NodeTable } from "../../node-steps/node-table.ts";
import type { Replacement } from "../../node-steps/replacement.ts";
import type { Replacements } from "../../node-steps/replacement-set.ts";
import type { OperationHeader } from "../../operation.ts";
import type { WindowInfo } from "../../types.ts";

/**
 * LIFE-3 on bare metal: worker nodes are upgraded in place, `maxUnavailable` machines at
 * a time across the pool (one by default: bare metal has no spare machine to surge on).
 */
export interface InPlaceSettings {
  type: "IN_PLACE";
  maxUnavailable: number;
}

/** An in-place upgrade of a bare-metal worker pool, plain JSON. */
export interface InPlaceOperation {
  kind: "IN_PLACE";
  header: OperationHeader;
  /** Fixed at start: the nodes not on the target, in the order they are upgraded. */
  plan: { maxUnavailable: number; order: string[] };
  nodes: NodeTable;
  /** Index in `plan.order` of the next node to start. */
  next: number;
  cancelled: boolean;
  window?: WindowInfo;
  /** Nodes in flight, keyed by the node's own name (it keeps it). */
  replacements: Replacements<Replacement>;
  /** No replacement needs a timer before this (see replacement-set.ts). */
  replacementTimerAt?: Instant;
  upgraded: number;
  /** Nodes that left the pool before their turn. */
  skipped: number;
}
