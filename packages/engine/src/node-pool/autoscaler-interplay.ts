import { bucketValues } from "./bucket-map.ts";
import { allNodes, getNode, type TrackedNode } from "./node-table.ts";
import type { ReplaceTask } from "./node-task.ts";
import { isTerminal } from "./operation.ts";
import type { NodeColor, NodeConfig } from "./types.ts";
import type { NodePoolOperation } from "./upgrade.ts";

/** What the autoscaler may do to one part of a pool (all of it, or its blue or green half). */
export interface ScalingGroupPolicy {
  /** Absent: the whole pool (no blue/green split). */
  color?: NodeColor;
  scaleUp: boolean;
  scaleDown: boolean;
  /** NUP-10: blue may shrink below its minimum, even to zero, while the upgrade waits. */
  ignoreMinNodes: boolean;
  /** Configuration of nodes the autoscaler adds to this group. */
  config?: NodeConfig;
  reason: string;
}

/** NUP-12: the autoscaler's rules for a pool while an upgrade operation owns it. */
export interface PoolScalingPolicy {
  upgrading: boolean;
  groups: ScalingGroupPolicy[];
}

/**
 * NUP-12. Surge: nodes under upgrade are left alone, the rest scale as usual and new
 * nodes get the target. Blue-green: blue never scales (during a rollback it may grow,
 * seed); green may grow from phase 1 and shrink too from phase 4 (seed: "it can be
 * scaled up until the soak phase, where it can be scaled up or down"). Autoscaled
 * blue-green: green scales both ways throughout; blue only shrinks, ignoring its
 * minimum, while the upgrade waits to drain. Short-lived: as surge.
 *
 * @example poolScalingPolicy(blueGreenInPhase2).groups // [{ color: "BLUE", scaleUp: false, … }, { color: "GREEN", scaleUp: true, scaleDown: false, … }]
 */
export function poolScalingPolicy(op: NodePoolOperation): PoolScalingPolicy {
  const target = op.header.target;
  if (isTerminal(op.header.state)) {
    return {
      upgrading: false,
      groups: [{ ...both(true, "no upgrade in progress"), config: finalConfig(op) }],
    };
  }
  switch (op.kind) {
    case "SURGE":
    case "SHORT_LIVED":
      return {
        upgrading: true,
        groups: [
          {
            ...both(true, "NUP-12: nodes being upgraded are left alone; others scale as usual"),
            config: finalConfig(op),
          },
        ],
      };
    case "BLUE_GREEN": {
      if (op.rollbackFrom !== undefined) {
        return {
          upgrading: true,
          groups: [
            {
              color: "BLUE",
              scaleUp: true,
              scaleDown: false,
              ignoreMinNodes: false,
              reason: "NUP-12: rolling back; blue may grow for capacity",
            },
            { color: "GREEN", ...both(false, "NUP-12: green is being removed") },
          ],
        };
      }
      const soaking = op.phase === "SOAKING_POOL" || op.phase === "DELETING_BLUE";
      return {
        upgrading: true,
        groups: [
          { color: "BLUE", ...both(false, "NUP-12: blue never scales during blue-green") },
          {
            color: "GREEN",
            scaleUp: true,
            scaleDown: soaking,
            ignoreMinNodes: false,
            config: target,
            reason: soaking
              ? "NUP-12: green scales both ways from the soak phase"
              : "NUP-12: green may only grow before the soak phase",
          },
        ],
      };
    }
    case "AUTOSCALED_BLUE_GREEN": {
      const waiting = op.phase === "WAITING_TO_DRAIN";
      return {
        upgrading: true,
        groups: [
          {
            color: "BLUE",
            scaleUp: false,
            scaleDown: waiting,
            ignoreMinNodes: waiting,
            reason: waiting
              ? "NUP-10: blue may shrink, even to zero, ignoring its minimum"
              : "NUP-12: blue does not scale outside the wait",
          },
          { color: "GREEN", ...both(true, "NUP-10: green scales as needed"), config: target },
        ],
      };
    }
    default:
      return op satisfies never;
  }
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
  const busy = underUpgrade(op);
  return allNodes(op.nodes)
    .filter((node) => shrinkable(node) && !busy.has(node.name) && node.work?.command === undefined)
    .filter(
      (node) =>
        node.state === "READY" ||
        (op.kind === "AUTOSCALED_BLUE_GREEN" && node.state === "CORDONED"),
    )
    .map((node) => node.name)
    .sort();
}

/**
 * NUP-12: nodes an upgrade step is working on; the autoscaler never touches them.
 *
 * @example nodesUnderUpgrade(surgeOp) // ["pool-a-1", "pool-a-k2c9f-0-0"]
 */
export function nodesUnderUpgrade(op: NodePoolOperation): string[] {
  return [...underUpgrade(op)].sort();
}

function underUpgrade(op: NodePoolOperation): Set<string> {
  const out = new Set<string>();
  if (op.kind === "SURGE" || op.kind === "SHORT_LIVED") {
    for (const task of bucketValues<ReplaceTask>(op.tasks.items)) {
      if (task.old !== undefined) out.add(task.old);
      out.add(task.fresh);
    }
    return out;
  }
  for (const node of allNodes(op.nodes)) if (node.work?.command !== undefined) out.add(node.name);
  return out;
}

function both(allowed: boolean, reason: string): Omit<ScalingGroupPolicy, "color"> {
  return { scaleUp: allowed, scaleDown: allowed, ignoreMinNodes: false, reason };
}

/** The configuration nodes added now should have: the original one once rolling back. */
function finalConfig(op: NodePoolOperation): NodeConfig {
  let original: NodeConfig | undefined;
  if (op.kind === "SURGE" && op.direction === "ROLLBACK") original = op.plan.zones[0]?.nodes[0];
  if (op.kind === "BLUE_GREEN" && op.rollbackFrom !== undefined) {
    const first = op.plan.blue[0];
    original = first === undefined ? undefined : getNode(op.nodes, first);
  }
  if (original === undefined) return op.header.target;
  return { version: original.version, nodeImage: original.nodeImage };
}
