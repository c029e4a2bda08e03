import type { Instant, ProvisioningRequest, ProvisioningVerdict } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";

/**
 * CA-14: a cluster's ProvisioningRequests in the fleet object, each with the latest
 * verdict of the autoscaler. Bounded: the newest {@link KEPT} are kept.
 */

/** A request as stored, with where it stands. */
export interface StoredProvisioning {
  request: ProvisioningRequest;
  reason: string;
  at: Instant;
}

const KEPT = 100;
const key = (cluster: string) => `as-pr:${cluster}`;

export function addProvisioningRequest(
  tx: Tx,
  cluster: string,
  request: ProvisioningRequest,
): void {
  const list = tx.getState<StoredProvisioning[]>(key(cluster)) ?? [];
  const next = [...list, { request, reason: "waiting for the next autoscaler pass", at: tx.now }];
  tx.putState(key(cluster), next.slice(-KEPT));
}

export function provisioningRequests(tx: Tx, cluster: string): StoredProvisioning[] {
  return tx.getState<StoredProvisioning[]>(key(cluster)) ?? [];
}

/** Takes a pass's verdicts. */
export function recordVerdicts(
  tx: Tx,
  cluster: string,
  verdicts: readonly ProvisioningVerdict[],
): void {
  if (verdicts.length === 0) return;
  const byName = new Map(verdicts.map((v) => [v.name, v]));
  let changed = false;
  const list = provisioningRequests(tx, cluster).map((stored) => {
    const verdict = byName.get(stored.request.name);
    // A verdict a pass only repeats keeps its instant: the first pass that gave it.
    const same = verdict?.state === stored.request.state && verdict?.reason === stored.reason;
    if (!verdict || same) return stored;
    const request: ProvisioningRequest = { ...stored.request, state: verdict.state };
    if (verdict.pool !== undefined && request.pool === undefined) request.pool = verdict.pool;
    changed = true;
    return { request, reason: verdict.reason, at: tx.now };
  });
  if (changed) tx.putState(key(cluster), list);
}

export function forgetProvisioning(tx: Tx, cluster: string): void {
  tx.deleteState(key(cluster));
}
