import type { AutoscalerState, Instant, NodeColor, NodeConfig } from "@regatta/engine";

// What the fleet object keeps per cluster for its autoscaler between passes
// (autoscaler-host.ts decides, autoscaler-answers.ts takes the provider's answers).

/** A node the autoscaler is creating, draining or deleting. */
export interface InFlight {
  pool: string;
  zone: string;
  step: "CREATE" | "DRAIN" | "DRAIN_FORCED" | "DELETE";
  command: string;
  since: Instant;
  config: NodeConfig;
  color?: NodeColor;
  graceSeconds?: number;
}

/** What the object keeps per cluster between passes. */
export interface HostState {
  /** Prefix of every command id (an operation id in the D1 index, for webhook callbacks). */
  id: string;
  engine: AutoscalerState;
  seq: number;
  inflight: Record<string, InFlight>;
  /** When the cluster's first pass ran (absent for states stored before it was kept). */
  startedAt?: Instant;
  /** The control-plane version the latest pass saw: the operation's target. */
  version?: string;
  /** Node creations and removals finished: the operation's progress. */
  done?: number;
}
