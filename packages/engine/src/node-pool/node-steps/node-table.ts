import {
  createKeyedMap,
  KeyedDraft,
  type KeyedMap,
  keyedGet,
  keyedValues,
} from "../../collections/keyed-map.ts";
import type { NodeStep } from "../node-commands.ts";
import type { NodeColor, NodeFacts, NodeState, PoolNode } from "../types.ts";

/**
 * The one step a node waits on in the phase-driven machines (blue-green variants),
 * where a node's steps are sent one by one rather than as a replacement (replacement.ts).
 * `round` ties the step to the phase or batch that counts it, so a late answer from an
 * earlier round updates the node without being counted twice.
 */
export interface PendingStep {
  step: NodeStep;
  round: number;
  attempt: number;
  failures: number;
  /** Outstanding command; absent while waiting to retry. */
  command?: string;
  capacityWaits?: number;
}

/** A node with the operation's bookkeeping. `slot` ties a node to its replacement. */
export interface TrackedNode extends PoolNode {
  slot?: string;
  pending?: PendingStep;
}

/** Every node of a pool by name (see {@link KeyedMap}). */
export type NodeTable = KeyedMap<TrackedNode>;

/**
 * A table sized for `expected` nodes at most (blue-green doubles a pool).
 *
 * @example const table = createTable([{ name: "n1", zone: "a", version: "1.30.1", nodeImage: "cos", state: "READY" }], 2);
 */
export function createTable(nodes: readonly TrackedNode[], expected: number): NodeTable {
  return createKeyedMap(
    nodes.map((n): [string, TrackedNode] => [n.name, n]),
    expected,
  );
}

/** @example getNode(table, "n1")?.state // "READY" */
export function getNode(table: NodeTable, name: string): TrackedNode | undefined {
  return keyedGet(table, name);
}

/** Every node, in shard order. @example allNodes(table).length */
export function allNodes(table: NodeTable): TrackedNode[] {
  return keyedValues(table);
}

/** A tracked node built from facts. @example trackNode(facts, "READY", "BLUE") */
export function trackNode(facts: NodeFacts, state: NodeState, color?: NodeColor): TrackedNode {
  const node: TrackedNode = {
    name: facts.name,
    zone: facts.zone,
    version: facts.version,
    nodeImage: facts.nodeImage,
    state,
  };
  if (color !== undefined) node.color = color;
  return node;
}

/**
 * Copy-on-write editing of the node table inside one decision.
 *
 * @example
 * const draft = new TableDraft(table);
 * draft.patch("n1", { state: "CORDONED" });
 * const next = draft.commit();
 */
export class TableDraft extends KeyedDraft<TrackedNode> {
  /** Inserts or replaces a node. */
  set(node: TrackedNode): void {
    this.put(node.name, node);
  }

  /** Changes fields of an existing node (undefined removes a field); a missing node is left alone. */
  patch(name: string, fields: Partial<TrackedNode>): TrackedNode | undefined {
    const current = this.get(name);
    if (current === undefined) return undefined;
    const next = { ...current, ...fields };
    for (const key of Object.keys(fields) as (keyof TrackedNode)[]) {
      if (fields[key] === undefined) delete next[key];
    }
    this.put(name, next);
    return next;
  }

  /** Adds the nodes the table does not have yet, READY (and coloured, if given). */
  addMissing(nodes: readonly NodeFacts[], color?: NodeColor): void {
    for (const node of nodes) {
      if (this.get(node.name) === undefined) this.set(trackNode(node, "READY", color));
    }
  }

  /** Every node as it stands in the draft. */
  all(): TrackedNode[] {
    return this.entries().map(([, node]) => node);
  }
}
