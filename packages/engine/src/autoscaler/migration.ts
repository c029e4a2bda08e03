import { migratesActively } from "./compute-class.ts";
import { podsText, record } from "./explain.ts";
import { groupPods, remaining } from "./groups.ts";
import type { Pass } from "./pass.ts";
import { type Budget, covers, disruptionBudgets } from "./pdb.ts";
import { countsTowardSize } from "./pool-context.ts";
import { unmovable } from "./scale-down.ts";
import { commitScaleUp, packForPool, scaleUpBlock } from "./scale-up.ts";
import { gracefulTerminationSeconds } from "./termination.ts";

/**
 * CA-15 active migration: for a compute class that optimizes rule priority, a node of
 * a lower rule is replaced by new nodes of a higher rule as soon as that rule's pool
 * can grow again — its pods packed onto the new nodes, the old node drained. Nodes with
 * a pod that may not be evicted or whose eviction would break a PodDisruptionBudget
 * (CA-7) stay; at most `maxScaleDownParallelism` move per
 * pass; a pool at its minimum keeps its nodes.
 */
export function migrateToBetterRules(pass: Pass): number {
  let budget = pass.options.maxScaleDownParallelism;
  let moved = 0;
  const budgets = disruptionBudgets(pass.input.pdbs ?? [], pass.snapshot);
  const classes = (pass.input.computeClasses ?? []).filter(migratesActively);
  for (const cls of [...classes].sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const pools = [...pass.pools.values()].filter((c) => c.pool.computeClass === cls.name);
    for (const lower of pools) {
      const nodes = pass.snapshot.nodes.filter(
        (n) => n.pool.name === lower.pool.name && n.state === "READY",
      );
      let size = nodes.filter(countsTowardSize).length;
      for (const node of nodes) {
        if (budget <= 0 || size <= lower.bounds.min) break;
        const pods = node.pods.filter((p) => !p.pod.daemonSet);
        if (pods.length === 0 || pods.some((p) => unmovable(pass, p))) continue;
        const hit = budgets.filter((b) => pods.some((p) => covers(b.pdb, p)));
        const spend = (b: Budget): number => pods.filter((p) => covers(b.pdb, p)).length;
        if (hit.some((b) => spend(b) > b.allowed)) continue;
        const better = pools
          .filter((c) => c.classRank < lower.classRank && !scaleUpBlock(pass, c))
          .sort((a, b) => a.classRank - b.classRank)[0];
        if (!better) continue;
        const groups = groupPods(pods);
        const packing = packForPool(pass, better, groups);
        if (groups.some((g) => remaining(g) > 0)) continue;
        commitScaleUp(
          pass,
          better,
          packing,
          `CA-15 active migration: ${podsText(pods)} on node ${node.name} (rule ${lower.classRank + 1}) move to compute class ${cls.name} rule ${better.classRank + 1}, capacity is back; +${packing.bins.length} ${packing.bins.length === 1 ? "node" : "nodes"}`,
        );
        const grace = gracefulTerminationSeconds(pass.input.cluster.controlPlaneVersion);
        const reason = `CA-15 active migration: node ${node.name} drained, its pods move to rule ${better.classRank + 1} of compute class ${cls.name}; -1 node`;
        pass.actions.push({
          type: "SCALE_DOWN",
          pool: lower.pool.name,
          delta: -1,
          nodes: [node.name],
          gracefulTerminationSeconds: grace,
          reason,
        });
        pass.records.push(
          record(pass.now, lower.pool.name, "SCALE_DOWN", reason, {
            delta: -1,
            nodes: [node.name],
          }),
        );
        pass.recorded.add(lower.pool.name);
        for (const b of hit) b.allowed -= spend(b);
        node.state = "DRAINING";
        size -= 1;
        budget -= 1;
        moved += 1;
      }
    }
  }
  return moved;
}
