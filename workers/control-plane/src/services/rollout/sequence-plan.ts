import type { z } from "@hono/zod-openapi";
import type { SequencePlan } from "@regatta/contract";
import { type Instant, planRollout, rolloutPlanView, sequenceGroups } from "@regatta/engine";
import { type Inventory, plannedClusters } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { planSimConfig } from "../../providers/sim/executor.ts";
import { cachedPlan } from "../plan-cache.ts";
import { PLAN_ASSUMPTIONS } from "../update-runs/plan.ts";
import type { FleetAccess } from "./sequences.ts";

type View = z.infer<typeof SequencePlan>;

/**
 * EXT-6 `GET /v1/rollout-sequences/{name}/plan`: the sequence's stages predicted from its
 * object's state and the inventory, by the engine on an in-memory sim, changing nothing.
 * Every stage is planned (a hidden one still decides when the next may go); the answer
 * shows the stages naming a fleet the caller may read, and in them only its clusters.
 */
export async function planSequenceRollout(
  db: Inventory,
  sequences: Env["ROLLOUT_SEQUENCE"],
  name: string,
  readable: FleetAccess,
  now: Instant,
): Promise<Outcome<View>> {
  const object = sequences.get(sequences.idFromName(name));
  const snapshot = await object.snapshot();
  if (snapshot === undefined || !snapshot.facts.stages.some((s) => s.fleets.some(readable))) {
    return refused("missing", `rollout sequence ${name} does not exist`);
  }
  const groups = sequenceGroups(snapshot.facts, snapshot.state);
  const names = groups.flatMap((g) => g.facts.clusters.map((c) => c.name));
  const [clusters, sim] = await Promise.all([
    plannedClusters(db, names, (current) => current),
    planSimConfig(db),
  ]);
  const fleetOf = new Map(snapshot.facts.clusters.map((c) => [c.name, c.fleet]));
  const stageOf = new Map(groups.map((g, i) => [g.facts.group, i]));
  const readableStage = (group: string) =>
    snapshot.facts.stages[stageOf.get(group) ?? -1]?.fleets.some(readable) === true;
  const plan = await cachedPlan(`sequence/${name}`, object, { groups, clusters, sim, now }, () =>
    rolloutPlanView(planRollout({ groups, clusters, sim }, now), readableStage),
  );
  if (!plan.ok) return plan;
  const shownCluster = (cluster: string) => readable(fleetOf.get(cluster) ?? "");
  return accepted({
    sequence: name,
    ...plan.value,
    groups: plan.value.groups.map((group) => ({
      ...group,
      upgrades: group.upgrades.map((u) => ({
        ...u,
        clusters: u.clusters.filter((c) => shownCluster(c.cluster)),
      })),
      ...(group.waits === undefined
        ? {}
        : { waits: group.waits.filter((w) => shownCluster(w.cluster)) }),
    })),
    assumptions: PLAN_ASSUMPTIONS,
  });
}
