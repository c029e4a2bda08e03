import {
  BucketDraft,
  type BucketMap,
  bucketGet,
  bucketValues,
  createBucketMap,
} from "./bucket-map.ts";
import type { NodeColor, NodeFacts, NodeState, PoolNode } from "./types.ts";

/** The provider step a node waits on; also the step part of a command id. */
export type NodeStep = "CREATE" | "CORDON" | "UNCORDON" | "DRAIN" | "DRAIN_FORCED" | "DELETE";

/**
 * The one command a node waits on in the phase-driven machines (blue-green variants).
 * `round` ties the work to the phase or batch that counts it, so a late answer from an
 * earlier round updates the node without being counted twice.
 */
export interface NodeWork {
  step: NodeStep;
  round: number;
  attempt: number;
  failures: number;
  /** Outstanding command; absent while waiting to retry. */
  command?: string;
  capacityWaits?: number;
}

/** A node with the operation's bookkeeping. `slot` ties surge nodes to their task. */
export interface TrackedNode extends PoolNode {
  slot?: string;
  work?: NodeWork;
}

/** Every node of a pool by name, bucketed (see {@link BucketMap}). */
export type NodeTable = BucketMap<TrackedNode>;

/**
 * A table sized for `expected` nodes at most (blue-green doubles a pool).
 *
 * @example const table = createTable([{ name: "n1", zone: "a", version: "1.30.1", nodeImage: "cos", state: "READY" }], 2);
 */
export function createTable(nodes: readonly TrackedNode[], expected: number): NodeTable {
  return createBucketMap(
    nodes.map((n): [string, TrackedNode] => [n.name, n]),
    expected,
  );
}

/** @example getNode(table, "n1")?.state // "READY" */
export function getNode(table: NodeTable, name: string): TrackedNode | undefined {
  return bucketGet(table, name);
}

/** Every node, in bucket order. @example allNodes(table).length */
export function allNodes(table: NodeTable): TrackedNode[] {
  return bucketValues(table);
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
export class TableDraft extends BucketDraft<TrackedNode> {
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
