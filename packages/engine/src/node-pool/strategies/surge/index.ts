import { keyedValues } from "../../../collections/keyed-map.ts";
import { ok, refuse } from "../../../rules/violation.ts";
import {
  nodesWithCommand,
  replacedNodes,
  replacementNodeNames,
  replacementsInFlight,
} from "../../node-steps/pool-view.ts";
import { routeEvent } from "../../operation.ts";
import { wholePoolScales } from "../../scaling.ts";
import type { NodeConfig } from "../../types.ts";
import { cancelRefusal, completeRefusal, resumeRefusal } from "../guards.ts";
import type { StrategyModule } from "../module.ts";
import { cancelSurge, resumeSurge, rollbackSurge } from "./controls.ts";
import type { SurgeOperation, SurgeSettings } from "./operation.ts";
import { SurgeRun } from "./run.ts";
import { resolveSurge } from "./settings.ts";
import { startSurge } from "./start.ts";

/**
 * NUP-2..7 and MW-4: surge upgrades, zone by zone within maxSurge + maxUnavailable.
 *
 * @example surge.decide(op, { type: "TICK", at: now }, now).wakeAt
 */
export const surge: StrategyModule<SurgeOperation, SurgeSettings> = {
  resolve: resolveSurge,
  start: (request, now) => ok(startSurge(request, now)),
  decide: (op, event, now) => routeEvent(new SurgeRun(op, now), event),
  rule: "NUP-7",
  controls: {
    cancel(op, now) {
      const refused = cancelRefusal(op, "NUP-7");
      if (refused !== undefined) return refused;
      if (op.direction === "ROLLBACK") {
        return refuse("NUP-7", "conflict", "NUP-7: a rollback in progress cannot be cancelled");
      }
      return ok(cancelSurge(op, now));
    },
    resume: (op, now) =>
      resumeRefusal(op, "NUP-7", ["CANCELLED", "FAILED"]) ?? ok(resumeSurge(op, now)),
    rollback(op, now) {
      const { state } = op.header;
      if (state === "SUCCEEDED") {
        return refuse(
          "NUP-7",
          "conflict",
          "NUP-7: the upgrade completed; a completed upgrade cannot be rolled back (downgrade the pool instead)",
        );
      }
      if (op.direction === "ROLLBACK") {
        return refuse(
          "NUP-7",
          "conflict",
          state === "FAILED"
            ? "NUP-7: the rollback failed; resume retries it"
            : `NUP-7: the pool is already ${state === "ROLLED_BACK" ? "rolled back" : "rolling back"}`,
        );
      }
      if (state !== "CANCELLED" && state !== "FAILED") {
        return refuse(
          "NUP-7",
          "conflict",
          `NUP-7: only a cancelled or failed (partly upgraded) surge upgrade can be rolled back; this one is ${state}${state === "RUNNING" || state === "PAUSED" ? " — cancel it first" : ""}`,
        );
      }
      return ok(rollbackSurge(op, now));
    },
    complete: (op) => completeRefusal(op.kind),
  },
  collections: ["nodes", "replacements"],
  poolNodes: (op) => replacedNodes(op.nodes, op.replacements),
  workInFlight: (op) => nodesWithCommand(op.nodes).length + replacementsInFlight(op.replacements),
  blocked: halfReplaced,
  scaling: (op) => wholePoolScales(addedNodeConfig(op)),
  addedNodeConfig,
  underUpgrade: (op) => replacementNodeNames(op.replacements),
  removableStates: ["READY"],
};

/**
 * NUP-7: a failed surge that left nodes half-replaced (a surge node beside its old
 * node, or an old node already deleted) is resumed or rolled back first, so no node is
 * leaked or lost.
 */
function halfReplaced(op: SurgeOperation): string | undefined {
  if (op.header.state !== "FAILED") return undefined;
  const half = keyedValues(op.replacements)
    .filter(
      (task) => task.failed !== undefined && !(task.path === "SURGE" && task.step === "CREATE"),
    )
    .map((task) => task.old ?? task.fresh);
  if (half.length === 0) return undefined;
  return `${half.length} nodes are half-replaced (${half.slice(0, 5).join(", ")}${half.length > 5 ? ", …" : ""}); resume or roll back ${op.header.id} first`;
}

/** Rolling back, added nodes get the original configuration. */
function addedNodeConfig(op: SurgeOperation): NodeConfig {
  const original = op.direction === "ROLLBACK" ? op.plan.zones[0]?.nodes[0] : undefined;
  if (original === undefined) return op.header.target;
  return { version: original.version, nodeImage: original.nodeImage };
}
