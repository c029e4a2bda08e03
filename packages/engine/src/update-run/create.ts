import { ok, type Result, type RuleId, refuse } from "../rules/violation.ts";
import type { Instant } from "../time/instant.ts";
import { checkInCatalogue } from "../version/catalogue.ts";
import { checkUpgradePath } from "../version/upgrade-path.ts";
import { deriveStates } from "./aggregate.ts";
import { resolveBudgets } from "./budgets.ts";
import { createGates, validateGate } from "./gates.ts";
import { copyHealthCheck } from "./health.ts";
import { DEFAULT_STAGE, oneAtATime, validateStrategy } from "./strategy.ts";
import type {
  Availability,
  MemberFacts,
  RunGroup,
  RunStage,
  UpdateGoal,
  UpdateRun,
  UpdateStrategy,
} from "./types.ts";

/**
 * How many members one run holds. Its object keeps the members in rows of 100, so the
 * bound is not storage but time: every decision is a pass over the whole tree (about
 * 0.5 ms at 5,000 members), and the status is read in pages of 1,000.
 */
export const MAX_RUN_MEMBERS = 10_000;

/** A fleet cluster offered to a run, with the group it joins by (`updateGroup`). */
export interface Candidate {
  facts: MemberFacts;
  updateGroup?: string;
}

/** `POST /v1/fleets/{fleet}/update-runs` with what the inventory says. */
export interface UpdateRunRequest {
  name: string;
  fleet: string;
  goal: UpdateGoal;
  /** RUN-4: the strategy's (or inline) stages, copied; absent for RUN-1. */
  strategy?: UpdateStrategy;
  strategyName?: string;
  /** The fleet's clusters, in the order RUN-1 updates them. */
  candidates: readonly Candidate[];
  availability: Availability;
  /** VER-6: every published version. */
  catalogue: readonly string[];
}

/** EXT-1: every gate of the strategy is well formed. */
function checkGates(strategy: UpdateStrategy): Result<void> {
  for (const stage of strategy.stages) {
    const scopes = [
      {
        where: `stage ${stage.name}`,
        specs: [...(stage.beforeGates ?? []), ...(stage.afterGates ?? [])],
      },
      ...stage.groups.map((g) => ({
        where: `group ${g.name}`,
        specs: [...(g.beforeGates ?? []), ...(g.afterGates ?? [])],
      })),
    ];
    for (const { where, specs } of scopes) {
      for (const spec of specs) {
        const valid = validateGate(spec, where);
        if (!valid.ok) return valid;
      }
    }
  }
  return ok(undefined);
}

function checkGoal(request: UpdateRunRequest, members: readonly MemberFacts[]): Result<UpdateGoal> {
  const { goal } = request;
  const target = goal.kubernetesVersion;
  if (goal.type === "NodeImageOnly") {
    if (target !== undefined) {
      return refuse(
        "RUN-5",
        "refused",
        "RUN-5: NodeImageOnly changes only node images; drop kubernetesVersion",
      );
    }
    return ok(goal);
  }
  if (target === undefined) {
    return refuse(
      "RUN-5",
      "refused",
      `RUN-5: a ${goal.type} upgrade needs upgrade.kubernetesVersion`,
    );
  }
  const known = checkInCatalogue(target, new Set(request.catalogue));
  if (!known.ok) return known;
  // VER-3/4 per member at creation: a member that cannot reach the target is named in
  // a 422 (nothing is created) rather than skipped in a run the user believes covers it.
  // One already past it (VER-2, upgraded by hand) has nothing to reach: RUN-9 skips it
  // at its turn, as one at the target, and the run goes on.
  const refusals: string[] = [];
  let rule: RuleId | undefined;
  for (const facts of members) {
    const path = checkUpgradePath(facts.version, target);
    if (path.ok || path.error.rule === "VER-2") continue;
    rule ??= path.error.rule;
    refusals.push(`member ${facts.cluster}: ${path.error.detail}`);
  }
  if (refusals.length > 0) return refuse(rule ?? "VER-4", "refused", refusals.join("; "));
  return ok(goal);
}

/**
 * RUN-1, RUN-3, RUN-4, RUN-5: a NotStarted run. The stages are copied from the strategy
 * (later edits of the strategy do not reach it), members join groups by `updateGroup`
 * (clusters whose group is not in the strategy are not in the run); without a strategy
 * every member is updated one at a time, in the given order.
 *
 * @example createUpdateRun({ name: "r1", fleet: "f", goal: { type: "Full", kubernetesVersion: "1.28.3", nodeImageSelection: "Latest" }, candidates, availability, catalogue }, now)
 */
export function createUpdateRun(request: UpdateRunRequest, now: Instant): Result<UpdateRun> {
  const strategy = request.strategy ?? oneAtATime();
  const valid = validateStrategy(strategy);
  if (!valid.ok) return valid;
  const gates = checkGates(strategy);
  if (!gates.ok) return gates;
  const byGroup = new Map<string, RunGroup>();
  const stages: RunStage[] = strategy.stages.map((stage) => {
    const groups = stage.groups.map((g) => {
      const group: RunGroup = {
        name: g.name,
        state: "NotStarted",
        ...copyHealthCheck(g),
        members: [],
      };
      const held = createGates("group", g.name, g.beforeGates, g.afterGates);
      if (held.length > 0) group.gates = held;
      byGroup.set(g.name, group);
      return group;
    });
    const copy: RunStage = {
      name: stage.name,
      state: "NotStarted",
      ...copyHealthCheck(stage),
      groups,
    };
    const held = createGates("stage", stage.name, stage.beforeGates, stage.afterGates);
    if (held.length > 0) copy.gates = held;
    if (stage.afterStageWaitSeconds !== undefined)
      copy.afterStageWaitSeconds = stage.afterStageWaitSeconds;
    return copy;
  });
  let count = 0;
  for (const candidate of request.candidates) {
    const name = request.strategy === undefined ? DEFAULT_STAGE : candidate.updateGroup;
    const group = name === undefined ? undefined : byGroup.get(name);
    if (group === undefined) continue;
    group.members.push({
      cluster: candidate.facts.cluster,
      state: "NotStarted",
      facts: candidate.facts,
    });
    count++;
  }
  const budgets = resolveBudgets(stages, strategy.stages);
  if (!budgets.ok) return budgets;
  const goal = checkGoal(
    request,
    stages.flatMap((s) => s.groups.flatMap((g) => g.members.map((m) => m.facts))),
  );
  if (!goal.ok) return goal;
  if (count > MAX_RUN_MEMBERS) {
    return refuse(
      "RUN-1",
      "refused",
      `RUN-1: ${count} members; a run holds at most ${MAX_RUN_MEMBERS}`,
    );
  }
  const run: UpdateRun = {
    name: request.name,
    fleet: request.fleet,
    goal: goal.value,
    state: "NotStarted",
    createdAt: now,
    stopped: false,
    availability: request.availability,
    stages,
  };
  if (request.strategyName !== undefined) run.strategy = request.strategyName;
  deriveStates(run, now);
  return ok(run);
}
