import { keyedValues } from "../../collections/keyed-map.ts";
import type { PoolNode } from "../types.ts";
import { allNodes, type NodeTable } from "./node-table.ts";
import { type Replacement, replacementNodeStates } from "./replacement.ts";
import type { Replacements } from "./replacement-set.ts";

/**
 * The table's nodes as the API shows them, without the operation's bookkeeping.
 *
 * @example tableNodes(op.nodes)[0] // { name: "a-000", zone: "a", version: "1.30.1", nodeImage: "cos", state: "READY" }
 */
export function tableNodes(table: NodeTable): PoolNode[] {
  const out: PoolNode[] = [];
  for (const { slot: _s, pending: _p, ...node } of allNodes(table)) out.push(node);
  return out;
}

/**
 * The table's nodes with the states their replacements give them: replacements keep a
 * node's in-between states (and a node being created) themselves, not in the table.
 *
 * @example replacedNodes(op.nodes, op.replacements).find((n) => n.name === "a-000")?.state // "DRAINING"
 */
export function replacedNodes<T extends Replacement>(
  table: NodeTable,
  replacements: Replacements<T>,
): PoolNode[] {
  const nodes = new Map<string, PoolNode>();
  for (const node of tableNodes(table)) nodes.set(node.name, node);
  for (const task of keyedValues(replacements)) {
    const { old, fresh } = replacementNodeStates(task);
    const current = task.old === undefined ? undefined : nodes.get(task.old);
    if (old !== undefined && current !== undefined) {
      nodes.set(current.name, { ...current, state: old });
    }
    if (fresh !== undefined) nodes.set(fresh.name, fresh);
  }
  return [...nodes.values()];
}

/** Nodes whose pending step waits on the provider. @example nodesWithCommand(op.nodes) // ["b-001"] */
export function nodesWithCommand(table: NodeTable): string[] {
  const out: string[] = [];
  for (const node of allNodes(table)) if (node.pending?.command !== undefined) out.push(node.name);
  return out;
}

/** Replacements that have not failed: each still waits on the provider or a timer. */
export function replacementsInFlight<T extends Replacement>(replacements: Replacements<T>): number {
  let count = 0;
  for (const task of keyedValues(replacements)) if (task.failed === undefined) count += 1;
  return count;
}

/** Both nodes of every replacement (the old one, if any, and the new one). */
export function replacementNodeNames<T extends Replacement>(
  replacements: Replacements<T>,
): Set<string> {
  const out = new Set<string>();
  for (const task of keyedValues(replacements)) {
    if (task.old !== undefined) out.add(task.old);
    out.add(task.fresh);
  }
  return out;
}
