import type { PreflightResult } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";

/** A cluster's latest preflight (LIFE-2), with what it was run for. */
export interface StoredPreflight extends PreflightResult {
  cluster: string;
  version: string;
}

/** One row per cluster: a new preflight replaces the last. */
const preflightKey = (cluster: string) => `preflight:${cluster}`;

/** Keeps `result` as the cluster's latest preflight. */
export function recordPreflight(tx: Tx, result: StoredPreflight): StoredPreflight {
  tx.putState(preflightKey(result.cluster), result);
  return result;
}

/** The cluster's latest preflight, if one ran. */
export function lastPreflight(tx: Tx, cluster: string): StoredPreflight | undefined {
  return tx.getState<StoredPreflight>(preflightKey(cluster));
}

/** The cluster is gone: a cluster later created with its name starts without a preflight. */
export function forgetPreflight(tx: Tx, cluster: string): void {
  tx.deleteState(preflightKey(cluster));
}
