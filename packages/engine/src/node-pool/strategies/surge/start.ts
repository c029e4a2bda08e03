import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { newNodePrefix, sameConfig } from "../../naming.ts";
import { createTable, trackNode } from "../../node-steps/node-table.ts";
import { emptyReplacements } from "../../node-steps/replacement-set.ts";
import { newHeader } from "../../operation.ts";
import type { NodeFacts } from "../../types.ts";
import type { StartRequest } from "../module.ts";
import type { SurgeOperation, SurgeSettings } from "./operation.ts";
import { SurgeRun } from "./run.ts";

/**
 * Plans a surge upgrade of the pool's nodes not yet on `target` and starts the first
 * nodes of every zone.
 *
 * @example
 * const { state, commands } = startSurge({ ref, target, pool, settings: { type: "SURGE", maxSurge: 1, maxUnavailable: 0 } }, now);
 * commands[0].type // "CREATE_NODE"
 */
export function startSurge(
  request: StartRequest<SurgeSettings>,
  now: Instant,
): Decision<SurgeOperation> {
  const { ref, target, window } = request;
  const { maxSurge, maxUnavailable } = request.settings;
  const nodes = request.pool.nodes;
  const byZone = new Map<string, NodeFacts[]>();
  for (const node of [...nodes].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    if (sameConfig(node, target)) continue;
    const list = byZone.get(node.zone);
    if (list === undefined) byZone.set(node.zone, [node]);
    else list.push(node);
  }
  const zones = [...byZone.keys()].sort().map((zone) => ({ zone, nodes: byZone.get(zone)! }));
  const slotOf = new Map<string, string>();
  zones.forEach((z, zi) => {
    z.nodes.forEach((n, j) => {
      slotOf.set(n.name, `${zi}.${j}`);
    });
  });
  const tracked = nodes.map((n) => {
    const node = trackNode(n, "READY");
    const slot = slotOf.get(n.name);
    return slot === undefined ? node : { ...node, slot };
  });
  const total = slotOf.size;
  const op: SurgeOperation = {
    kind: "SURGE",
    header: newHeader(ref, "SURGE", target, "UPGRADING_NODES", total, now),
    plan: {
      maxSurge,
      maxUnavailable,
      prefix: newNodePrefix(
        ref.pool,
        ref.id,
        nodes.map((n) => n.name),
      ),
      zones,
    },
    nodes: createTable(tracked, nodes.length + total),
    direction: "UPGRADE",
    cancelled: false,
    cursors: zones.map(() => ({ next: 0, returned: [], rollbackNext: 0 })),
    replacements: emptyReplacements(Math.min(total, zones.length * (maxSurge + maxUnavailable))),
    load: zones.map(() => ({ surge: 0, unavailable: 0, upgrading: 0 })),
    waiting: 0,
    upgraded: 0,
    skipped: 0,
    reverted: 0,
  };
  if (window !== undefined) op.window = window;
  const run = new SurgeRun(op, now);
  run.fx.log(
    `NUP-2: surge upgrade of ${total} nodes to ${target.version} (${target.nodeImage}), maxSurge=${maxSurge} maxUnavailable=${maxUnavailable} per zone`,
  );
  return run.finish();
}
