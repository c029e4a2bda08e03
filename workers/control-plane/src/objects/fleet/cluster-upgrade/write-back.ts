import { isClusterUpgradeTerminal } from "@regatta/engine";
import { deleteOperation, type Inventory, updateClusterStatus } from "@regatta/inventory";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { wakeRolloutGroups } from "../rollout/owners.ts";
import {
  clusterUpgradeRetirable,
  clusterUpgradeRetiresAt,
  forgetClusterUpgrade,
  getHostedClusterUpgrade,
} from "./host.ts";
import { CLUSTER_RETIRE_TIMER, CLUSTER_SYNC_TIMER } from "./keys.ts";

/** How long a failed write-back waits before the next try. */
const RETRY_MS = 30_000;

/**
 * VER-8: a finished cluster upgrade writes what the cluster runs to the inventory —
 * status.version := spec.version on success; on failure the status stays, the phase
 * says the upgrade failed and spec.version is what the upgrade had set by then.
 */
export async function syncClusterUpgrade(
  runtime: ObjectRuntime,
  db: Inventory,
  id: string,
): Promise<void> {
  const hosted = await runtime.commit((tx) => getHostedClusterUpgrade(tx, id));
  const op = hosted?.op;
  if (!op || !isClusterUpgradeTerminal(op.state)) return;
  if (hosted?.clusterDeleted) {
    // Nothing to write back; a cluster created again under the name is not this one.
    await runtime.commit((tx) => scheduleRetirement(tx, id, clusterUpgradeRetiresAt(tx, id)));
    return;
  }
  const status =
    op.state === "SUCCEEDED"
      ? { statusVersion: op.status.version, phase: "RUNNING" }
      : // Before its SET_SPEC_VERSION step (a blocked provider preflight) the upgrade
        // changed nothing, so the desired version the start recorded goes back too.
        { specVersion: op.spec.version, phase: "UPGRADE_FAILED" };
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
    return;
  }
  await runtime.commit((tx) => {
    if (op.state === "SUCCEEDED") wakeRolloutGroups(tx);
    scheduleRetirement(tx, id, clusterUpgradeRetiresAt(tx, id));
  });
}

function scheduleRetirement(tx: Tx, id: string, due: number | undefined): void {
  if (due === undefined) return;
  tx.setTimer({
    id: timerId(CLUSTER_RETIRE_TIMER, id),
    due,
    kind: CLUSTER_RETIRE_TIMER,
    payload: id,
  });
}

/**
 * The retirement timer of a cluster upgrade (bounded storage, like node-pool
 * operations): its D1 index row goes first, then its rows in the object; a retry since
 * it was scheduled moves the retirement to the retry's own end.
 */
export async function retireClusterUpgrade(
  runtime: ObjectRuntime,
  db: Inventory,
  id: string,
): Promise<void> {
  const ready = await runtime.commit((tx) => {
    if (clusterUpgradeRetirable(tx, id)) return true;
    scheduleRetirement(tx, id, clusterUpgradeRetiresAt(tx, id));
    return false;
  });
  if (!ready) return;
  try {
    await deleteOperation(db, id);
  } catch (error) {
    console.error(`fleet: retiring cluster upgrade ${id} failed; retrying later`, error);
    await runtime.commit((tx) => scheduleRetirement(tx, id, tx.now + RETRY_MS));
    return;
  }
  await runtime.commit((tx) => forgetClusterUpgrade(tx, id));
}
