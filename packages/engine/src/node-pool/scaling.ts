import type { NodeColor, NodeConfig } from "./types.ts";

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

/** A group that scales both ways or not at all. @example scalesBothWays(true, "NUP-12: …") */
export function scalesBothWays(
  allowed: boolean,
  reason: string,
): Omit<ScalingGroupPolicy, "color"> {
  return { scaleUp: allowed, scaleDown: allowed, ignoreMinNodes: false, reason };
}

/**
 * NUP-12 for strategies without a blue/green split (surge, short-lived): nodes being
 * upgraded are left alone, the rest scale as usual and new nodes get `config`.
 *
 * @example wholePoolScales(target).groups[0].scaleDown // true
 */
export function wholePoolScales(config: NodeConfig): PoolScalingPolicy {
  return {
    upgrading: true,
    groups: [
      {
        ...scalesBothWays(
          true,
          "NUP-12: nodes being upgraded are left alone; others scale as usual",
        ),
        config,
      },
    ],
  };
}
