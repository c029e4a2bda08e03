import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { sameConfig } from "../../naming.ts";
import { createTable, trackNode } from "../../node-steps/node-table.ts";
import { emptyReplacements } from "../../node-steps/replacement-set.ts";
import { newHeader } from "../../operation.ts";
import type { StartRequest } from "../module.ts";
import type { InPlaceOperation, InPlaceSettings } from "./operation.ts";
import { InPlaceRun } from "./run.ts";

/**
 * Plans the in-place upgrade of the pool's nodes not yet on `target`, in name order,
 * and starts the first `maxUnavailable` of them.
 *
 * @example startInPlace({ ref, target, pool, settings: { type: "IN_PLACE", maxUnavailable: 1 } }, now).commands[0].type // "CORDON_NODE"
 */
export function startInPlace(
  request: StartRequest<InPlaceSettings>,
  now: Instant,
): Decision<InPlaceOperation> {
  const { target, window } = request;
  // LIFE-6: in-place upgrades only happen inside a cluster upgrade, whose drains are best effort.
  const ref = { ...request.ref, bestEffortDrain: true as const };
  const nodes = request.pool.nodes;
  const order = nodes
    .filter((n) => !sameConfig(n, target))
    .map((n) => n.name)
    .sort();
  const { maxUnavailable } = request.settings;
  const op: InPlaceOperation = {
    kind: "IN_PLACE",
    header: newHeader(ref, "IN_PLACE", target, "UPGRADING_NODES", order.length, now),
    plan: { maxUnavailable, order },
    nodes: createTable(
      nodes.map((n) => trackNode(n, "READY")),
      nodes.length,
    ),
    next: 0,
    cancelled: false,
    replacements: emptyReplacements(Math.min(order.length, maxUnavailable)),
    upgraded: 0,
    skipped: 0,
  };
  if (window !== undefined) op.window = window;
  const run = new InPlaceRun(op, now);
  run.fx.log(
    `LIFE-3: in-place upgrade of ${order.length} bare-metal nodes to ${target.version} (${target.nodeImage}), ${maxUnavailable} at a time: cordon, drain, upgrade kubelet and container runtime on the same machine, uncordon; no machine is created`,
  );
  return run.finish();
}
