import { allNodes, type TrackedNode } from "./node-steps/node-table.ts";
import { isTerminal } from "./operation.ts";
import { type PoolScalingPolicy, scalesBothWays } from "./scaling.ts";
import { type NodePoolOperation, strategyModule } from "./strategies/index.ts";

/**
 * NUP-12: what the autoscaler may do while the operation runs, as its strategy says.
 * Surge: nodes under upgrade are left alone, the rest scale as usual and new nodes get
 * the target. Blue-green: blue never scales (during a rollback it may grow, seed);
 * green may grow from phase 1 and shrink too from phase 4. Autoscaled blue-green: green
 * scales both ways throughout; blue only shrinks, ignoring its minimum, while the
 * upgrade waits to drain. Short-lived: as surge. Once the operation ended the pool
 * scales as usual.
 *
 * @example poolScalingPolicy(blueGreenInPhase2).groups // [{ color: "BLUE", scaleUp: false, … }, { color: "GREEN", scaleUp: true, scaleDown: false, … }]
 */
export function poolScalingPolicy(op: NodePoolOperation): PoolScalingPolicy {
  if (isTerminal(op.header.state)) {
    return {
      upgrading: false,
      groups: [
        {
          ...scalesBothWays(true, "no upgrade in progress"),
          config: strategyModule(op.kind).addedNodeConfig(op),
        },
      ],
    };
  }
  return strategyModule(op.kind).scaling(op);
}

/**
 * NUP-12: names of the nodes the autoscaler may remove right now — in a group that may
 * shrink, and not under upgrade (no step in flight, not part of a surge task).
 *
 * @example scalableNodes(surgeOp) // every READY node except the ones being replaced
 */
export function scalableNodes(op: NodePoolOperation): string[] {
  const policy = poolScalingPolicy(op);
  const shrinkable = (node: TrackedNode): boolean =>
    policy.groups.some((g) => g.scaleDown && (g.color === undefined || g.color === node.color));
  const module = strategyModule(op.kind);
  const busy = module.underUpgrade(op);
  return allNodes(op.nodes)
    .filter(
      (node) => shrinkable(node) && !busy.has(node.name) && node.pending?.command === undefined,
    )
    .filter((node) => module.removableStates.includes(node.state))
    .map((node) => node.name)
    .sort();
}

/**
 * NUP-12: nodes an upgrade step is working on; the autoscaler never touches them.
 *
 * @example nodesUnderUpgrade(surgeOp) // ["pool-a-1", "pool-a-k2c9f-0-0"]
 */
export function nodesUnderUpgrade(op: NodePoolOperation): string[] {
  return [...strategyModule(op.kind).underUpgrade(op)].sort();
}

/**
 * NUP-10: whether `nodes` (those running pods marked not safe to evict, as the cluster's
 * workloads show them now) is news to the pool's upgrade: only an autoscaled blue-green
 * upgrade that has not ended keeps them, for its blue nodes.
 *
 * @example unevictableNews(autoscaledOp, ["a-001"]) // true when it did not know a-001 held such pods
 */
export function unevictableNews(op: NodePoolOperation, nodes: readonly string[]): boolean {
  if (op.kind !== "AUTOSCALED_BLUE_GREEN" || isTerminal(op.header.state)) return false;
  const blue = new Set(
    allNodes(op.nodes)
      .filter((node) => node.color === "BLUE")
      .map((node) => node.name),
  );
  const now = nodes.filter((name) => blue.has(name)).sort();
  const known = [...(op.unevictable ?? [])].sort();
  return now.length !== known.length || now.some((name, i) => name !== known[i]);
}
