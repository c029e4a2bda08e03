import {
  type Instant,
  planUpdateRun,
  type UpdateRunPlanView,
  updateRunPlanView,
} from "@regatta/engine";
import { getFleet, type Inventory, plannedClusters, readForRun } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { runObjectName } from "../../objects/fleet/run-members/members.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { planSimConfig } from "../../providers/sim/executor.ts";
import { cachedPlan } from "../plan-cache.ts";

type Objects = Pick<Env, "UPDATE_RUN" | "FLEET">;

/** What every plan assumes, said in its answer. */
export const PLAN_ASSUMPTIONS = {
  durations: "the simulated provider's durations (PUT /v1/sim/settings), or its defaults",
  jitter: "none: each command takes its nominal duration",
  faults: "none: sim faults are not part of a plan",
  healthChecks: "each health check (EXT-7) passes the instant it is asked",
};

export type RunPlanAnswer = UpdateRunPlanView & {
  run: string;
  assumptions: typeof PLAN_ASSUMPTIONS;
};

/**
 * EXT-6 `POST …/update-runs/{run}/plan`: the run's state read from its object (nothing is
 * written there), its members' clusters read from the inventory as the fleet would read
 * them to start each one, and the engine's planner run on an in-memory sim. A run not
 * started (or stopped) is planned as if started now. Same inputs, same answer: from the
 * cache for a while (SEC-3, {@link cachedPlan}).
 */
export async function planRun(
  db: Inventory,
  env: Objects,
  fleet: string,
  name: string,
  now: Instant,
): Promise<Outcome<RunPlanAnswer>> {
  if (!(await getFleet(db, fleet))) return refused("missing", `fleet ${fleet} does not exist`);
  const stub = env.UPDATE_RUN.get(env.UPDATE_RUN.idFromName(runObjectName(fleet, name)));
  const run = await stub.snapshot();
  if (!run) return refused("missing", `update run ${name} does not exist in fleet ${fleet}`);
  const members = run.stages.flatMap((s) =>
    s.groups.flatMap((g) => g.members.map((m) => m.cluster)),
  );
  const [clusters, sim, readings] = await Promise.all([
    plannedClusters(db, members, (current) => run.goal.kubernetesVersion ?? current),
    planSimConfig(db),
    readForRun(db, run),
  ]);
  const slot = env.FLEET.get(env.FLEET.idFromName(fleet));
  const view = await cachedPlan(fleet, slot, { run, clusters, sim, readings, now }, () =>
    updateRunPlanView(planUpdateRun({ run, clusters, sim, readings }, now)),
  );
  if (!view.ok) return view;
  return accepted({ run: name, ...view.value, assumptions: PLAN_ASSUMPTIONS });
}
