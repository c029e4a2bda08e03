import type { ClusterUpgrade, NodePoolOperation } from "@regatta/engine";
import type { NotificationEvent } from "@regatta/protocol";
import type { Tx } from "../../../runtime/types.ts";
import { recordNotification } from "../../notifications/record.ts";

/**
 * `operation.succeeded|failed|rolledback`: an operation's end, recorded from ends.ts (the
 * one way every end travels) in the transaction that ended it. A cancelled operation has
 * no event in the catalogue.
 */
const EVENT_OF_STATE: Readonly<Record<string, NotificationEvent>> = {
  SUCCEEDED: "operation.succeeded",
  FAILED: "operation.failed",
  ROLLED_BACK: "operation.rolledback",
};

/** A node-pool operation that just ended (ends.ts calls it once per end). */
export function notifyPoolOperationEnd(tx: Tx, op: NodePoolOperation): void {
  const { header } = op;
  const event = EVENT_OF_STATE[header.state];
  if (event === undefined) return;
  recordNotification(tx, {
    event,
    subject: `operations/${header.id}`,
    data: {
      operation: header.id,
      kind: "NODE_POOL_UPGRADE",
      cluster: header.cluster,
      pool: header.pool,
      state: header.state,
      ...(header.error === undefined ? {} : { error: header.error }),
    },
  });
}

/**
 * A cluster upgrade that just ended (ends.ts calls it once per ending: a resumed upgrade
 * that ends again is a new end).
 */
export function notifyClusterUpgradeEnd(tx: Tx, op: ClusterUpgrade): void {
  const event = EVENT_OF_STATE[op.state];
  if (event === undefined) return;
  recordNotification(tx, {
    event,
    subject: `operations/${op.id}`,
    data: {
      operation: op.id,
      kind: "CLUSTER_UPGRADE",
      cluster: op.cluster,
      target: op.target,
      state: op.state,
      ...(op.error === undefined ? {} : { error: op.error }),
    },
  });
}
