import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { interleaveZones, sameConfig } from "../../naming.ts";
import { createTable, trackNode } from "../../node-steps/node-table.ts";
import { newHeader } from "../../operation.ts";
import type { StartRequest } from "../module.ts";
import type { AutoscaledBlueGreenOperation, AutoscaledBlueGreenSettings } from "./operation.ts";
import { AutoscaledRun } from "./run.ts";

/**
 * Plans an autoscaled blue-green upgrade: green starts with no nodes (the autoscaler
 * grows it with the target configuration), blue is cordoned at once.
 *
 * @example startAutoscaledBlueGreen({ ref, target, pool, settings }, now).state.phase // "CORDONING_BLUE"
 */
export function startAutoscaledBlueGreen(
  request: StartRequest<AutoscaledBlueGreenSettings>,
  now: Instant,
): Decision<AutoscaledBlueGreenOperation> {
  const { ref, target } = request;
  const { waitSeconds } = request.settings;
  const nodes = request.pool.nodes;
  const blue = interleaveZones(nodes).map((n) => n.name);
  const op: AutoscaledBlueGreenOperation = {
    kind: "AUTOSCALED_BLUE_GREEN",
    header: newHeader(ref, "AUTOSCALED_BLUE_GREEN", target, "CREATING_GREEN", blue.length, now),
    plan: { blue, waitSeconds },
    nodes: createTable(
      nodes.map((n) => trackNode(n, "READY", "BLUE")),
      2 * nodes.length,
    ),
    phase: "CREATING_GREEN",
    cancelled: false,
    waitingFor: 0,
    retries: {},
    cursor: 0,
    draining: {},
    blueGone: 0,
  };
  const unevictable = request.pool.unevictableNodes?.filter((name) => blue.includes(name));
  if (unevictable !== undefined && unevictable.length > 0) op.unevictable = unevictable;
  const run = new AutoscaledRun(op, now);
  if (nodes.every((n) => sameConfig(n, target))) {
    run.op.phase = "DONE";
    run.end("SUCCEEDED", "NUP-10: every node already runs the target; nothing to replace");
    return run.finish();
  }
  run.fx.log(
    `NUP-10: autoscaled blue-green upgrade of ${blue.length} nodes; green pool created with 0 nodes, wait ${waitSeconds} s before draining`,
  );
  return run.finish();
}
