import type { Instant } from "../../../time/instant.ts";
import type { NodeTable } from "../../node-steps/node-table.ts";
import type { OperationHeader } from "../../operation.ts";

/** NUP-8: batch size by node count or by share of the blue pool. */
export type BatchSize = { by: "COUNT"; count: number } | { by: "PERCENT"; percent: number };

/** NUP-8: blue-green settings, validated and defaulted. */
export interface BlueGreenSettings {
  type: "BLUE_GREEN";
  batch: BatchSize;
  batchSoakSeconds: number;
  nodePoolSoakSeconds: number;
}

/**
 * NUP-8 phases 1–5, the NUP-9 rollback phases, and DONE. Rollback phases are named for
 * what they do: phase 1 deletes green; phase 2 also uncordons blue; phases 3–4 also
 * drain green before deleting it.
 */
export type BlueGreenPhase =
  | "CREATING_GREEN"
  | "CORDONING_BLUE"
  | "DRAINING_BLUE"
  | "SOAKING_POOL"
  | "DELETING_BLUE"
  | "ROLLBACK_UNCORDONING_BLUE"
  | "ROLLBACK_DRAINING_GREEN"
  | "ROLLBACK_DELETING_GREEN"
  | "DONE";

/** The seed's phase numbers (1–5) of the forward phases. */
export const BLUE_GREEN_PHASE_NUMBER: Partial<Record<BlueGreenPhase, number>> = {
  CREATING_GREEN: 1,
  CORDONING_BLUE: 2,
  DRAINING_BLUE: 3,
  SOAKING_POOL: 4,
  DELETING_BLUE: 5,
};

export interface BlueGreenPlan {
  /** Blue nodes in batch order, zones interleaved so a batch spreads over zones. */
  blue: string[];
  /** Green node k (replacing blue[k], same zone) is `${greenPrefix}${k}`. */
  greenPrefix: string;
  batchSize: number;
  batchSoakSeconds: number;
  nodePoolSoakSeconds: number;
}

/** A blue-green upgrade (NUP-8, NUP-9), plain JSON. */
export interface BlueGreenOperation {
  kind: "BLUE_GREEN";
  header: OperationHeader;
  plan: BlueGreenPlan;
  nodes: NodeTable;
  phase: BlueGreenPhase;
  cancelled: boolean;
  rollbackFrom?: BlueGreenPhase;
  /** Counts phase and batch starts; a pending step of an older round is not counted again. */
  round: number;
  /** Nodes of this round still to answer. */
  waitingFor: number;
  /** Nodes whose failed command is retried at the given instant. */
  retries: Record<string, Instant>;
  /** Phase 3: index of the batch draining or soaking. */
  batch: number;
  /** Phase 3 batch PDB bound, phase 5 grace bound, rollback green drain bound. */
  deadline?: Instant;
  /** Rollback: green drains no longer honour PDBs. */
  forced: boolean;
  soak?: { kind: "BATCH" | "POOL"; startedAt: Instant; until: Instant };
  /** Soak waited so far (NUP-8: at 7 days the delete phase starts at once). */
  soakedSeconds: number;
  /** Nodes deleted by this operation's current direction (progress). */
  deleted: number;
}
