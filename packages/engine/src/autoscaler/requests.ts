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
 * Utilization as upstream's scale-down measures it: the larger of CPU and memory
 * requests over allocatable (accelerator nodes also by accelerators).
 */
export function utilization(used: Resources, allocatable: Resources): number {
  const ratio = (u: number, a: number): number => (a > 0 ? u / a : 0);
  return Math.max(
    ratio(used.cpuMillis, allocatable.cpuMillis),
    ratio(used.memoryMiB, allocatable.memoryMiB),
    ratio(used.accelerators, allocatable.accelerators),
  );
}
