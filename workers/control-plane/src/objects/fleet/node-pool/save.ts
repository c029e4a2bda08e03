import { isTerminal, type NodePoolOperation, poolNodes } from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { wakeAutoscaler } from "../autoscaler/index.ts";
import { operationEnded } from "../ends.ts";
import { notifyPoolOperationEnd } from "../notifications/index.ts";
import type { OperationEnd } from "../waiters.ts";
import { type HostedOperation, saveOperation } from "./store.ts";

/**
 * Saves a node-pool operation and tells whoever depends on it what changed: the one way
 * an operation is written. `before` is what was stored (undefined for a new one).
 */
export function saveForOwners(
  tx: Tx,
  hosted: HostedOperation,
  before: NodePoolOperation | undefined,
): void {
  saveOperation(tx, hosted, before);
  operationSaved(tx, before, hosted.op);
}

/** After a node-pool operation was saved (`before` undefined for a new one). */
function operationSaved(
  tx: Tx,
  before: NodePoolOperation | undefined,
  op: NodePoolOperation,
): void {
  // An upgrade that began, moved on (a phase, a node replaced, cordoned or drained) or
  // ended changes what the pool may scale to (NUP-12) and where pods can run: the
  // autoscaler notices it at the next instant of its scan grid rather than polling it.
  if (
    before === undefined ||
    before.header.state !== op.header.state ||
    before.header.phase !== op.header.phase ||
    before.header.eventCount !== op.header.eventCount
  ) {
    wakeAutoscaler(tx, op.header.cluster);
  }
  if (!isTerminal(op.header.state)) return;
  if (before !== undefined && isTerminal(before.header.state)) return;
  const nodeVersions: Record<string, number> = {};
  for (const node of poolNodes(op)) {
    if (node.state === "DELETING") continue;
    nodeVersions[node.version] = (nodeVersions[node.version] ?? 0) + 1;
  }
  const end: OperationEnd = {
    operation: op.header.id,
    state: op.header.state,
    succeeded: op.header.state === "SUCCEEDED",
    at: tx.now,
    pool: op.header.pool,
    nodeVersions,
  };
  if (op.header.error !== undefined) end.error = op.header.error;
  operationEnded(tx, end);
  notifyPoolOperationEnd(tx, op);
}
