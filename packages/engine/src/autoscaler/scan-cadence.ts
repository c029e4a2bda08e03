import { type Instant, MINUTE } from "../time/instant.ts";
import type { AutoscalerDecision } from "./types.ts";

/**
 * A cluster whose only business is pods no pass can place yet, nodes waiting out their
 * unneeded time (10 min, CA-5) or a pool's backoff (5–30 min, CA-4): scanned this often,
 * so a removal or a retry comes at most this late.
 */
export const WAITING_SCAN_MS = MINUTE;

/** What decides when the next pass of a cluster is due, besides the pass's own wish. */
export interface ScanFacts {
  decision: Pick<AutoscalerDecision, "actions" | "state" | "wakeAt">;
  /** Nodes being created or removed once the pass's commands are out. */
  inFlight: number;
  /** Pods left without a node after the pass (DaemonSet pods aside). */
  pending: number;
  /** A pool of the cluster is under a running upgrade (NUP-12). */
  upgrading: boolean;
}

/**
 * When the next pass is due; undefined when nothing a scan could change is left (nothing
 * pending, unneeded, backing off, in flight or upgrading): such a cluster sleeps until
 * its workloads, pools or nodes change, so a fleet of quiet clusters costs nothing.
 * While nodes change it comes at the pass's own `wakeAt` (the scan interval, or sooner);
 * a cluster that only waits is scanned at {@link WAITING_SCAN_MS}: pending pods the pass
 * could not help (at max, backing off, priority below −10) would otherwise spin the
 * object every 10 s of virtual time at sim speed, and a pool under upgrade wakes the
 * autoscaler at each of its steps, so polling it is only a safety net.
 *
 * @example nextScanAt({ decision, inFlight: 0, pending: 0, upgrading: false }, now) // undefined for an idle cluster
 */
export function nextScanAt(facts: ScanFacts, now: Instant): Instant | undefined {
  const { decision } = facts;
  const acting = decision.actions.length > 0 || facts.inFlight > 0;
  const waiting =
    facts.pending > 0 ||
    Object.keys(decision.state.unneededSince).length > 0 ||
    Object.keys(decision.state.backoff).length > 0;
  if (!acting && !facts.upgrading && !waiting) return undefined;
  return acting ? decision.wakeAt : Math.max(decision.wakeAt, now + WAITING_SCAN_MS);
}
