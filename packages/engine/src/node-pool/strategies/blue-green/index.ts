import { ok, refuse } from "../../../rules/violation.ts";
import { getNode } from "../../node-steps/node-table.ts";
import { nodesWithCommand, tableNodes } from "../../node-steps/pool-view.ts";
import { isTerminal, routeEvent } from "../../operation.ts";
import { type PoolScalingPolicy, scalesBothWays } from "../../scaling.ts";
import type { NodeConfig } from "../../types.ts";
import { cancelRefusal, resumeRefusal } from "../guards.ts";
import type { StrategyModule } from "../module.ts";
import {
  cancelBlueGreen,
  completeBlueGreen,
  resumeBlueGreen,
  rollbackBlueGreen,
} from "./controls.ts";
import {
  BLUE_GREEN_PHASE_NUMBER,
  type BlueGreenOperation,
  type BlueGreenSettings,
} from "./operation.ts";
import { BlueGreenRun } from "./run.ts";
import { resolveBlueGreen } from "./settings.ts";
import { greenShortfall, startBlueGreen } from "./start.ts";

/**
 * NUP-8 and NUP-9: blue-green upgrades in five phases, with batches, soaks, complete
 * and rollback. Runs to completion once started, whatever the maintenance window does
 * (MW-4).
 *
 * @example blueGreen.decide(op, { type: "TICK", at: now }, now).state.phase
 */
export const blueGreen: StrategyModule<BlueGreenOperation, BlueGreenSettings> = {
  resolve: resolveBlueGreen,
  start(request, now) {
    const short = greenShortfall(request.pool);
    if (short !== undefined) return refuse("NUP-8", "refused", short);
    return ok(startBlueGreen(request, now));
  },
  decide: (op, event, now) => routeEvent(new BlueGreenRun(op, now), event),
  rule: "NUP-9",
  controls: {
    cancel(op, now) {
      const refused = cancelRefusal(op, "NUP-9");
      if (refused !== undefined) return refused;
      const phase = BLUE_GREEN_PHASE_NUMBER[op.phase];
      if (phase === undefined || phase > 4) {
        return refuse(
          "NUP-9",
          "conflict",
          `NUP-9: cancel is possible in phases 1–4 only; the upgrade is in ${op.phase}`,
        );
      }
      return ok(cancelBlueGreen(op, now));
    },
    resume: (op, now) => resumeRefusal(op, "NUP-9", ["CANCELLED"]) ?? ok(resumeBlueGreen(op, now)),
    rollback(op, now) {
      const { state } = op.header;
      const phase = BLUE_GREEN_PHASE_NUMBER[op.phase];
      if (state === "SUCCEEDED" || state === "ROLLED_BACK" || phase === undefined || phase > 4) {
        return refuse(
          "NUP-9",
          "conflict",
          `NUP-9: rollback is possible in phases 1–4 only; the upgrade is ${state} in ${op.phase}`,
        );
      }
      if (state !== "CANCELLED" && state !== "FAILED") {
        return refuse(
          "NUP-9",
          "conflict",
          `NUP-9: cancel the upgrade before rolling it back (it is ${state})`,
        );
      }
      return ok(rollbackBlueGreen(op, now));
    },
    complete(op, now) {
      if (op.phase !== "SOAKING_POOL" || isTerminal(op.header.state)) {
        return refuse(
          "NUP-9",
          "conflict",
          `NUP-9: complete skips the node-pool soak (phase 4); the upgrade is ${op.header.state} in ${op.phase}`,
        );
      }
      return ok(completeBlueGreen(op, now));
    },
  },
  collections: ["nodes"],
  poolNodes: (op) => tableNodes(op.nodes),
  workInFlight: (op) => nodesWithCommand(op.nodes).length,
  blocked: () => undefined,
  scaling,
  addedNodeConfig,
  underUpgrade: (op) => new Set(nodesWithCommand(op.nodes)),
  removableStates: ["READY"],
};

/**
 * NUP-12: blue never scales (during a rollback it may grow, seed); green may grow from
 * phase 1 and shrink too from phase 4 (seed: "it can be scaled up until the soak phase,
 * where it can be scaled up or down").
 */
function scaling(op: BlueGreenOperation): PoolScalingPolicy {
  if (op.rollbackFrom !== undefined) {
    return {
      upgrading: true,
      groups: [
        {
          color: "BLUE",
          scaleUp: true,
          scaleDown: false,
          ignoreMinNodes: false,
          reason: "NUP-12: rolling back; blue may grow for capacity",
        },
        { color: "GREEN", ...scalesBothWays(false, "NUP-12: green is being removed") },
      ],
    };
  }
  const soaking = op.phase === "SOAKING_POOL" || op.phase === "DELETING_BLUE";
  return {
    upgrading: true,
    groups: [
      { color: "BLUE", ...scalesBothWays(false, "NUP-12: blue never scales during blue-green") },
      {
        color: "GREEN",
        scaleUp: true,
        scaleDown: soaking,
        ignoreMinNodes: false,
        config: op.header.target,
        reason: soaking
          ? "NUP-12: green scales both ways from the soak phase"
          : "NUP-12: green may only grow before the soak phase",
      },
    ],
  };
}

/** Rolling back, added nodes get blue's original configuration. */
function addedNodeConfig(op: BlueGreenOperation): NodeConfig {
  const first = op.rollbackFrom === undefined ? undefined : op.plan.blue[0];
  const original = first === undefined ? undefined : getNode(op.nodes, first);
  if (original === undefined) return op.header.target;
  return { version: original.version, nodeImage: original.nodeImage };
}
