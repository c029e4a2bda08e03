import { ok, type Result, refuse } from "../rules/violation.ts";
import type { Budget, RunStage } from "./types.ts";

/**
 * EXT-2 default of a group: one member in flight (RUN-3's one after another). A stage
 * has no default cap of its own: seed 002 runs all its groups in parallel, so a stage
 * that sets none allows what its groups allow together.
 */
export const DEFAULT_GROUP_CONCURRENCY = 1;
/** The stage cap of runs created before EXT-2 (they stored none). */
export const DEFAULT_STAGE_CONCURRENCY = 50;

/**
 * A budget as a count of `members`: an integer as it is, a percentage of the members
 * rounded down (EXT-2, at least 1) or up (EXT-3).
 *
 * @example resolveBudget("25%", 20, "floor") // 5
 * @example resolveBudget("25%", 2, "floor") // 1 (never 0 in flight)
 * @example resolveBudget("10%", 12, "ceil") // 2
 */
export function resolveBudget(budget: Budget, members: number, rounding: "floor" | "ceil"): number {
  if (typeof budget === "number") return budget;
  const share = (Number(budget.slice(0, -1)) / 100) * members;
  return rounding === "floor" ? Math.max(1, Math.floor(share)) : Math.ceil(share);
}

/**
 * EXT-2 and EXT-3 resolved at creation against each scope's members: concurrency
 * (group default 1; stage default the sum over its groups, RUN-3) and the failure budget
 * (default 0: RUN-11). A group allowed more in flight than its stage's explicit cap is
 * refused, since the stage caps the sum over its groups and the group's value could
 * never take effect.
 *
 * @example resolveBudgets(stages).ok // false when a group's maxConcurrency exceeds its stage's
 */
export function resolveBudgets(
  stages: RunStage[],
  raw: ReadonlyArray<{
    maxConcurrency?: Budget;
    maxAllowedFailures?: Budget;
    groups: ReadonlyArray<{ maxConcurrency?: Budget; maxAllowedFailures?: Budget }>;
  }>,
): Result<RunStage[]> {
  for (const [s, stage] of stages.entries()) {
    const spec = raw[s];
    const members = stage.groups.reduce((sum, g) => sum + g.members.length, 0);
    stage.maxAllowedFailures = resolveBudget(spec?.maxAllowedFailures ?? 0, members, "ceil");
    const caps = stage.groups.map((group, g) => {
      const groupSpec = spec?.groups[g];
      const size = group.members.length;
      group.maxConcurrency = resolveBudget(
        groupSpec?.maxConcurrency ?? DEFAULT_GROUP_CONCURRENCY,
        size,
        "floor",
      );
      group.maxAllowedFailures = resolveBudget(groupSpec?.maxAllowedFailures ?? 0, size, "ceil");
      return group.maxConcurrency;
    });
    if (spec?.maxConcurrency === undefined) {
      // Seed 002: a stage applies the update to all its groups in parallel; only a cap the
      // user sets makes them wait for one another.
      stage.maxConcurrency = Math.max(
        1,
        caps.reduce((sum, cap) => sum + cap, 0),
      );
      continue;
    }
    stage.maxConcurrency = resolveBudget(spec.maxConcurrency, members, "floor");
    for (const [g, group] of stage.groups.entries()) {
      if (caps[g]! > stage.maxConcurrency) {
        return refuse(
          "EXT-2",
          "refused",
          `EXT-2: group ${group.name} allows ${caps[g]} members in flight (maxConcurrency ${String(spec.groups[g]?.maxConcurrency)}), more than its stage ${stage.name}'s ${stage.maxConcurrency}`,
        );
      }
    }
  }
  return ok(stages);
}
