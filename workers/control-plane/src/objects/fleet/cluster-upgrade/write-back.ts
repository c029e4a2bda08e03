import { isClusterUpgradeTerminal } from "@regatta/engine";
import { deleteOperation, type Inventory, updateClustersStatus } from "@regatta/inventory";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import type { FleetCourier } from "../capability.ts";
import { wakeRolloutGroups } from "../rollout/index.ts";
import {
  clusterUpgradeRetention,
  clusterUpgradeRetirable,
  forgetClusterUpgrade,
  getHostedClusterUpgrade,
  noteOnFinishedClusterUpgrade,
} from "./host.ts";
import { CLUSTER_RETIRE_TIMER } from "./keys.ts";
import { awaitWriteBack, type ClusterWriteBack, unwrittenBack } from "./pending-write-backs.ts";

/** What a finished upgrade says when the inventory never took its write-back. */
export const WRITE_BACK_GIVEN_UP =
  "VER-8: the inventory refused this upgrade's write-back for a week; the cluster's status there may not show it";

/** What a write-back did: the upgrades it found ended, and whether one succeeded. */
interface WrittenBack {
  ended: string[];
  succeeded: boolean;
}

/**
 * VER-8: finished cluster upgrades write what the cluster runs to the inventory —
 * status.version := spec.version on success; on failure the status stays, the phase
 * says the upgrade failed and spec.version is what the upgrade had set by then. The ends
 * collected in one delivery go in one D1 batch; a failure is retried by the delivery.
 */
export const clusterWriteBack: FleetCourier<ClusterWriteBack, WrittenBack> = {
  async send(fleet, message) {
    const ended = await fleet.runtime.read((tx) =>
      [...new Set(message.ends.map((end) => end.upgrade))].flatMap((id) => {
        const hosted = getHostedClusterUpgrade(tx, id);
        return hosted && isClusterUpgradeTerminal(hosted.op.state) ? [{ id, hosted }] : [];
      }),
    );
    // Nothing to write back for a deleted cluster; one created again under the name is not it.
    const writes = ended.filter(({ hosted }) => !hosted.clusterDeleted);
    await updateClustersStatus(
      fleet.inventory,
      writes.map(({ hosted: { op } }) => ({
        name: op.cluster,
        status:
          op.state === "SUCCEEDED"
            ? { statusVersion: op.status.version, phase: "RUNNING" }
            : // Before its SET_SPEC_VERSION step (a blocked provider preflight) the upgrade
              // changed nothing, so the desired version the start recorded goes back too.
              { specVersion: op.spec.version, phase: "UPGRADE_FAILED" },
      })),
      fleet.runtime.now(),
    );
    // Chaos tests stop the object here: D1 has the versions, the object does not know yet.
    fleet.runtime.crashPoint("after-write-back");
    return {
      ended: ended.map(({ id }) => id),
      succeeded: writes.some(({ hosted }) => hosted.op.state === "SUCCEEDED"),
    };
  },
  taken(tx, _message, written) {
    if (written.succeeded) wakeRolloutGroups(tx);
    // An upgrade retried meanwhile is not retired; it is collected again when it ends again.
    for (const id of written.ended) scheduleRetirement(tx, id, clusterUpgradeRetention(tx, id));
  },
  remainder: unwrittenBack,
  // The inventory refused it for about a week: each upgrade says so, and still leaves
  // with its retention (the object's storage stays bounded).
  gaveUp(tx, message) {
    for (const { upgrade } of message.ends) {
      noteOnFinishedClusterUpgrade(tx, upgrade, WRITE_BACK_GIVEN_UP);
      scheduleRetirement(tx, upgrade, clusterUpgradeRetention(tx, upgrade));
    }
  },
};

/**
 * A write-back timer left by an earlier version (one per upgrade, or one for a pending
 * list): what it waited for joins the delivery.
 */
export function adoptWriteBackTimer(tx: Tx, upgrade: string | undefined): void {
  const LIST = "cu-sync:pending";
  const listed = tx.getState<string[]>(LIST) ?? [];
  tx.deleteState(LIST);
  for (const id of upgrade === undefined ? listed : [upgrade, ...listed]) awaitWriteBack(tx, id);
}

/** Retention is bookkeeping: it runs on the wall clock, whatever the sim's speed. */
function scheduleRetirement(tx: Tx, id: string, afterMs: number | undefined): void {
  if (afterMs === undefined) return;
  tx.setTimer({
    id: timerId(CLUSTER_RETIRE_TIMER, id),
    due: tx.wall + afterMs,
    kind: CLUSTER_RETIRE_TIMER,
    payload: id,
    clock: "wall",
  });
}

/**
 * The retirement timer of a cluster upgrade (bounded storage, like node-pool
 * operations): its D1 index row goes first, then its rows in the object; one retried
 * since it was scheduled is kept, and retired after the retry's own end.
 */
export async function retireClusterUpgrade(
  runtime: ObjectRuntime,
  db: Inventory,
  id: string,
): Promise<void> {
  const ready = await runtime.commit((tx) => {
    return clusterUpgradeRetirable(tx, id);
  });
  if (!ready) return;
  // A failure throws: the alarm loop runs the timer again later, as any failed timer.
  await deleteOperation(db, id);
  await runtime.commit((tx) => forgetClusterUpgrade(tx, id));
}
