import type { Instant, UpdateRun, UpdateRunState } from "@regatta/engine";
import { boundCourier } from "../../runtime/capabilities.ts";
import { attemptDelivery, deliver, pendingDelivery } from "../../runtime/deliveries.ts";
import type { Tx } from "../../runtime/types.ts";
import type { RunStateReport } from "../fleet/run-members/index.ts";
import type { RunCapability, RunContext, RunCourier } from "./context.ts";

/**
 * RUN-8: the run tells its fleet's index its state when it changes, as a durable
 * delivery (one id: a newer state not yet taken replaces the older). The index lists the
 * run, refuses a 201st unfinished one and starts a finished one's retention from it; the
 * fleet never polls its runs for it.
 */

const RUN_STATE_DELIVERY = "run-state";

/** What the fleet hears, carried with the fleet's name. */
interface RunStateMessage extends RunStateReport {
  type: "run-state";
  fleet: string;
}

/** Records the report of `after`'s state when a decision at `at` changed it. */
export function reportRunState(
  tx: Tx,
  before: UpdateRunState,
  after: UpdateRun,
  at: Instant,
): void {
  if (before === after.state) return;
  deliver<RunStateMessage>(tx, RUN_STATE_DELIVERY, {
    type: "run-state",
    fleet: after.fleet,
    run: after.name,
    createdAt: after.createdAt,
    state: after.state,
    at,
  });
}

const courier: RunCourier<RunStateMessage, boolean> = {
  send: (run, { type: _, fleet, ...report }) =>
    run.env.FLEET.get(run.env.FLEET.idFromName(fleet)).runStateChanged(report),
};

/** RUN-8: the run's state, carried to its fleet's index. */
export const runState: RunCapability = {
  name: "run state",
  deliveries: { "run-state": courier },
};

/** One attempt of the report at once, after a change (its delivery's timer retries it). */
export async function sendRunState(run: RunContext): Promise<void> {
  const { runtime } = run;
  if (!(await runtime.read((tx) => pendingDelivery(tx, RUN_STATE_DELIVERY)))) return;
  await attemptDelivery(runtime, RUN_STATE_DELIVERY, boundCourier(courier, run));
}
