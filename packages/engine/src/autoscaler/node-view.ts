import { poolScalingPolicy, scalableNodes } from "../node-pool/autoscaler-interplay.ts";
import { isTerminal } from "../node-pool/operation.ts";
import type { NodePoolOperation } from "../node-pool/strategies/index.ts";
import { poolNodes } from "../node-pool/view.ts";
import type { AutoscalerNode, AutoscalerPool, NodeInFlight } from "./types.ts";

/** A pool as the inventory has it, before NUP-12 adds what an upgrade allows. */
export type StoredPool = Omit<AutoscalerPool, "scaling" | "scalableNodes">;

/** Where a pass's nodes come from, besides the engine's own state. */
export interface NodeViewSources {
  /** The nodes as the inventory has them. */
  stored: readonly AutoscalerNode[];
  /** Nodes the autoscaler added or removed that the inventory does not have yet. */
  unsynced: { added: readonly AutoscalerNode[]; removed: ReadonlySet<string> };
  pools: readonly StoredPool[];
  /**
   * Pools whose nodes an upgrade holds, by pool name: the operation's node table has not
   * been written to the inventory yet (or it still runs), so it is the truth for them.
   */
  upgrades: ReadonlyMap<string, NodePoolOperation>;
  /** The actuator's status: nodes being created, drained or deleted. */
  inFlight: Readonly<Record<string, NodeInFlight>>;
}

/** The nodes and pools one pass decides from. */
export interface NodeView {
  /** In name order. */
  nodes: AutoscalerNode[];
  /** In the order given, each under a running upgrade with its NUP-12 policy. */
  pools: AutoscalerPool[];
  /** Some pool is under an upgrade that still runs: its steps will change the nodes. */
  upgrading: boolean;
}

/**
 * The nodes a pass sees: the inventory's, with the autoscaler's changes not yet written
 * back; for pools an upgrade holds, the operation's own table instead (NUP-12); plus the
 * nodes being created, and without the nodes being removed. A pool under a running
 * upgrade carries its scaling policy and the nodes the autoscaler may remove.
 *
 * @example autoscalerNodeView({ stored, unsynced: { added: [], removed: new Set() }, pools, upgrades: new Map(), inFlight: {} }).nodes
 */
export function autoscalerNodeView(sources: NodeViewSources): NodeView {
  const { unsynced } = sources;
  const byName = new Map<string, AutoscalerNode>();
  for (const node of sources.stored) {
    if (unsynced.removed.has(node.name)) continue;
    byName.set(node.name, { ...node });
  }
  for (const node of unsynced.added) byName.set(node.name, { ...node });
  const pools: AutoscalerPool[] = [];
  let upgrading = false;
  for (const pool of sources.pools) {
    const op = sources.upgrades.get(pool.name);
    const view: AutoscalerPool = { ...pool };
    if (op !== undefined) {
      for (const [name, node] of byName) if (node.pool === pool.name) byName.delete(name);
      for (const node of poolNodes(op)) {
        byName.set(node.name, {
          name: node.name,
          pool: pool.name,
          zone: node.zone,
          state: node.state,
          ...(node.color ? { color: node.color } : {}),
        });
      }
      if (!isTerminal(op.header.state)) {
        view.scaling = poolScalingPolicy(op);
        view.scalableNodes = scalableNodes(op);
        upgrading = true;
      }
    }
    pools.push(view);
  }
  for (const [name, flight] of Object.entries(sources.inFlight)) {
    if (flight.step === "CREATE") {
      if (!byName.has(name)) {
        byName.set(name, {
          name,
          pool: flight.pool,
          zone: flight.zone,
          state: "PROVISIONING",
          createdAt: flight.since,
          ...(flight.color ? { color: flight.color } : {}),
        });
      }
    } else {
      // Leaving: it counts for no limit and takes no pod (upstream taints it
      // ToBeDeleted), so a pass never removes a second node in its place.
      byName.delete(name);
    }
  }
  const nodes = [...byName.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  return { nodes, pools, upgrading };
}
