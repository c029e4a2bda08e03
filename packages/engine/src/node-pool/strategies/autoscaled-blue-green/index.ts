import { ok, refuse } from "../../../rules/violation.ts";
import { nodesWithCommand, tableNodes } from "../../node-steps/pool-view.ts";
import { routeEvent } from "../../operation.ts";
import { scalesBothWays } from "../../scaling.ts";
import { cancelRefusal, resumeRefusal } from "../guards.ts";
import type { StrategyModule } from "../module.ts";
import { cancelAutoscaledBlueGreen, resumeAutoscaledBlueGreen } from "./controls.ts";
import type { AutoscaledBlueGreenOperation, AutoscaledBlueGreenSettings } from "./operation.ts";
import { AutoscaledRun } from "./run.ts";
import { resolveAutoscaledBlueGreen } from "./settings.ts";
import { startAutoscaledBlueGreen } from "./start.ts";

/**
 * NUP-10: autoscaled blue-green upgrades — green grows through the autoscaler, blue is
 * cordoned, waited on, drained up to 20 at a time and deleted. No soak and no rollback;
 * runs to completion regardless of maintenance windows (MW-4).
 *
 * @example autoscaledBlueGreen.decide(op, { type: "POOL_SCALED", at: now, added: [], removed: ["b-1"] }, now)
 */
export const autoscaledBlueGreen: StrategyModule<
  AutoscaledBlueGreenOperation,
  AutoscaledBlueGreenSettings
> = {
  resolve: resolveAutoscaledBlueGreen,
  start: (request, now) => ok(startAutoscaledBlueGreen(request, now)),
  decide: (op, event, now) => routeEvent(new AutoscaledRun(op, now), event),
  rule: "NUP-10",
  controls: {
    cancel(op, now) {
      const refused = cancelRefusal(op, "NUP-10");
      if (refused !== undefined) return refused;
      if (op.phase === "DELETING_BLUE" || op.phase === "DONE") {
        return refuse(
          "NUP-10",
          "conflict",
          `NUP-10: blue is being deleted (${op.phase}); too late to cancel`,
        );
      }
      return ok(cancelAutoscaledBlueGreen(op, now));
    },
    resume: (op, now) =>
      resumeRefusal(op, "NUP-10", ["CANCELLED"]) ?? ok(resumeAutoscaledBlueGreen(op, now)),
    rollback: () =>
      refuse("NUP-10", "refused", "NUP-10: autoscaled blue-green upgrades cannot be rolled back"),
    complete: () =>
      refuse(
        "NUP-10",
        "refused",
        "NUP-10: autoscaled blue-green has no node-pool soak to complete",
      ),
  },
  collections: ["nodes"],
  poolNodes: (op) => tableNodes(op.nodes),
  workInFlight: (op) => nodesWithCommand(op.nodes).length,
  blocked: () => undefined,
  /** NUP-10: green scales both ways throughout; blue only shrinks, ignoring its minimum, while the upgrade waits to drain. */
  scaling(op) {
    const waiting = op.phase === "WAITING_TO_DRAIN";
    return {
      upgrading: true,
      groups: [
        {
          color: "BLUE",
          scaleUp: false,
          scaleDown: waiting,
          ignoreMinNodes: waiting,
          reason: waiting
            ? "NUP-10: blue may shrink, even to zero, ignoring its minimum"
            : "NUP-12: blue does not scale outside the wait",
        },
        {
          color: "GREEN",
          ...scalesBothWays(true, "NUP-10: green scales as needed"),
          config: op.header.target,
        },
      ],
    };
  },
  addedNodeConfig: (op) => op.header.target,
  underUpgrade: (op) => new Set(nodesWithCommand(op.nodes)),
  // NUP-10: cordoned blue nodes waiting to drain may go too.
  removableStates: ["READY", "CORDONED"],
};
