import type { NodePoolOperation } from "../../src/index.ts";
import { allNodes } from "../../src/node-pool/node-steps/node-table.ts";

export * from "../../src/index.ts";

/** Every node an upgrade operation tracks. */
export function allNodesOf(op: NodePoolOperation) {
  return allNodes(op.nodes);
}
