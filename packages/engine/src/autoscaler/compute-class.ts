import type { AutoscalerPool, ComputeClass, ComputeClassRule } from "./types.ts";

/** How a pool differs from one rule, or undefined when it matches. */
function ruleMiss(rule: ComputeClassRule, pool: AutoscalerPool): string | undefined {
  const { machine } = pool;
  if (rule.machineType !== undefined && rule.machineType !== machine.machineType) {
    return `machine type ${rule.machineType}, not ${machine.machineType}`;
  }
  if (rule.spot !== undefined && rule.spot !== Boolean(pool.spot)) {
    return rule.spot ? "spot, not on demand" : "on demand, not spot";
  }
  const gpus = machine.accelerators ?? 0;
  if (rule.accelerator && rule.accelerator.count !== gpus) {
    return `${rule.accelerator.count} GPUs, not ${gpus}`;
  }
  const type = rule.accelerator?.type;
  // A machine type stored without its GPU model does not match a typed rule: guessing
  // would let any GPU of the right count serve it (two T4s for an L4 rule).
  if (type !== undefined && machine.gpuType === undefined) {
    return `${type} GPUs; machine type ${machine.machineType} names no GPU type`;
  }
  if (type !== undefined && type !== machine.gpuType) {
    return `${type} GPUs, not ${machine.gpuType}`;
  }
  return undefined;
}

/**
 * CA-15: which rule of its compute class a pool serves — the index of the first rule it
 * matches (0 = most preferred); a class pool matching no rule comes after all of them
 * (and is not grown, {@link classMiss}). Pools without a class rank 0 (they serve pods without a class).
 *
 * @example classRank(spotPool, [preferL4Spot]) // 0, the on-demand twin ranks 1
 */
export function classRank(pool: AutoscalerPool, classes: readonly ComputeClass[]): number {
  if (pool.computeClass === undefined) return 0;
  const cls = classes.find((c) => c.name === pool.computeClass);
  if (!cls) return 0;
  const index = cls.priorities.findIndex((rule) => ruleMiss(rule, pool) === undefined);
  return index === -1 ? cls.priorities.length : index;
}

/**
 * CA-15: why a pool of a compute class serves none of the class's rules (it is not grown
 * for the class's pods), or undefined when it serves one, has no class, or its class is
 * not known. Names how the pool misses each of the first three rules.
 *
 * @example classMiss(t4Pool, [l4Class]) // "it serves compute class l4 but matches none of its rules (rule 1: nvidia-l4 GPUs, not nvidia-tesla-t4)"
 */
export function classMiss(
  pool: AutoscalerPool,
  classes: readonly ComputeClass[],
): string | undefined {
  const cls = classes.find((c) => c.name === pool.computeClass);
  if (!cls) return undefined;
  const misses: string[] = [];
  for (const [i, rule] of cls.priorities.entries()) {
    const miss = ruleMiss(rule, pool);
    if (miss === undefined) return undefined;
    if (misses.length < 3) misses.push(`rule ${i + 1}: ${miss}`);
  }
  const more = cls.priorities.length > 3 ? "; …" : "";
  return `it serves compute class ${cls.name} but matches none of its rules (${misses.join("; ")}${more})`;
}

/** CA-15: whether the class moves workloads up to a better rule when capacity returns. */
export function migratesActively(cls: ComputeClass | undefined): boolean {
  return cls?.activeMigration?.optimizeRulePriority === true;
}
