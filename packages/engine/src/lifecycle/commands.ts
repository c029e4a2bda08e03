import type { ProviderCommand } from "../provider/commands.ts";
import { SECOND } from "../time/instant.ts";
import { LIFECYCLE_DRAIN_LIMIT } from "./plan.ts";
import type { ClusterUpgrade, LifecycleStep } from "./types.ts";

/**
 * `${operation}:${step}:${attempt}`: the fleet host routes an answer to the operation by
 * the prefix before the first ':', as for node-pool commands.
 *
 * @example lifecycleCommandId("cu-1", "control-plane-node-pool", 1) // "cu-1:control-plane-node-pool:1"
 */
export function lifecycleCommandId(operation: string, step: string, attempt: number): string {
  return `${operation}:${step}:${attempt}`;
}

/**
 * The step and attempt a command id of this operation names; undefined for anything else.
 *
 * @example parseLifecycleCommandId("cu-1", "cu-1:health-checks:3") // { step: "health-checks", attempt: 3 }
 */
export function parseLifecycleCommandId(
  operation: string,
  id: string,
): { step: string; attempt: number } | undefined {
  if (!id.startsWith(`${operation}:`)) return undefined;
  const rest = id.slice(operation.length + 1);
  const at = rest.lastIndexOf(":");
  const attempt = rest.slice(at + 1);
  if (at <= 0 || !/^\d+$/.test(attempt)) return undefined;
  return { step: rest.slice(0, at), attempt: Number(attempt) };
}

/** LIFE-6: best effort, no PDBs, a node is passed after 20 minutes. */
const BEST_EFFORT = {
  respectPdb: false,
  passAfterSeconds: LIFECYCLE_DRAIN_LIMIT / SECOND,
} as const;

/**
 * The provider command a step's current attempt runs; undefined for steps that are no
 * command (spec/status versions, worker pools).
 *
 * @example stepCommand(op, step)?.type // "UPGRADE_CONTROL_PLANE"
 */
export function stepCommand(op: ClusterUpgrade, step: LifecycleStep): ProviderCommand | undefined {
  const base = { id: lifecycleCommandId(op.id, step.id, step.attempts), cluster: op.cluster };
  const action = step.action;
  switch (action.type) {
    case "RUN_PREFLIGHT":
      return { ...base, type: "RUN_PREFLIGHT", version: op.target };
    case "HEALTH_CHECKS":
      return { ...base, type: "HEALTH_CHECK" };
    case "UPGRADE_CONTROL_PLANE":
      return {
        ...base,
        type: "UPGRADE_CONTROL_PLANE",
        version: op.target,
        drain: { ...BEST_EFFORT },
      };
    case "UPGRADE_COMPONENT": {
      const command: ProviderCommand = {
        ...base,
        type: "UPGRADE_COMPONENT",
        component: action.component,
        version: op.target,
      };
      if (action.drainsNodes) command.drain = { ...BEST_EFFORT };
      return command;
    }
    case "SET_SPEC_VERSION":
    case "SET_STATUS_VERSION":
    case "WORKER_POOL":
      return undefined;
    default:
      return action satisfies never;
  }
}
