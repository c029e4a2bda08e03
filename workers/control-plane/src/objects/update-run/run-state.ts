import type { Instant, UpdateRun } from "@regatta/engine";
import type { Env } from "../../env.ts";
import { attemptDelivery, deliver, pendingDelivery } from "../../runtime/deliveries.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";
import type { Tx } from "../../runtime/types.ts";
import type { RunStateReport } from "../fleet/run-members/runs-index.ts";

/**
 * RUN-8: the run tells its fleet's index its state when it changes, as a durable
 * delivery (one id: a newer state not yet taken replaces the older). The index lists the
 * run, refuses a 201st unfinished one and starts a finished one's retention from it; the
 * fleet never polls its runs for it.
 */

const RUN_STATE_DELIVERY = "run-state";

export const isRunStateDelivery = (id: string) => id === RUN_STATE_DELIVERY;

/** What the fleet hears, carried with the fleet's name. */
interface RunStateMessage extends RunStateReport {
  fleet: string;
}

/** Records the report of `after`'s state when a decision at `at` changed it. */
export function reportRunState(tx: Tx, before: UpdateRun, after: UpdateRun, at: Instant): void {
  if (before.state === after.state) return;
  deliver<RunStateMessage>(tx, RUN_STATE_DELIVERY, {
    fleet: after.fleet,
    run: after.name,
    createdAt: after.createdAt,
    state: after.state,
    at,
  });
}

/** One attempt of the report (its delivery's timer, or at once after a change). */
export async function sendRunState(runtime: ObjectRuntime, env: Env): Promise<void> {
  if (!(await runtime.read((tx) => pendingDelivery(tx, RUN_STATE_DELIVERY)))) return;
  await attemptDelivery<RunStateMessage, boolean>(runtime, RUN_STATE_DELIVERY, {
    send: ({ fleet, ...report }) =>
      env.FLEET.get(env.FLEET.idFromName(fleet)).runStateChanged(report),
  });
}
