import type { Instant } from "../time/instant.ts";
import type { ResolvedOptions } from "./defaults.ts";
import type { PoolContext } from "./pool-context.ts";
import type { PodInfo, SimNode, Snapshot } from "./snapshot.ts";
import type { AutoscalerInput, DecisionRecord, ScalingAction } from "./types.ts";

/** What one pass builds up as its steps run (scale up, migration, scale down). */
export interface Pass {
  input: AutoscalerInput;
  now: Instant;
  options: ResolvedOptions;
  snapshot: Snapshot;
  pools: Map<string, PoolContext>;
  /** Nodes that count toward the cluster cap, those planned in this pass included. */
  clusterSize: number;
  clusterCap: number;
  /** New nodes planned in this pass (not scale-down destinations: they do not exist yet). */
  planned: SimNode[];
  actions: ScalingAction[];
  records: DecisionRecord[];
  notes: string[];
  /** PROVISIONING nodes past the provision timeout (CA-4): no capacity is expected from them. */
  timedOut: Set<string>;
  /** Pools with a record of this pass; the others get a NOOP at the end. */
  recorded: Set<string>;
  /** CA-12: pending pods below the priority cut-off that no existing node took. */
  belowCutoff: PodInfo[];
  /** CA-17: why pending pods fit no pool that may grow, for the pools' NOOPs. */
  unplaced?: string;
}
