import { versionBelow } from "@regatta/engine";
import type { FleetContext } from "../capability.ts";
import { upgradeCluster, upgradePools, type Watching } from "../upgrades.ts";

/**
 * One cluster's phase of a sequenced upgrade (SEQ-5/6), started from inside its fleet for
 * whoever sequences it — a fleet chain's group or a rollout sequence's stage — with the
 * waiter's watch (ends.ts) opened in the transaction that starts its operations.
 */

/** A phase start's answer: started (its end comes through the watch), or already over. */
export type PhaseStart = "STARTED" | { outcome: "SUCCEEDED" | "FAILED"; error?: string };

/** The phase a sequencing machine asked for. */
export interface PhaseIntent {
  kind: "START_CONTROL_PLANE_UPGRADE" | "START_NODE_UPGRADE";
  cluster: string;
  version: string;
}

/**
 * Starts the cluster's control-plane upgrade, or the upgrades of its node pools still
 * below the version. A pool already upgrading (by hand) is no failure: its end shows in
 * the inventory, where the next passes see the nodes reach the version.
 */
export async function startPhase(
  fleet: FleetContext,
  intent: PhaseIntent,
  watching: Watching,
): Promise<PhaseStart> {
  if (intent.kind === "START_CONTROL_PLANE_UPGRADE") {
    const started = await upgradeCluster(
      fleet,
      intent.cluster,
      { version: intent.version, controlPlaneOnly: true },
      watching,
    );
    return started.ok ? "STARTED" : { outcome: "FAILED", error: started.error.detail };
  }
  const upgraded = await upgradePools(
    fleet,
    intent.cluster,
    // MW-4 holds inside the pool's upgrade; the sequence already waited for the window.
    (pool) =>
      versionBelow(pool.version, intent.version)
        ? { version: intent.version, ignoreMaintenanceWindow: false }
        : undefined,
    watching,
  );
  if (upgraded.started.length > 0) return "STARTED";
  if (upgraded.busy.length > 0 && upgraded.refusals.length === 0) return "STARTED";
  return upgraded.refusals.length > 0
    ? { outcome: "FAILED", error: upgraded.refusals.join("; ") }
    : { outcome: "SUCCEEDED" };
}
