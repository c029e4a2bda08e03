import type { ProviderCommand } from "../provider/commands.ts";
import type { NodeConfig } from "./types.ts";

/** The provider step a node waits on; also the step part of a command id. */
export type NodeStep =
  | "CREATE"
  | "CORDON"
  | "UNCORDON"
  | "DRAIN"
  | "DRAIN_FORCED"
  | "UPGRADE"
  | "DELETE";

/** What every command of one operation shares. */
export interface OperationRef {
  id: string;
  cluster: string;
  pool: string;
  machineType?: string;
  /**
   * LIFE-6: an in-place (bare-metal) worker pool, whose drains are best effort:
   * PodDisruptionBudgets are not honoured, no pod's grace runs past 20 minutes and a
   * node still draining then is passed. Cloud pools keep their strategy's drains (NUP-3,
   * NUP-9, NUP-10) even inside a cluster upgrade.
   */
  bestEffortDrain?: true;
}

/** LIFE-6: how long a best-effort drain waits for a node's pods before passing it. */
export const BEST_EFFORT_DRAIN_SECONDS = 20 * 60;

const STEPS: ReadonlySet<string> = new Set<NodeStep>([
  "CREATE",
  "CORDON",
  "UNCORDON",
  "DRAIN",
  "DRAIN_FORCED",
  "UPGRADE",
  "DELETE",
]);

/**
 * `${operation}:${node}:${step}:${attempt}`. Unique because a node goes through each
 * step at most once per operation (replacements get new names) and retries count up
 * `attempt`; deterministic because nothing else goes in.
 *
 * @example commandId("op-1", "pool-a-3", "DRAIN", 2) // "op-1:pool-a-3:DRAIN:2"
 */
export function commandId(
  operation: string,
  node: string,
  step: NodeStep,
  attempt: number,
): string {
  return `${operation}:${node}:${step}:${attempt}`;
}

/**
 * The operation a command id belongs to: every command id starts `<operationId>:`, so a
 * report finds its operation without a lookup. Undefined for an id without one.
 *
 * @example operationOfCommand("op-1:pool-a-3:DRAIN:2") // "op-1"
 */
export function operationOfCommand(id: string): string | undefined {
  const colon = id.indexOf(":");
  return colon > 0 ? id.slice(0, colon) : undefined;
}

/**
 * The node and step a command id of this operation names; undefined for another
 * operation's id or anything malformed (late or foreign reports are ignored). Step and
 * attempt are read from the end, so a node name may itself contain ':'.
 *
 * @example parseCommandId("op-1", "op-1:pool-a-3:DRAIN:2") // { node: "pool-a-3", step: "DRAIN", attempt: 2 }
 */
export function parseCommandId(
  operation: string,
  id: string,
): { node: string; step: NodeStep; attempt: number } | undefined {
  if (!id.startsWith(`${operation}:`)) return undefined;
  const rest = id.slice(operation.length + 1);
  const attemptAt = rest.lastIndexOf(":");
  const stepAt = rest.lastIndexOf(":", attemptAt - 1);
  if (stepAt <= 0) return undefined;
  const step = rest.slice(stepAt + 1, attemptAt);
  const attempt = rest.slice(attemptAt + 1);
  if (!STEPS.has(step) || !/^\d+$/.test(attempt)) return undefined;
  return { node: rest.slice(0, stepAt), step: step as NodeStep, attempt: Number(attempt) };
}

/** Where and how a node command acts. */
export interface NodeTarget {
  name: string;
  zone: string;
  /** CREATE and UPGRADE: the configuration the node runs after the step. */
  config?: NodeConfig;
  /** Drains only: upper bound of each pod's termination grace period. */
  graceSeconds?: number;
  /** DELETE only: keep the node's reserved capacity for this replacement (NUP-4). */
  holdFor?: string;
}

/**
 * The provider command for one step on one node. DRAIN honours PodDisruptionBudgets,
 * DRAIN_FORCED does not (NUP-3 after one hour, NUP-9 phase 5).
 *
 * @example nodeCommand(ref, { name: "n1", zone: "a", graceSeconds: 3600 }, "DRAIN", 1).type // "DRAIN_NODE"
 */
export function nodeCommand(
  ref: OperationRef,
  target: NodeTarget,
  step: NodeStep,
  attempt: number,
): ProviderCommand {
  const base = { id: commandId(ref.id, target.name, step, attempt), cluster: ref.cluster };
  const { pool } = ref;
  const node = target.name;
  switch (step) {
    case "CREATE": {
      const config = target.config;
      if (config === undefined) throw new Error(`CREATE of ${node} needs a node config`);
      const create: ProviderCommand = {
        ...base,
        type: "CREATE_NODE",
        pool,
        zone: target.zone,
        node,
        version: config.version,
        nodeImage: config.nodeImage,
      };
      if (ref.machineType !== undefined) create.machineType = ref.machineType;
      return create;
    }
    case "CORDON":
      return { ...base, type: "CORDON_NODE", pool, node };
    case "UNCORDON":
      return { ...base, type: "UNCORDON_NODE", pool, node };
    case "DRAIN":
    case "DRAIN_FORCED":
      return {
        ...base,
        type: "DRAIN_NODE",
        pool,
        node,
        respectPdb: step === "DRAIN" && ref.bestEffortDrain !== true,
        graceSeconds:
          ref.bestEffortDrain === true
            ? Math.min(target.graceSeconds ?? 0, BEST_EFFORT_DRAIN_SECONDS)
            : (target.graceSeconds ?? 0),
        // The executor passes the node after this, as the control plane does (LIFE-6).
        ...(ref.bestEffortDrain === true && { passAfterSeconds: BEST_EFFORT_DRAIN_SECONDS }),
      };
    case "UPGRADE": {
      const config = target.config;
      if (config === undefined) throw new Error(`UPGRADE of ${node} needs a node config`);
      return {
        ...base,
        type: "UPGRADE_NODE",
        pool,
        node,
        version: config.version,
        nodeImage: config.nodeImage,
      };
    }
    case "DELETE": {
      const remove: ProviderCommand = {
        ...base,
        type: "DELETE_NODE",
        pool,
        zone: target.zone,
        node,
      };
      if (target.holdFor !== undefined) remove.holdFor = target.holdFor;
      return remove;
    }
    default:
      return step satisfies never;
  }
}
