import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { newNodePrefix, sameConfig } from "../../naming.ts";
import { createTable, trackNode } from "../../node-steps/node-table.ts";
import { emptyReplacements } from "../../node-steps/replacement-set.ts";
import { at, newHeader, SEVEN_DAYS } from "../../operation.ts";
import type { StartRequest } from "../module.ts";
import type { ShortLivedOperation, ShortLivedSettings } from "./operation.ts";
import { ShortLivedRun } from "./run.ts";

/**
 * Starts a short-lived upgrade: nothing happens to running nodes now; each preempted
 * node comes back with the new configuration, and whatever still runs the old one
 * after 7 days is replaced then.
 *
 * @example startShortLived({ ref, target, pool, settings }, now).commands // []
 */
export function startShortLived(
  request: StartRequest<ShortLivedSettings>,
  now: Instant,
): Decision<ShortLivedOperation> {
  const { ref, target } = request;
  const nodes = request.pool.nodes;
  const old = nodes.filter((n) => !sameConfig(n, target)).length;
  const op: ShortLivedOperation = {
    kind: "SHORT_LIVED",
    header: newHeader(ref, "SHORT_LIVED", target, "AWAITING_PREEMPTION", old, now),
    plan: {
      deadline: now + SEVEN_DAYS,
      prefix: newNodePrefix(
        ref.pool,
        ref.id,
        nodes.map((n) => n.name),
      ),
    },
    nodes: createTable(
      nodes.map((n) => trackNode(n, "READY")),
      nodes.length + old,
    ),
    phase: "AWAITING_PREEMPTION",
    oldLeft: old,
    seq: 0,
    replacements: emptyReplacements(old),
  };
  const run = new ShortLivedRun(op, now);
  run.fx.log(
    `NUP-11: short-lived upgrade; ${old} nodes move to the new configuration as they are preempted, the rest at ${at(op.plan.deadline)}`,
  );
  return run.finish();
}
