import type { AutoscalerState, Instant, NodeInFlight } from "@regatta/engine";

// What the fleet object keeps per cluster for its autoscaler between passes
// (host.ts decides, answers.ts takes the provider's answers).

/** What the object keeps per cluster between passes. */
export interface HostState {
  /** Prefix of every command id (an operation id in the D1 index, for webhook callbacks). */
  id: string;
  engine: AutoscalerState;
  seq: number;
  /** The actuator's status: nodes whose commands await an answer. */
  inflight: Record<string, NodeInFlight>;
  /** When the cluster's first pass ran (absent for states stored before it was kept). */
  startedAt?: Instant;
  /** The control-plane version the latest pass saw: the operation's target. */
  version?: string;
  /** Node creations and removals finished: the operation's progress. */
  done?: number;
  /**
   * The scan interval for the cluster's size at the latest pass: the grid a change is
   * noticed on (`onScanGrid`); absent for states stored before it was kept.
   */
  scanEveryMs?: number;
}
