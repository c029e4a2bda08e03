import type { CommandType, ProviderCommand } from "../commands.ts";

/**
 * Fault effects of `PUT /v1/sim/faults/{id}` (API.md, Executors).
 *
 * @example FAULT_EFFECTS.includes("STUCK_DRAIN") // true
 */
export const FAULT_EFFECTS = [
  "FAIL",
  "QUOTA_EXCEEDED",
  "IP_EXHAUSTED",
  "STUCK_DRAIN",
  "HEALTH_CHECK_FAIL",
] as const;

export type FaultEffect = (typeof FAULT_EFFECTS)[number];

/** Every field given must equal the command's; an empty match selects every command. */
export interface FaultMatch {
  cluster?: string;
  pool?: string;
  node?: string;
  operation?: CommandType;
}

/**
 * An injected fault. `times` is how many more matching commands it affects
 * (absent: all of them); at 0 it stays listed but no longer applies.
 *
 * @example
 * const fault: SimFault = {
 *   id: "zone-a-quota",
 *   match: { cluster: "prod-1", pool: "default" },
 *   effect: "QUOTA_EXCEEDED",
 *   times: 2,
 * };
 */
export interface SimFault {
  id: string;
  match: FaultMatch;
  effect: FaultEffect;
  times?: number;
}

/**
 * Whether an effect means anything for a command. A fault never matches a command
 * its effect cannot apply to, so a cluster-wide quota fault leaves cordons alone and
 * its `times` counts only the creates it refused.
 *
 * @example faultApplies("STUCK_DRAIN", forcedDrain) // false: forced drains ignore PDBs
 */
export function faultApplies(effect: FaultEffect, command: ProviderCommand): boolean {
  switch (effect) {
    case "FAIL":
      return true;
    case "QUOTA_EXCEEDED":
    case "IP_EXHAUSTED":
      return command.type === "CREATE_NODE";
    case "STUCK_DRAIN":
      // Only PodDisruptionBudgets hold a drain; a forced drain deletes pods regardless.
      // A best-effort drain (a lifecycle component's, an in-place pool's) is held too,
      // until it is passed (LIFE-6).
      return (
        (command.type === "DRAIN_NODE" &&
          (command.respectPdb || command.passAfterSeconds !== undefined)) ||
        ((command.type === "UPGRADE_CONTROL_PLANE" || command.type === "UPGRADE_COMPONENT") &&
          command.drain !== undefined)
      );
    case "HEALTH_CHECK_FAIL":
      return command.type === "HEALTH_CHECK";
    default:
      return effect satisfies never;
  }
}

/**
 * The first fault, in the order they were set, that applies to the command.
 *
 * @example findFault(state.faults, command)?.fault.effect // "FAIL"
 */
export function findFault(
  faults: readonly SimFault[],
  command: ProviderCommand,
): { fault: SimFault; index: number } | undefined {
  const index = faults.findIndex(
    (fault) =>
      (fault.times === undefined || fault.times > 0) &&
      matches(fault.match, command) &&
      faultApplies(fault.effect, command),
  );
  const fault = faults[index];
  return fault === undefined ? undefined : { fault, index };
}

/**
 * Counts one use of the fault at `index` down.
 *
 * @example spendFault([{ id: "f", match: {}, effect: "FAIL", times: 1 }], 0)[0]?.times // 0
 */
export function spendFault(faults: readonly SimFault[], index: number): readonly SimFault[] {
  const fault = faults[index];
  if (fault?.times === undefined) return faults;
  return faults.with(index, { ...fault, times: fault.times - 1 });
}

/**
 * Adds a fault, or replaces the one with the same id in its place (PUT semantics).
 *
 * @example putFault([], { id: "f", match: {}, effect: "FAIL" }).length // 1
 */
export function putFault(faults: readonly SimFault[], fault: SimFault): readonly SimFault[] {
  const index = faults.findIndex((existing) => existing.id === fault.id);
  return index < 0 ? [...faults, fault] : faults.with(index, fault);
}

/**
 * Removes a fault by id; unknown ids change nothing.
 *
 * @example removeFault(faults, "f")
 */
export function removeFault(faults: readonly SimFault[], id: string): readonly SimFault[] {
  return faults.some((fault) => fault.id === id) ? faults.filter((f) => f.id !== id) : faults;
}

function matches(match: FaultMatch, command: ProviderCommand): boolean {
  const pool = "pool" in command ? command.pool : undefined;
  const node = "node" in command ? command.node : undefined;
  return (
    (match.cluster === undefined || match.cluster === command.cluster) &&
    (match.pool === undefined || match.pool === pool) &&
    (match.node === undefined || match.node === node) &&
    (match.operation === undefined || match.operation === command.type)
  );
}
