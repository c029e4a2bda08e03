import { type Instant, type NodePoolOperation, poolNodes } from "@regatta/engine";
import { type Inventory, writeBackNodePool } from "@regatta/inventory";

/**
 * Makes the inventory match a finished node-pool operation: the pool's nodes as the
 * operation left them (those being deleted are gone) and, when it succeeded, the pool's
 * new version and image.
 */
export function writeBackOperation(
  db: Inventory,
  op: NodePoolOperation,
  now: Instant,
): Promise<void> {
  const { id, cluster, pool, target, state } = op.header;
  const nodes = poolNodes(op)
    .filter((node) => node.state !== "DELETING")
    .map((node) => ({
      name: node.name,
      zone: node.zone,
      version: node.version,
      nodeImage: node.nodeImage,
      state: node.state,
      color: null,
    }));
  const upgradedTo =
    state === "SUCCEEDED" ? { version: target.version, nodeImage: target.nodeImage } : undefined;
  return writeBackNodePool(
    db,
    { operationId: id, cluster, pool, nodes, ...(upgradedTo ? { upgradedTo } : {}) },
    now,
  );
}
