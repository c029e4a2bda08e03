import { ok, refuse } from "../../../rules/violation.ts";
import {
  replacedNodes,
  replacementNodeNames,
  replacementsInFlight,
} from "../../node-steps/pool-view.ts";
import { routeEvent } from "../../operation.ts";
import { wholePoolScales } from "../../scaling.ts";
import { cancelRefusal, completeRefusal, resumeRefusal } from "../guards.ts";
import type { StrategyModule } from "../module.ts";
import type { InPlaceOperation, InPlaceSettings } from "./operation.ts";
import { InPlaceRun } from "./run.ts";
import { startInPlace } from "./start.ts";

/**
 * LIFE-3 on bare metal: a cluster upgrade's worker pools are upgraded in place — the
 * same machines are drained, upgraded and uncordoned; nothing is created or deleted.
 *
 * @example inPlace.start({ ref, target, pool, settings: { type: "IN_PLACE", maxUnavailable: 1 } }, now)
 */
export const inPlace: StrategyModule<InPlaceOperation, InPlaceSettings> = {
  // chooseStrategy picks it for bare-metal worker pools itself; no pool configures it.
  resolve: () =>
    refuse(
      "NUP-1",
      "refused",
      "NUP-1: IN_PLACE is only used for bare-metal worker pools during a cluster upgrade (LIFE-3)",
    ),
  start: (request, now) => ok(startInPlace(request, now)),
  decide: (op, event, now) => routeEvent(new InPlaceRun(op, now), event),
  rule: "LIFE-3",
  controls: {
    cancel(op, now) {
      const refused = cancelRefusal(op, "LIFE-3");
      if (refused !== undefined) return refused;
      const run = new InPlaceRun(op, now);
      run.setCancelled(true);
      run.fx.log(
        `LIFE-3: cancelled; ${op.replacements.size} nodes already started finish, ${op.upgraded} upgraded nodes stay`,
      );
      return ok(run.finish());
    },
    resume(op, now) {
      const refused = resumeRefusal(op, "LIFE-3", ["CANCELLED", "FAILED"]);
      if (refused !== undefined) return refused;
      const run = new InPlaceRun(op, now);
      run.setCancelled(false);
      const retried = run.reviveFailed();
      run.fx.log(
        retried > 0
          ? `LIFE-3: resumed after failure; retrying ${retried} failed nodes, then the rest`
          : "LIFE-3: resumed; upgrading the remaining nodes",
      );
      return ok(run.finish());
    },
    rollback: () =>
      refuse(
        "LIFE-3",
        "conflict",
        "LIFE-3: an in-place upgrade of a bare-metal worker pool is never rolled back (a cluster upgrade only moves forward); resume retries it",
      ),
    complete: (op) => completeRefusal(op.kind),
  },
  collections: ["nodes", "replacements"],
  poolNodes: (op) => replacedNodes(op.nodes, op.replacements),
  workInFlight: (op) => replacementsInFlight(op.replacements),
  blocked: () => undefined,
  scaling: (op) => wholePoolScales(op.header.target),
  addedNodeConfig: (op) => op.header.target,
  underUpgrade: (op) => replacementNodeNames(op.replacements),
  removableStates: ["READY"],
};
