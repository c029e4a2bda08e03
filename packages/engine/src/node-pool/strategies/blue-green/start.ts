import type { Decision } from "../../../machine/decision.ts";
import type { Instant } from "../../../time/instant.ts";
import { quotaName } from "../../capacity.ts";
import { interleaveZones, newNodePrefix, sameConfig } from "../../naming.ts";
import { createTable, trackNode } from "../../node-steps/node-table.ts";
import { newHeader } from "../../operation.ts";
import type { NodePoolFacts } from "../../types.ts";
import type { StartRequest } from "../module.ts";
import type { BlueGreenOperation, BlueGreenSettings } from "./operation.ts";
import { soakPlan } from "./plan.ts";
import { BlueGreenRun } from "./run.ts";

/**
 * Plans a blue-green upgrade and starts phase 1: blue's autoscaling is frozen (NUP-12)
 * and one green node per blue node is created in its zone. The quota check happens
 * before (see {@link greenShortfall}), from the capacity facts the caller supplies.
 *
 * @example startBlueGreen({ ref, target, pool, settings }, now).state.phase // "CREATING_GREEN"
 */
export function startBlueGreen(
  request: StartRequest<BlueGreenSettings>,
  now: Instant,
): Decision<BlueGreenOperation> {
  const { ref, target, settings: strategy } = request;
  const nodes = request.pool.nodes;
  const blue = interleaveZones(nodes).map((n) => n.name);
  const soak = soakPlan(
    strategy.batch,
    strategy.batchSoakSeconds,
    strategy.nodePoolSoakSeconds,
    blue.length,
  );
  const op: BlueGreenOperation = {
    kind: "BLUE_GREEN",
    header: newHeader(ref, "BLUE_GREEN", target, "CREATING_GREEN", blue.length, now),
    plan: {
      blue,
      greenPrefix: newNodePrefix(ref.pool, ref.id, blue),
      batchSize: soak.batchSize,
      batchSoakSeconds: strategy.batchSoakSeconds,
      nodePoolSoakSeconds: strategy.nodePoolSoakSeconds,
    },
    nodes: createTable(
      nodes.map((n) => trackNode(n, "READY", "BLUE")),
      2 * nodes.length,
    ),
    phase: "CREATING_GREEN",
    cancelled: false,
    round: 0,
    waitingFor: 0,
    retries: {},
    batch: 0,
    forced: false,
    soakedSeconds: 0,
    deleted: 0,
  };
  const run = new BlueGreenRun(op, now);
  if (nodes.every((n) => sameConfig(n, target))) {
    run.end("SUCCEEDED", "NUP-8: every node already runs the target; nothing to replace");
    return run.finish();
  }
  run.fx.log(
    `NUP-8: blue-green upgrade of ${blue.length} nodes; ${soak.batches} batches of ${soak.batchSize}, total soak ${soak.totalSeconds} s${soak.capped ? " (reaches 7 days: blue is deleted once 7 days of soak have passed)" : ""}`,
  );
  run.enterCreatingGreen();
  return run.finish();
}

/**
 * NUP-8 phase 1: "quota is checked before provisioning green" — the whole green pool
 * (one node per blue node, zone by zone) must fit every quota of the zone the caller knows.
 *
 * @example greenShortfall(poolWithFullZone) // "NUP-8: the green pool needs 3 nodes in a but only 1 fit the zone's node quota"
 */
export function greenShortfall(pool: NodePoolFacts): string | undefined {
  if (pool.freeCapacity === undefined) return undefined;
  const need = new Map<string, number>();
  for (const node of pool.nodes) need.set(node.zone, (need.get(node.zone) ?? 0) + 1);
  for (const [zone, nodes] of [...need].sort()) {
    const room = pool.freeCapacity[zone];
    if (room !== undefined && room.nodes < nodes) {
      return `NUP-8: the green pool needs ${nodes} nodes in ${zone} but only ${room.nodes} fit the zone's ${quotaName(room.limitedBy)}`;
    }
  }
  return undefined;
}
