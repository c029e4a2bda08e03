import type { Instant } from "../../../time/instant.ts";
import type { NodeTable } from "../../node-steps/node-table.ts";
import type { OperationHeader } from "../../operation.ts";

/** NUP-10: the wait before blue is drained, validated and defaulted. */
export interface AutoscaledBlueGreenSettings {
  type: "AUTOSCALED_BLUE_GREEN";
  waitSeconds: number;
}

/** NUP-10 steps: green (0 nodes), cordon blue, wait, drain blue, delete blue. No soak. */
export type AutoscaledBlueGreenPhase =
  | "CREATING_GREEN"
  | "CORDONING_BLUE"
  | "WAITING_TO_DRAIN"
  | "DRAINING_BLUE"
  | "DELETING_BLUE"
  | "DONE";

/** An autoscaled blue-green upgrade (NUP-10), plain JSON. */
export interface AutoscaledBlueGreenOperation {
  kind: "AUTOSCALED_BLUE_GREEN";
  header: OperationHeader;
  plan: { blue: string[]; waitSeconds: number };
  nodes: NodeTable;
  phase: AutoscaledBlueGreenPhase;
  cancelled: boolean;
  /** Nodes the cordon or delete phase still waits for. */
  waitingFor: number;
  retries: Record<string, Instant>;
  waitUntil?: Instant;
  /** Next blue node (plan order) to drain. */
  cursor: number;
  /** Drains in flight (at most 20): when PDBs stop being honoured, when to give up. */
  draining: Record<string, { forceAt: Instant; giveUpAt?: Instant }>;
  /** Blue nodes gone, by the autoscaler or by deletion (progress). */
  blueGone: number;
  /** Blue nodes holding pods marked not safe to evict, as last reported. */
  unevictable?: string[];
  /** When every blue node was cordoned: such nodes drain 7 days later at the earliest. */
  cordonedAt?: Instant;
  /** Blue nodes the drain passed over while they held such pods, in plan order. */
  held?: string[];
}

/**
 * Seed 004: nodes with workloads marked not safe to evict are not drained until seven
 * days after the nodes were cordoned, whatever the wait.
 */
export const UNEVICTABLE_HOLD_SECONDS = 7 * 86_400;

/** Seed: "up to 20 at a time in parallel". */
export const PARALLEL_DRAINS = 20;
