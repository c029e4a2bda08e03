import type { Instant, SequencedUpgradeType } from "@regatta/engine";

/**
 * The shapes that travel through ends.ts, apart from it so that the rooms that hear ends
 * can name them without importing the module that calls them.
 */

/** One operation's end as its waiters hear it. */
export interface OperationEnd {
  operation: string;
  state: string;
  succeeded: boolean;
  error?: string;
  at: Instant;
  /** For a node-pool operation: its pool and the pool's nodes by version (LIFE-4). */
  pool?: string;
  nodeVersions?: Record<string, number>;
}

/** Who waits, with what it needs to hear the ends (its owner). */
export type Waiter =
  | { kind: "cluster-upgrade"; operation: string }
  | {
      kind: "rollout-phase";
      group: string;
      cluster: string;
      type: SequencedUpgradeType;
      version: string;
      refused?: string;
    }
  | { kind: "run-member"; fleet: string; run: string; cluster: string }
  | {
      kind: "sequence-phase";
      sequence: string;
      cluster: string;
      type: SequencedUpgradeType;
      version: string;
      refused?: string;
    };
