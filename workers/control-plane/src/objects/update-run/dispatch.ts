import type { Inventory } from "@regatta/inventory";
import { fleetMembership } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import type { ObjectRuntime } from "../../runtime/runtime.ts";
import { startRunMember } from "../../services/update-runs/member-start.ts";
import type { RunOwner } from "../fleet/run-members/members.ts";
import {
  DISPATCH_TIMER,
  loadRun,
  memberStarted,
  memberStartRefused,
  pendingStarts,
  tickRun,
} from "./host.ts";

/** Wait before a start the fleet could not be reached for is tried again. */
const RETRY_MS = 30_000;

/**
 * Carries out the member starts the run asked for, one at a time: the fleet is asked
 * first whether the member's operation already exists (a start retried after a crash
 * is not made twice), else the start runs with this member as the owner. A refusal fails
 * the member (RUN-11), unless its cluster left the fleet since the run decided to start it:
 * the fleet's view comes first and the member ends Skipped (EXT-8). An unreachable fleet
 * leaves the start for the dispatch timer.
 */
export async function dispatchStarts(
  runtime: ObjectRuntime,
  env: Env,
  db: Inventory,
): Promise<void> {
  const tried = new Set<string>();
  for (;;) {
    const { run, starts } = await runtime.commit((tx) => ({
      run: loadRun(tx),
      starts: pendingStarts(tx),
    }));
    const intent = starts.find((s) => !tried.has(s.cluster));
    if (!run || !intent) return;
    tried.add(intent.cluster);
    const owner: RunOwner = { fleet: run.fleet, run: run.name, cluster: intent.cluster };
    try {
      const fleet = env.FLEET.get(env.FLEET.idFromName(run.fleet));
      const existing = await fleet.runMemberOperations(owner);
      const outcome =
        existing[0] !== undefined
          ? ({ ok: true, value: existing[0] } as const)
          : await startRunMember(db, env.FLEET, owner, intent, runtime.now());
      const membership = outcome.ok ? undefined : await fleetMembership(db, run);
      await runtime.commit((tx) => {
        if (membership !== undefined) tickRun(tx, { membership });
        if (outcome.ok) memberStarted(tx, intent.cluster, outcome.value);
        else memberStartRefused(tx, intent.cluster, outcome.error.detail);
      });
    } catch (error) {
      console.error(`update run ${run.name}: start of ${intent.cluster} not carried out`, error);
      await runtime.commit((tx) =>
        tx.setTimer({ id: DISPATCH_TIMER, due: tx.now + RETRY_MS, kind: DISPATCH_TIMER }),
      );
    }
  }
}
