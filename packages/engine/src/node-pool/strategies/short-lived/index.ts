import { ok, type Result, refuse } from "../../../rules/violation.ts";
import {
  nodesWithCommand,
  replacedNodes,
  replacementNodeNames,
  replacementsInFlight,
} from "../../node-steps/pool-view.ts";
import { routeEvent } from "../../operation.ts";
import { wholePoolScales } from "../../scaling.ts";
import { cancelRefusal, completeRefusal } from "../guards.ts";
import type { StrategyModule } from "../module.ts";
import type { ShortLivedOperation, ShortLivedSettings } from "./operation.ts";
import { ShortLivedRun } from "./run.ts";
import { startShortLived } from "./start.ts";

/** NUP-11: the upgrade follows the provider's preemptions; nothing can steer it. */
function noControls(): Result<never> {
  return refuse(
    "NUP-11",
    "refused",
    "NUP-11: short-lived upgrades follow preemptions and have no controls",
  );
}

/**
 * NUP-11: short-lived upgrades — each preempted node comes back with the new
 * configuration, and whatever still runs the old one after 7 days is replaced then.
 *
 * @example shortLived.decide(op, { type: "NODE_PREEMPTED", cluster, pool, node: "n1", at: now }, now).commands[0].type // "CREATE_NODE"
 */
export const shortLived: StrategyModule<ShortLivedOperation, ShortLivedSettings> = {
  // NUP-1 chooses short-lived for flex-start and queued-provisioning pools itself.
  resolve: () =>
    refuse(
      "NUP-1",
      "refused",
      "NUP-1: SHORT_LIVED is only used for flex-start and queued-provisioning pools",
    ),
  start: (request, now) => ok(startShortLived(request, now)),
  decide: (op, event, now) => routeEvent(new ShortLivedRun(op, now), event),
  rule: "NUP-11",
  controls: {
    cancel: (op) => cancelRefusal(op, "NUP-11") ?? noControls(),
    resume: noControls,
    rollback: noControls,
    complete: (op) => completeRefusal(op.kind),
  },
  collections: ["nodes", "replacements"],
  poolNodes: (op) => replacedNodes(op.nodes, op.replacements),
  workInFlight: (op) => nodesWithCommand(op.nodes).length + replacementsInFlight(op.replacements),
  blocked: () => undefined,
  scaling: (op) => wholePoolScales(op.header.target),
  addedNodeConfig: (op) => op.header.target,
  underUpgrade: (op) => replacementNodeNames(op.replacements),
  removableStates: ["READY"],
};
