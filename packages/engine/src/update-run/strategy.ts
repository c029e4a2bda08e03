import { ok, type Result, refuse } from "../rules/violation.ts";
import type { UpdateStrategy } from "./types.ts";

/** The stage and group RUN-1 uses when a run has neither strategy nor stages. */
export const DEFAULT_STAGE = "default";

/**
 * RUN-3: stage names are unique, and group names are unique across the whole strategy —
 * members join a group by their cluster's `updateGroup`, so a group name used twice
 * would put its members in two groups.
 *
 * @example validateStrategy({ stages: [{ name: "s", groups: [{ name: "a" }, { name: "a" }] }] })
 * // refused "RUN-3: group a appears more than once; a member may belong to one group only"
 */
export function validateStrategy(strategy: UpdateStrategy): Result<UpdateStrategy> {
  const stages = new Set<string>();
  const groups = new Set<string>();
  for (const stage of strategy.stages) {
    if (stages.has(stage.name)) {
      return refuse("RUN-3", "refused", `RUN-3: stage ${stage.name} appears more than once`);
    }
    stages.add(stage.name);
    for (const group of stage.groups) {
      if (groups.has(group.name)) {
        return refuse(
          "RUN-3",
          "refused",
          `RUN-3: group ${group.name} appears more than once; a member may belong to one group only`,
        );
      }
      groups.add(group.name);
    }
  }
  return ok(strategy);
}

/**
 * RUN-1: without a strategy all members are updated one at a time, in order: one stage
 * holding one group of every member.
 */
export function oneAtATime(): UpdateStrategy {
  return { stages: [{ name: DEFAULT_STAGE, groups: [{ name: DEFAULT_STAGE }] }] };
}
