import { MINUTE, SECOND } from "../time/instant.ts";
import type { AutoscalerOptions, AutoscalingProfile } from "./types.ts";

/** CA-16: seed 001 "Beschränkungen der Clustergröße: bis zu 15.000 Knoten". */
export const CLUSTER_NODE_CAP = 15_000;

/** CA-12: seed 001 — pods with a PriorityClass below −10 never trigger a scale up. */
export const SCALE_UP_PRIORITY_CUTOFF = -10;

/** API.md default `maxPodsPerNode`. */
export const DEFAULT_MAX_PODS_PER_NODE = 110;

/** CA-4 seed: first wait 5 min, doubling up to 30 min (5 → 10 → 20 → 30). */
export const BACKOFF_FIRST_MS = 5 * MINUTE;
/** CA-4 seed: no backoff is longer than 30 min. */
export const BACKOFF_MAX_MS = 30 * MINUTE;
/**
 * Seed 001 is silent on when a pool's failures are forgotten; upstream
 * cluster-autoscaler resets node-group backoff 3 h after the last failure
 * (`--node-group-backoff-reset-timeout=3h`).
 */
export const BACKOFF_RESET_MS = 3 * 60 * MINUTE;

/** Fully resolved options (every field set). */
export type ResolvedOptions = Required<AutoscalerOptions>;

/**
 * Upstream cluster-autoscaler defaults for what seed 001 leaves open:
 * `--scale-down-utilization-threshold=0.5` (max of CPU and memory requests over
 * allocatable), `--scale-down-unneeded-time=10m`, `--scale-down-delay-after-add=10m`,
 * `--max-nodes-per-scaleup=1000`, `--max-node-provision-time=15m` (a node not registered
 * by then is a failed scale up), `--max-scale-down-parallelism=10`.
 */
export const UPSTREAM_DEFAULTS: ResolvedOptions = {
  scaleDownUtilizationThreshold: 0.5,
  scaleDownUnneededSeconds: 600,
  scaleDownDelayAfterAddSeconds: 600,
  maxNodesPerScaleUp: 1000,
  maxNodeProvisionSeconds: 900,
  maxScaleDownParallelism: 10,
};

/**
 * CA-11: `optimize-utilization` "removes underused nodes sooner". The seed gives no
 * number and upstream has no profiles; we shorten the unneeded time to 1 min (GKE's
 * documented intent: more nodes removed in less time) and keep the threshold.
 */
export const OPTIMIZE_UTILIZATION_UNNEEDED_SECONDS = 60;

/** The options a pass runs with: upstream defaults overridden by the input's. */
export function resolveOptions(options: AutoscalerOptions | undefined): ResolvedOptions {
  return { ...UPSTREAM_DEFAULTS, ...options };
}

/** CA-11: how long a node must stay removable under a profile before it goes, in ms. */
export function unneededMs(profile: AutoscalingProfile, options: ResolvedOptions): number {
  const seconds =
    profile === "optimize-utilization"
      ? Math.min(OPTIMIZE_UTILIZATION_UNNEEDED_SECONDS, options.scaleDownUnneededSeconds)
      : options.scaleDownUnneededSeconds;
  return seconds * SECOND;
}

/**
 * Scan interval by cluster size. Seed 001: "in small clusters the check can run every few
 * seconds; no exact period can be defined". Upstream scans every 10 s
 * (`--scan-interval=10s`); we keep 10 s up to 100 nodes and stretch it for large
 * clusters, whose passes cost more (upstream's own scale tests run 1,000 nodes with
 * loops under 30 s).
 */
export function scanIntervalMs(nodeCount: number): number {
  if (nodeCount <= 100) return 10 * SECOND;
  if (nodeCount <= 1000) return 30 * SECOND;
  return 60 * SECOND;
}

/**
 * Upstream `--scale-down-non-empty-candidates-count=30`: non-empty nodes checked for
 * removal per pass (empty ones are all checked); bounds a pass on 15,000 nodes.
 */
export const NON_EMPTY_CANDIDATES_PER_PASS = 30;

/** Kept-node explanations recorded per pool and pass; the rest are counted in one line. */
export const KEPT_RECORDS_PER_POOL = 5;
