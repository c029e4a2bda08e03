import type { KeyedMap } from "../collections/keyed-map.ts";
import { type NodePoolOperation, strategyModule } from "./strategies/index.ts";
import type { StrategyType } from "./types.ts";

/**
 * An operation taken apart into pieces that change at different rates, for whoever
 * keeps it between decisions. Putting the parts back with {@link withParts} gives an
 * equal operation.
 */
export interface OperationParts {
  /** Everything but the plan and the keyed collections: small, changed by most decisions. */
  core: OperationCore;
  /** Fixed when the operation starts; large for big pools (it lists the nodes to upgrade). */
  plan: unknown;
  /**
   * The operation's keyed collections (its nodes, its replacements in flight) by name:
   * large, with only a few entries changed by each decision (see `entryChanges`).
   */
  collections: Record<string, KeyedMap<unknown>>;
}

/** What identifies an operation and its strategy; the rest of the core is plain JSON. */
export interface OperationCore {
  kind: StrategyType;
  header: NodePoolOperation["header"];
  [field: string]: unknown;
}

/**
 * The parts of an operation. The parts share their values with the operation (nothing
 * is copied), so an unchanged part is the same object in two versions of it.
 *
 * @example operationParts(op).collections.nodes.size // the pool's node count
 */
export function operationParts(op: NodePoolOperation): OperationParts {
  const { plan, ...rest } = op;
  const core: OperationCore = { ...rest };
  const collections: Record<string, KeyedMap<unknown>> = {};
  for (const name of strategyModule(op.kind).collections) {
    collections[name] = core[name] as KeyedMap<unknown>;
    delete core[name];
  }
  return { core, plan, collections };
}

/**
 * The operation the parts were taken from (or an equal one).
 *
 * @example withParts(operationParts(op)) // equal to op
 */
export function withParts(parts: OperationParts): NodePoolOperation {
  return { ...parts.core, plan: parts.plan, ...parts.collections } as NodePoolOperation;
}
