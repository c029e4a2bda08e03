import { type Inventory, updateClusterStatus } from "@regatta/inventory";
import type { ObjectRuntime } from "../runtime/runtime.ts";
import { getClusterUpgradeById } from "./cluster-upgrade-host.ts";
import { CLUSTER_SYNC_TIMER, timerId } from "./keys.ts";

/** How long a failed write-back waits before the next try. */
const RETRY_MS = 30_000;

/**
 * VER-8: a finished cluster upgrade writes what the cluster runs to the inventory —
 * status.version := spec.version on success; on failure the status stays and the phase
 * says the upgrade failed (spec.version was set when it started).
 */
export async function syncClusterUpgrade(
  runtime: ObjectRuntime,
  db: Inventory,
  id: string,
): Promise<void> {
  const op = await runtime.commit((tx) => getClusterUpgradeById(tx, id));
  if (!op || (op.state !== "SUCCEEDED" && op.state !== "FAILED")) return;
  const status =
    op.state === "SUCCEEDED"
      ? { statusVersion: op.status.version, phase: "RUNNING" }
      : { phase: "UPGRADE_FAILED" };
  try {
    await updateClusterStatus(db, op.cluster, status, runtime.now());
  } catch (error) {
    console.error(`fleet: status write-back of cluster upgrade ${id} failed; retrying`, error);
    await runtime.commit((tx) =>
      tx.setTimer({
        id: timerId(CLUSTER_SYNC_TIMER, id),
        due: tx.now + RETRY_MS,
        kind: CLUSTER_SYNC_TIMER,
        payload: id,
      }),
    );
  }
}
