import {
  type Instant,
  type PlannedGroup,
  planRollout,
  type RolloutPlanView,
  rolloutPlanView,
} from "@regatta/engine";
import { fleetOfGroup, type Inventory, loadGroupFacts, plannedClusters } from "@regatta/inventory";
import type { Env } from "../../env.ts";
import { accepted, type Outcome, refused } from "../../outcome.ts";
import { planSimConfig } from "../../providers/sim/executor.ts";
import { cachedPlan } from "../plan-cache.ts";
import { PLAN_ASSUMPTIONS } from "../update-runs/plan.ts";

type FleetObjects = Env["FLEET"];

/** SEQ-1 allows at most 10 groups; a longer walk means a cycle the configuration missed. */
const MAX_GROUPS = 10;

export type RolloutPlanAnswer = RolloutPlanView & {
  fleet: string;
  assumptions: typeof PLAN_ASSUMPTIONS & { upstream?: string };
};

/** SEC-3: how a sequence is planned when its head lies in fleets the caller cannot read. */
const HIDDEN_UPSTREAM =
  "the sequence goes on upstream in fleets you cannot read: they are not planned, and the first group shown is planned as if its upstream had qualified now";

/**
 * EXT-6 `GET /v1/fleets/{fleet}/rollout/plan`: the fleet's whole sequence (its upstream
 * chain decides when it starts), each group's facts from the inventory and its state from
 * its fleet object (read only), planned by the engine on an in-memory sim. Groups of
 * fleets the caller may not read are planned but not shown (`readable`).
 */
export async function planFleetRollout(
  db: Inventory,
  fleets: FleetObjects,
  fleet: string,
  readable: (fleet: string) => boolean,
  now: Instant,
): Promise<Outcome<RolloutPlanAnswer>> {
  const own = await loadGroupFacts(db, fleet);
  if (own === undefined) return refused("missing", `${fleet} has no rollout configuration`);
  const chain = [own];
  let hiddenUpstream = false;
  for (let up = own.upstream; up !== undefined && chain.length < MAX_GROUPS; ) {
    if (!readable(fleetOfGroup(up))) {
      hiddenUpstream = true;
      break;
    }
    const facts = await loadGroupFacts(db, up);
    if (facts === undefined) break;
    chain.unshift(facts);
    up = facts.upstream;
  }
  for (let down = own.downstream; down !== undefined && chain.length < MAX_GROUPS; ) {
    if (!readable(fleetOfGroup(down))) break;
    const facts = await loadGroupFacts(db, down);
    if (facts === undefined) break;
    chain.push(facts);
    down = facts.downstream;
  }
  const groups: PlannedGroup[] = [];
  for (const facts of chain) {
    const owner = fleetOfGroup(facts.group);
    const state = await fleets.get(fleets.idFromName(owner)).rolloutSnapshot(facts.group);
    groups.push({ facts, state });
  }
  const names = chain.flatMap((g) => g.clusters.map((c) => c.name));
  const [clusters, sim] = await Promise.all([
    plannedClusters(db, names, (current) => current),
    planSimConfig(db),
  ]);
  // The head of what is planned has no upstream in the plan: it goes first.
  const [head, ...rest] = groups;
  const planned = hiddenUpstream && head !== undefined ? [headless(head), ...rest] : groups;
  const slot = fleets.get(fleets.idFromName(fleet));
  const view = await cachedPlan(fleet, slot, { groups: planned, clusters, sim, now }, () =>
    rolloutPlanView(planRollout({ groups: planned, clusters, sim }, now), () => true),
  );
  if (!view.ok) return view;
  return accepted({
    fleet,
    ...view.value,
    assumptions: hiddenUpstream
      ? { ...PLAN_ASSUMPTIONS, upstream: HIDDEN_UPSTREAM }
      : PLAN_ASSUMPTIONS,
  });
}

function headless(group: PlannedGroup): PlannedGroup {
  const { upstream: _hidden, ...facts } = group.facts;
  return { ...group, facts };
}
