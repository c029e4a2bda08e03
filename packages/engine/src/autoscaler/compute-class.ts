import type { AutoscalerPool, ComputeClass, ComputeClassRule } from "./types.ts";

function ruleMatches(rule: ComputeClassRule, pool: AutoscalerPool): boolean {
  if (rule.machineType !== undefined && rule.machineType !== pool.machine.machineType) return false;
  if (rule.spot !== undefined && rule.spot !== Boolean(pool.spot)) return false;
  if (rule.accelerator && rule.accelerator.count !== (pool.machine.accelerators ?? 0)) return false;
  return true;
}

/**
 * CA-15: which rule of its compute class a pool serves — the index of the first rule it
 * matches (0 = most preferred); a class pool matching no rule comes after all of them.
 * Pools without a class rank 0 (they serve pods without a class).
 *
 * @example classRank(spotPool, [preferL4Spot]) // 0, the on-demand twin ranks 1
 */
export function classRank(pool: AutoscalerPool, classes: readonly ComputeClass[]): number {
  if (pool.computeClass === undefined) return 0;
  const cls = classes.find((c) => c.name === pool.computeClass);
  if (!cls) return 0;
  const index = cls.priorities.findIndex((rule) => ruleMatches(rule, pool));
  return index === -1 ? cls.priorities.length : index;
}

/** CA-15: whether the class moves workloads up to a better rule when capacity returns. */
export function migratesActively(cls: ComputeClass | undefined): boolean {
  return cls?.activeMigration?.optimizeRulePriority === true;
}
