import { type ClusterUpgrade, isClusterUpgradeTerminal } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { operationEnded } from "../ends.ts";
import { notifyClusterUpgradeEnd } from "../notifications/index.ts";
import type { OperationEnd } from "../waiters.ts";

/**
 * After a cluster upgrade was saved (`before`: as stored until then, none for a new one):
 * its end, once per ending — a save that repeats an end (same state, same end instant)
 * is not one; a resumed upgrade that ends again is.
 */
export function clusterUpgradeSaved(
  tx: Tx,
  op: ClusterUpgrade,
  before: ClusterUpgrade | undefined,
): void {
  if (!isClusterUpgradeTerminal(op.state)) return;
  if (
    before !== undefined &&
    isClusterUpgradeTerminal(before.state) &&
    before.state === op.state &&
    before.endedAt === op.endedAt
  ) {
    return;
  }
  const end: OperationEnd = {
    operation: op.id,
    state: op.state,
    succeeded: op.state === "SUCCEEDED",
    at: tx.now,
  };
  if (op.error !== undefined) end.error = op.error;
  operationEnded(tx, end);
  notifyClusterUpgradeEnd(tx, op);
}
