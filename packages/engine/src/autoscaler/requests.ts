import type { AutoscalerPod, ContainerRequests, Resources } from "./types.ts";

/** No request at all. */
export const ZERO: Resources = Object.freeze({ cpuMillis: 0, memoryMiB: 0, accelerators: 0 });

function sumOf(containers: readonly ContainerRequests[]): Resources {
  let cpuMillis = 0;
  let memoryMiB = 0;
  let accelerators = 0;
  for (const c of containers) {
    cpuMillis += c.cpuMillis;
    memoryMiB += c.memoryMiB;
    accelerators += c.accelerators ?? 0;
  }
  return { cpuMillis, memoryMiB, accelerators };
}

/**
 * CA-2: decisions use requests, not usage. Per resource the pod needs the larger of its
 * largest init container (they run one at a time, before the others) and the sum of its
 * containers — the rule kube-scheduler applies.
 *
 * @example effectiveRequests({ name: "p", containers: [{ cpuMillis: 100, memoryMiB: 64 }, { cpuMillis: 200, memoryMiB: 64 }], initContainers: [{ cpuMillis: 500, memoryMiB: 32 }] }) // { cpuMillis: 500, memoryMiB: 128, accelerators: 0 }
 */
export function effectiveRequests(
  pod: Pick<AutoscalerPod, "containers" | "initContainers">,
): Resources {
  const running = sumOf(pod.containers);
  for (const init of pod.initContainers ?? []) {
    running.cpuMillis = Math.max(running.cpuMillis, init.cpuMillis);
    running.memoryMiB = Math.max(running.memoryMiB, init.memoryMiB);
    running.accelerators = Math.max(running.accelerators, init.accelerators ?? 0);
  }
  return running;
}

/** @example add({cpuMillis: 1, memoryMiB: 2, accelerators: 0}, ZERO) // {1, 2, 0} */
export function addResources(a: Resources, b: Resources): Resources {
  return {
    cpuMillis: a.cpuMillis + b.cpuMillis,
    memoryMiB: a.memoryMiB + b.memoryMiB,
    accelerators: a.accelerators + b.accelerators,
  };
}

/** a − b, per resource (may go negative: an overcommitted node). */
export function subtractResources(a: Resources, b: Resources): Resources {
  return {
    cpuMillis: a.cpuMillis - b.cpuMillis,
    memoryMiB: a.memoryMiB - b.memoryMiB,
    accelerators: a.accelerators - b.accelerators,
  };
}

/** Whether `need` fits into `room` in every resource. */
export function fitsIn(need: Resources, room: Resources): boolean {
  return (
    need.cpuMillis <= room.cpuMillis &&
    need.memoryMiB <= room.memoryMiB &&
    need.accelerators <= room.accelerators
  );
}

/**
 * The largest share of allocatable the requests take, over CPU, memory and accelerators:
 * seed 001's "high CPU, memory or GPU allocation" that optimize-utilization packs pods onto
 * (CA-11), and how scale down judges a node without GPUs (CA-5; a TPU node counts its chips).
 *
 * @example utilization({ cpuMillis: 1000, memoryMiB: 0, accelerators: 3 }, { cpuMillis: 24_000, memoryMiB: 98_304, accelerators: 4 }) // 0.75
 */
export function utilization(used: Resources, allocatable: Resources): number {
  return Math.max(
    ratio(used.cpuMillis, allocatable.cpuMillis),
    ratio(used.memoryMiB, allocatable.memoryMiB),
    ratio(used.accelerators, allocatable.accelerators),
  );
}

/**
 * How scale down judges a GPU node (CA-5): by its GPU requests alone, as upstream's
 * `utilization.Calculate` does — the node is there for its GPUs, its CPU and memory only
 * serve the GPU pods, so idle GPUs make it underused however busy its CPUs are.
 *
 * @example gpuUtilization({ cpuMillis: 20_000, memoryMiB: 0, accelerators: 1 }, { cpuMillis: 24_000, memoryMiB: 98_304, accelerators: 4 }) // 0.25
 */
export function gpuUtilization(used: Resources, allocatable: Resources): number {
  return ratio(used.accelerators, allocatable.accelerators);
}

function ratio(used: number, allocatable: number): number {
  return allocatable > 0 ? used / allocatable : 0;
}
