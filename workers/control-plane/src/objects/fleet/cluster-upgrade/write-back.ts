import { isClusterUpgradeTerminal } from "@regatta/engine";
import { deleteOperation, type Inventory, updateClustersStatus } from "@regatta/inventory";
import type { ObjectRuntime } from "../../../runtime/runtime.ts";
import type { Tx } from "../../../runtime/types.ts";
import { timerId } from "../../../runtime/types.ts";
import { wakeRolloutGroups } from "../rollout/index.ts";
import {
  clusterUpgradeRetention,
  clusterUpgradeRetirable,
  forgetClusterUpgrade,
  getHostedClusterUpgrade,
} from "./host.ts";
import { CLUSTER_RETIRE_TIMER } from "./keys.ts";
import {
  awaitWriteBack,
  pendingWriteBacks,
  scheduleWriteBack,
  writtenBack,
} from "./pending-write-backs.ts";

/** How long a failed write-back waits before the next try. */
const RETRY_MS = 30_000;
/** Write-backs taken together (one D1 batch, one transaction). */
const SYNC_BATCH = 200;

/**
 * VER-8: a finished cluster upgrade writes what the cluster runs to the inventory —
 * status.version := spec.version on success; on failure the status stays, the phase
 * says the upgrade failed and spec.version is what the upgrade had set by then. Every
 * pending write-back (up to {@link SYNC_BATCH}) goes together: upgrades that end together
 * (an update run's batch) cost one D1 batch and one transaction, not one each. `also`:
 * an upgrade whose own timer was set before the write-backs shared one.
 */
export async function syncClusterUpgrades(
  runtime: ObjectRuntime,
  db: Inventory,
  also?: string,
): Promise<void> {
  // One firing takes batch after batch until none is pending: thousands of members of a
  // run ending at one instant need several, and a timer set again for the instant it
  // fires at would be taken for the fired one and deleted with it.
  let first = also;
  while (await syncBatch(runtime, db, first)) first = undefined;
}

/** One batch of write-backs; whether more are pending (the timer is set for them). */
async function syncBatch(runtime: ObjectRuntime, db: Inventory, also?: string): Promise<boolean> {
  const { ids, ended } = await runtime.read((tx) => {
    const pending = pendingWriteBacks(tx);
    const ids = [...new Set([...(also === undefined ? [] : [also]), ...pending])].slice(
      0,
      SYNC_BATCH,
    );
    const ended = ids.flatMap((opId) => {
      const hosted = getHostedClusterUpgrade(tx, opId);
      return hosted && isClusterUpgradeTerminal(hosted.op.state) ? [{ id: opId, hosted }] : [];
    });
    return { ids, ended };
  });
  // Nothing to write back for a deleted cluster; one created again under the name is not it.
  const writes = ended.filter(({ hosted }) => !hosted.clusterDeleted);
  try {
    await updateClustersStatus(
      db,
      writes.map(({ hosted: { op } }) => ({
        name: op.cluster,
        status:
          op.state === "SUCCEEDED"
            ? { statusVersion: op.status.version, phase: "RUNNING" }
            : // Before its SET_SPEC_VERSION step (a blocked provider preflight) the upgrade
              // changed nothing, so the desired version the start recorded goes back too.
              { specVersion: op.spec.version, phase: "UPGRADE_FAILED" },
      })),
      runtime.now(),
    );
  } catch (error) {
    console.error(
      `fleet: status write-back of ${writes.length} cluster upgrades failed; retrying`,
      error,
    );
    // Every upgrade of the batch tries again, a deleted cluster's too (its retirement is
    // scheduled by the write-back that succeeds).
    await runtime.commit((tx) => {
      for (const { id: opId } of ended) awaitWriteBack(tx, opId);
      scheduleWriteBack(tx, tx.now + RETRY_MS);
    });
    return false;
  }
  runtime.crashPoint("after-write-back");
  return runtime.commit((tx) => {
    if (writes.some(({ hosted }) => hosted.op.state === "SUCCEEDED")) wakeRolloutGroups(tx);
    for (const { id: opId } of ended)
      scheduleRetirement(tx, opId, clusterUpgradeRetention(tx, opId));
    // Ids that are no upgrade (retired meanwhile) or not finished (retried) leave too: a
    // retried one is pending again when it ends again.
    return writtenBack(tx, ids);
  });
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
  try {
    await deleteOperation(db, id);
  } catch (error) {
    console.error(`fleet: retiring cluster upgrade ${id} failed; retrying later`, error);
    await runtime.commit((tx) => scheduleRetirement(tx, id, RETRY_MS));
    return;
  }
  await runtime.commit((tx) => forgetClusterUpgrade(tx, id));
}
