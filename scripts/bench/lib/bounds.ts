import {
  batchNodes,
  DEFAULT_SIM_DURATIONS,
  type LifecycleStep,
  type UpgradeStrategySettings,
} from "../../../packages/engine/src/index.ts";

/**
 * Lower bounds on simulated makespans (zero jitter, unlimited capacity, no faults, the
 * sim's default durations), shared by the node-pool and cluster upgrade benchmarks.
 */

const D = DEFAULT_SIM_DURATIONS;

/**
 * One node's critical path in the sim. surge.ts/node-task.ts: a SURGE task runs CREATE,
 * CORDON, DRAIN, DELETE; an UNAVAILABLE task CORDON, DRAIN, DELETE, CREATE (the recreated
 * node joins schedulable, no UNCORDON is sent). Same four steps, same sum either way.
 */
export const NODE_STEP_SECONDS = D.CREATE_NODE + D.CORDON_NODE + D.DRAIN_NODE + D.DELETE_NODE;

/** A bound in seconds and how it was computed. */
export interface Bound {
  seconds: number;
  how: string;
}

/**
 * Nodes per zone of an even spread over `zones` zones (round-robin: sizes differ by at
 * most one).
 *
 * @example zoneSizes(10, 3) // [4, 3, 3]
 */
export function zoneSizes(nodes: number, zones: number): number[] {
  return Array.from(
    { length: zones },
    (_, z) => Math.floor(nodes / zones) + (z < nodes % zones ? 1 : 0),
  );
}

/**
 * A node-pool upgrade of `nodes` nodes dealt round-robin over `zones` zones.
 *
 * Surge: a zone of n nodes with w = maxSurge + maxUnavailable slots needs at least
 * ceil(n / w) waves of one node's critical path (equal-length jobs on w machines).
 * surge.ts `fill()` refills every zone's window in the same decision, so zones run in
 * parallel and the pool's bound is the largest zone's, not the sum over zones.
 *
 * Blue-green (NUP-8 phases in sequence, each node of a phase in parallel): create green
 * + cordon blue + batches × (drain + batch soak) + node-pool soak + phase 5 (drain
 * without PDBs, then delete: NUP-9).
 *
 * @example lowerBound({ type: "SURGE", maxSurge: 1 }, 60, 3).seconds // 20 × 211 = 4220
 */
export function lowerBound(settings: UpgradeStrategySettings, nodes: number, zones: number): Bound {
  if (settings.type === "BLUE_GREEN") {
    // strategy.ts: batchPercent if set, else batchNodeCount (default 1 node).
    const size =
      settings.batchPercent === undefined
        ? batchNodes({ by: "COUNT", count: settings.batchNodeCount ?? 1 }, nodes)
        : batchNodes({ by: "PERCENT", percent: settings.batchPercent }, nodes);
    const batches = size === 0 ? 0 : Math.ceil(nodes / size);
    const batchSoak = settings.batchSoakSeconds ?? 0;
    const poolSoak = settings.nodePoolSoakSeconds ?? 3600;
    const seconds =
      D.CREATE_NODE +
      D.CORDON_NODE +
      batches * (D.DRAIN_NODE + batchSoak) +
      poolSoak +
      D.DRAIN_NODE +
      D.DELETE_NODE;
    return {
      seconds,
      how: `${D.CREATE_NODE} + ${D.CORDON_NODE} + ${batches}×(${D.DRAIN_NODE}+${batchSoak}) + ${poolSoak} + ${D.DRAIN_NODE} + ${D.DELETE_NODE}`,
    };
  }
  const window = (settings.maxSurge ?? 1) + (settings.maxUnavailable ?? 0);
  const largest = Math.max(...zoneSizes(nodes, zones));
  const waves = Math.ceil(largest / window);
  return {
    seconds: waves * NODE_STEP_SECONDS,
    how: `ceil(${largest}/${window})=${waves} × ${NODE_STEP_SECONDS}`,
  };
}

/**
 * What one LIFE-3 step costs at least in the sim: its command's duration (preflight,
 * component, control plane, one health check that passes), nothing for the version
 * fields the machine sets itself, and for a worker pool the bound of its own upgrade.
 */
export function stepBound(step: LifecycleStep, poolBound: (pool: string) => Bound): Bound {
  const action = step.action;
  const command = (seconds: number, name: string): Bound => ({
    seconds,
    how: `${name} ${seconds}`,
  });
  switch (action.type) {
    case "RUN_PREFLIGHT":
      return command(D.RUN_PREFLIGHT, "RUN_PREFLIGHT");
    case "UPGRADE_COMPONENT":
      return command(D.UPGRADE_COMPONENT, "UPGRADE_COMPONENT");
    case "UPGRADE_CONTROL_PLANE":
      return command(D.UPGRADE_CONTROL_PLANE, "UPGRADE_CONTROL_PLANE");
    case "HEALTH_CHECKS":
      return command(D.HEALTH_CHECK, "HEALTH_CHECK");
    case "SET_SPEC_VERSION":
    case "SET_STATUS_VERSION":
      return { seconds: 0, how: "in the decision" };
    case "WORKER_POOL":
      return poolBound(action.pool);
    default:
      return action satisfies never;
  }
}

/** A step on the critical path, with its earliest start and end. */
export interface PathStep {
  step: LifecycleStep;
  bound: Bound;
  start: number;
  end: number;
}

/**
 * The critical path of a LIFE-3 plan: every step starts as soon as all of its `after`
 * steps are done (as pass.ts `advance()` does) and lasts `cost`; the plan lists steps
 * after the ones they wait for, so one pass in plan order computes earliest ends. The
 * bound is the latest end; the path is the chain of steps that sets it.
 *
 * @example criticalPath(planSteps(request), (s) => stepBound(s, poolBound)).seconds
 */
export function criticalPath(
  steps: readonly LifecycleStep[],
  cost: (step: LifecycleStep) => Bound,
): { seconds: number; path: PathStep[] } {
  const timed = new Map<string, PathStep & { via?: string }>();
  for (const step of steps) {
    let via: PathStep | undefined;
    for (const id of step.after) {
      const before = timed.get(id);
      if (before === undefined) throw new Error(`step ${step.id} waits for ${id}, planned later`);
      if (via === undefined || before.end > via.end) via = before;
    }
    const bound = cost(step);
    const start = via?.end ?? 0;
    const entry: PathStep & { via?: string } = { step, bound, start, end: start + bound.seconds };
    if (via !== undefined) entry.via = via.step.id;
    timed.set(step.id, entry);
  }
  // Ties go to the later step, so the path runs to the plan's last step (status.version).
  let last: (PathStep & { via?: string }) | undefined;
  for (const entry of timed.values()) if (last === undefined || entry.end >= last.end) last = entry;
  const path: PathStep[] = [];
  for (let at = last; at !== undefined; at = at.via === undefined ? undefined : timed.get(at.via)) {
    path.unshift({ step: at.step, bound: at.bound, start: at.start, end: at.end });
  }
  return { seconds: last?.end ?? 0, path };
}
