import {
  type NodePoolOperationView,
  type NodePoolUpgradeRequest,
  type Result,
  refuse,
} from "@regatta/engine";
import type { Tx } from "../../../runtime/types.ts";
import { runningClusterUpgrade } from "../cluster-upgrade/host.ts";
import { ownRunMember, type RunOwner } from "../run-members/members.ts";
import { type StartContext, startOperation } from "./host.ts";

/**
 * Starts a pool's upgrade unless its cluster's upgrade runs its pools itself (LIFE-3);
 * the run member it belongs to, if any, is recorded in the same transaction.
 */
export function startPoolUpgrade(
  tx: Tx,
  request: NodePoolUpgradeRequest,
  context: StartContext,
  runOwner: RunOwner | undefined,
): Result<NodePoolOperationView> {
  const cluster = runningClusterUpgrade(tx, request.pool.cluster);
  if (cluster) {
    return refuse(
      "LIFE-3",
      409,
      `LIFE-3: cluster ${request.pool.cluster} is being upgraded by ${cluster.id} (${cluster.state}); its node pools upgrade as part of it`,
    );
  }
  const started = startOperation(tx, request, context);
  if (started.ok && runOwner) ownRunMember(tx, runOwner, started.value.id);
  return started;
}
