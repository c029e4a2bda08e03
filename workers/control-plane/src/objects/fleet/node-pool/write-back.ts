import { type Instant, type NodePoolOperation, poolNodes } from "@regatta/engine";
import { type Inventory, type WriteBackOutcome, writeBackNodePool } from "@regatta/inventory";
import type { Tx } from "../../../runtime/types.ts";
import type { FleetCourier } from "../capability.ts";
import { wakeRolloutGroups } from "../rollout/index.ts";
import {
  getHosted,
  markSynced,
  type NodePoolWriteBack,
  requestWriteBack,
  writeBackGivenUp,
} from "./lifecycle.ts";

/**
 * Makes the inventory match a finished node-pool operation: the pool's nodes as the
 * operation left them (those being deleted are gone) and, when it succeeded, the pool's
 * new version and image — only if the pool is still the one it started on (`poolUid`).
 */
export function writeBackOperation(
  db: Inventory,
  op: NodePoolOperation,
  poolUid: string,
  now: Instant,
): Promise<WriteBackOutcome> {
  const { id, cluster, pool, target, state } = op.header;
  const nodes = poolNodes(op)
    .filter((node) => node.state !== "DELETING")
    .map((node) => ({
      name: node.name,
      zone: node.zone,
      version: node.version,
      nodeImage: node.nodeImage,
      state: node.state,
      color: null,
    }));
  const upgradedTo =
    state === "SUCCEEDED" ? { version: target.version, nodeImage: target.nodeImage } : undefined;
  return writeBackNodePool(
    db,
    { operationId: id, cluster, pool, poolUid, nodes, ...(upgradedTo ? { upgradedTo } : {}) },
    now,
  );
}

/** What a write-back did, for the transaction that records it. */
interface WrittenBack {
  revision: number;
  outcome: WriteBackOutcome;
  succeeded: boolean;
  retentionMs: number;
}

/**
 * An operation's write-back, as a durable delivery: it writes the operation as it is
 * when the delivery goes, and records it synced unless it changed meanwhile. A refusal
 * is retried with the deliveries' backoff. A pool deleted or re-created meanwhile is no
 * failure: nothing is written and the operation settles.
 */
export const nodePoolWriteBack: FleetCourier<NodePoolWriteBack, WrittenBack | undefined> = {
  async send(fleet, message) {
    const source = await fleet.runtime.read((tx) => getHosted(tx, message.operation));
    if (!source) return undefined;
    const outcome = await writeBackOperation(
      fleet.inventory,
      source.op,
      source.poolUid,
      fleet.runtime.now(),
    );
    // Chaos tests stop the object here: D1 has the nodes, the object does not know yet.
    fleet.runtime.crashPoint("after-write-back");
    return {
      revision: source.revision,
      outcome,
      succeeded: source.op.header.state === "SUCCEEDED",
      retentionMs: fleet.retentionMs,
    };
  },
  taken(tx, message, written) {
    if (!written) return;
    const { revision, outcome, succeeded, retentionMs } = written;
    markSynced(tx, message.operation, revision, outcome === "POOL_REPLACED", retentionMs);
    // SEQ-8: nodes upgraded by hand count for the fleet's rollout groups.
    if (outcome === "WRITTEN" && succeeded) wakeRolloutGroups(tx);
  },
  gaveUp: (tx, message) => writeBackGivenUp(tx, message.operation),
};

/** A write-back timer of an earlier version: its operation's write-back becomes a delivery. */
export function adoptWriteBackTimer(tx: Tx, id: string): void {
  if (getHosted(tx, id)) requestWriteBack(tx, id);
}
