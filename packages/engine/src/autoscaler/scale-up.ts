import type { RuleId } from "../rules/violation.ts";
import { SCALE_UP_PRIORITY_CUTOFF } from "./defaults.ts";
import {
  clockText,
  cpuText,
  inZones,
  podName,
  podsText,
  record,
  unmodelledText,
  zonesText,
} from "./explain.ts";
import { fits } from "./fit.ts";
import { groupPods, type PodGroup, remaining, unplaced } from "./groups.ts";
import { nodeLabels } from "./labels.ts";
import { type Packing, packOntoNewNodes, templateNode } from "./packing.ts";
import type { Pass } from "./pass.ts";
import { compareOptions, estimateOption, levelSpotPrices, type PoolOption } from "./pool-choice.ts";
import type { PoolContext } from "./pool-context.ts";
import { zoneSlots } from "./pool-context.ts";
import { followsProfile } from "./profile.ts";
import { utilization } from "./requests.ts";
import { type PodInfo, placeOn, type SimNode } from "./snapshot.ts";
import type { ScaleUpAction } from "./types.ts";
import { gateText, hasFeature } from "./version-gates.ts";

/** Why a pool may not grow now. */
export interface ScaleUpBlock {
  rule?: RuleId;
  reason: string;
}

/** How many nodes the pool may still add this pass (CA-1, CA-6, CA-16, per-scale-up cap). */
export function growthRoom(pass: Pass, ctx: PoolContext): number {
  return Math.min(
    ctx.bounds.max - ctx.size - ctx.added,
    pass.clusterCap - pass.clusterSize,
    pass.options.maxNodesPerScaleUp,
  );
}

/**
 * Why the pool may not grow at all now, or undefined. In order: autoscaling off,
 * CA-15 (its compute class has no rule it matches), NUP-12 (an upgrade owns it), CA-4
 * backoff, the control plane's version gates (CA-5 an empty cluster below 1.22, CA-3 a
 * Local SSD pool at zero below 1.24.5-gke.600), CA-13 slice already up, CA-16 cluster
 * cap, CA-6/CA-1 at or above the maximum, CA-9 no capacity in any zone.
 */
export function scaleUpBlock(pass: Pass, ctx: PoolContext): ScaleUpBlock | undefined {
  const { pool } = ctx;
  if (!pool.autoscaling.enabled) return { reason: "autoscaling is off for this pool" };
  if (ctx.classMiss !== undefined) return { rule: "CA-15", reason: ctx.classMiss };
  if (!ctx.growing) {
    const why = pool.scaling?.groups.map((g) => g.reason).join("; ") ?? "";
    return { rule: "NUP-12", reason: `not grown while it is upgraded (${why})` };
  }
  if (ctx.backoff) {
    return {
      rule: "CA-4",
      reason: `backing off until ${clockText(ctx.backoff.until)} after ${ctx.backoff.reason} (failure ${ctx.backoff.failures})`,
    };
  }
  const gate = versionHold(pass, ctx);
  if (gate) return gate;
  if (ctx.slice !== undefined && ctx.size + ctx.added > 0) {
    return {
      rule: "CA-13",
      reason: `multi-host TPU slice of ${ctx.slice} nodes is already up; it holds 0 or ${ctx.slice} nodes`,
    };
  }
  if (pass.clusterSize >= pass.clusterCap) {
    return { rule: "CA-16", reason: `the cluster is at its cap of ${pass.clusterCap} nodes` };
  }
  const max = ctx.bounds.max;
  if (ctx.size + ctx.added > max) {
    return { rule: "CA-6", reason: `above its maximum (${ctx.size} > ${max}): no scale up` };
  }
  if (ctx.size + ctx.added === max) {
    return { rule: "CA-1", reason: `at its maximum of ${max} nodes` };
  }
  const slots = zoneSlots(ctx);
  if (ctx.slice !== undefined) {
    const room = Math.min(growthRoom(pass, ctx), Math.max(0, ...slots.map((s) => s.room)));
    if (room < ctx.slice) {
      return {
        rule: "CA-13",
        reason: `a multi-host TPU slice needs ${ctx.slice} nodes in one zone; only ${room} may be added`,
      };
    }
  }
  if (slots.every((s) => s.room <= 0)) {
    return { rule: "CA-9", reason: "no capacity left in its zones" };
  }
  return undefined;
}

/** Scale ups the cluster's control plane version does not make (seed 001's gates). */
function versionHold(pass: Pass, ctx: PoolContext): ScaleUpBlock | undefined {
  const cluster = pass.input.cluster;
  if (pass.clusterSize === 0 && !hasFeature(cluster, "emptyClusterScaleUp")) {
    return {
      rule: "CA-5",
      reason: `the cluster has no nodes, and ${gateText(cluster, "emptyClusterScaleUp")}`,
    };
  }
  if (ctx.pool.localSsd && ctx.size + ctx.added === 0 && !hasFeature(cluster, "localSsdFromZero")) {
    return {
      rule: "CA-3",
      reason: `the pool has no nodes, and ${gateText(cluster, "localSsdFromZero")}`,
    };
  }
  return undefined;
}

/**
 * Packs pods onto new nodes of a pool within its room; a multi-host TPU pool gets its
 * whole slice in one zone or nothing (CA-13).
 */
export function packForPool(pass: Pass, ctx: PoolContext, groups: readonly PodGroup[]): Packing {
  const slots = zoneSlots(ctx);
  const room = growthRoom(pass, ctx);
  if (ctx.slice === undefined) {
    return packOntoNewNodes(groups, {
      pool: ctx.pool,
      overhead: ctx.overhead,
      slots,
      policy: ctx.policy,
      maxNodes: room,
    });
  }
  const slice = ctx.slice;
  const zone = [...slots]
    .filter((s) => s.room >= slice)
    .sort((a, b) => b.reserved - a.reserved || (a.zone < b.zone ? -1 : 1))[0];
  if (!zone || room < slice) return { bins: [], placed: [] };
  const packing = packOntoNewNodes(groups, {
    pool: ctx.pool,
    overhead: ctx.overhead,
    slots: [zone],
    policy: "ANY",
    maxNodes: slice,
  });
  if (packing.placed.length === 0) return packing;
  while (packing.bins.length < slice) {
    packing.bins.push(templateFor(ctx, zone.zone, packing.bins.length));
  }
  return packing;
}

function templateFor(ctx: PoolContext, zone: string, index: number): SimNode {
  return templateNode(ctx.pool, ctx.overhead, zone, `${ctx.pool.name}-new-${index}`);
}

/** Nodes per zone of a packing. */
export function zonesOf(bins: readonly SimNode[]): Record<string, number> {
  const zones: Record<string, number> = {};
  for (const b of bins) zones[b.zone] = (zones[b.zone] ?? 0) + 1;
  return zones;
}

/** Books a packing as a SCALE_UP of the pool: sizes, cluster count, the action. */
export function commitScaleUp(
  pass: Pass,
  ctx: PoolContext,
  packing: Packing,
  reason: string,
): ScaleUpAction {
  const zones = zonesOf(packing.bins);
  for (const [zone, n] of Object.entries(zones)) {
    ctx.zoneSizes[zone] = (ctx.zoneSizes[zone] ?? 0) + n;
  }
  ctx.added += packing.bins.length;
  pass.clusterSize += packing.bins.length;
  for (const bin of packing.bins) bin.state = "PROVISIONING";
  pass.planned.push(...packing.bins);
  const action: ScaleUpAction = {
    type: "SCALE_UP",
    pool: ctx.pool.name,
    delta: packing.bins.length,
    zones,
    ...(ctx.growing?.color ? { color: ctx.growing.color } : {}),
    ...(ctx.growing?.config ? { config: ctx.growing.config } : {}),
    pods: packing.placed.map((p) => p.key),
    newNodes: packing.bins.map((b) => ({ zone: b.zone, pods: b.pods.map((p) => p.key) })),
    reason,
  };
  pass.actions.push(action);
  pass.records.push(
    record(pass.now, ctx.pool.name, "SCALE_UP", reason, { delta: action.delta, zones }),
  );
  pass.recorded.add(ctx.pool.name);
  return action;
}

/** A pod's size for ordering: CPU and memory weighted as on a 1 CPU : 4 GiB machine. */
function size(g: PodGroup): number {
  const r = g.sample.requests;
  return r.cpuMillis / 1000 + r.memoryMiB / 4096 + r.accelerators * 8;
}

/**
 * Pending pods onto nodes that exist or are coming up (PROVISIONING counts: upstream's
 * "upcoming nodes"), so only pods no node can take ask for new ones. Pools with the
 * `optimize-utilization` profile offer their busiest nodes first, by the largest share of
 * CPU, memory or GPUs already requested (CA-11, seed 001); a pod naming a custom scheduler
 * is not affected and sees the nodes in name order, as under `balanced`.
 */
export function placeOnExisting(pass: Pass, groups: readonly PodGroup[]): void {
  const targets = pass.snapshot.nodes
    .filter(
      (n) => (n.state === "READY" || n.state === "PROVISIONING") && !pass.timedOut.has(n.name),
    )
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
  const packing = (n: SimNode): boolean => n.pool.autoscaling.profile === "optimize-utilization";
  // Sorted once: a stable sort keeps name order among equally busy and `balanced` nodes.
  const busiestFirst = targets
    .map((n) => ({ n, b: packing(n) ? utilization(n.used, n.allocatable) : -1 }))
    .sort((x, y) => y.b - x.b)
    .map((x) => x.n);
  // Largest first, as the packing of new nodes does, so both fill nodes alike.
  const bySize = [...groups].sort((a, b) => size(b) - size(a));
  for (const g of bySize) {
    const ordered = followsProfile(g.sample.pod) ? busiestFirst : targets;
    for (const node of ordered) {
      if (remaining(g) === 0) break;
      while (remaining(g) > 0 && fits(g.sample, node)) {
        placeOn(node, g.pods[g.next++] as PodInfo);
      }
    }
  }
}

/**
 * CA-3/CA-9/CA-12: pending pods no node can take grow pools. Pods below priority −10
 * never trigger a scale up. Each step ranks every pool that may grow by the pods it
 * could hold (CA-9), packs the best one's new nodes first-fit-decreasing within its
 * limits (CA-1, CA-6, CA-16, 1,000 nodes per scale up) and zones (CA-10), and repeats
 * with the pods left until no pool helps. The nodes of one pool are requested together.
 */
export function scaleUp(pass: Pass): PodInfo[] {
  const low = pass.snapshot.pending.filter((p) => p.priority < SCALE_UP_PRIORITY_CUTOFF);
  const eligible = pass.snapshot.pending.filter((p) => p.priority >= SCALE_UP_PRIORITY_CUTOFF);
  const groups = groupPods(eligible);
  const lowGroups = groupPods(low);
  placeOnExisting(pass, groups);
  placeOnExisting(pass, lowGroups);
  for (const p of unplaced(lowGroups)) {
    pass.belowCutoff.push(p);
    pass.notes.push(
      `CA-12: pod ${podName(p)} has priority ${p.priority}, below ${SCALE_UP_PRIORITY_CUTOFF}: it never triggers a scale up`,
    );
  }
  const contexts = [...pass.pools.values()];
  const helpful = new Map<string, PoolOption>();
  for (const ctx of contexts) {
    const option = estimateOption(
      ctx.pool,
      ctx.overhead,
      groups,
      ctx.zones,
      ctx.classRank,
      ctx.slice,
    );
    if (option) helpful.set(ctx.pool.name, option);
  }
  const used = new Set<string>();
  const blocked = new Map<string, ScaleUpBlock>();
  for (;;) {
    const options: PoolOption[] = [];
    for (const ctx of contexts) {
      if (used.has(ctx.pool.name) || !helpful.has(ctx.pool.name)) continue;
      const block = scaleUpBlock(pass, ctx);
      if (block) {
        blocked.set(ctx.pool.name, block);
        continue;
      }
      const option = estimateOption(
        ctx.pool,
        ctx.overhead,
        groups,
        ctx.zones,
        ctx.classRank,
        ctx.slice,
      );
      if (option) options.push(option);
    }
    if (options.length === 0) break;
    const ranked = levelSpotPrices(options).sort(compareOptions);
    const best = ranked[0] as PoolOption;
    const ctx = pass.pools.get(best.pool.name) as PoolContext;
    used.add(best.pool.name);
    const packing = packForPool(pass, ctx, groups);
    if (packing.placed.length === 0) continue;
    commitScaleUp(pass, ctx, packing, scaleUpReason(packing, best, ranked.slice(1), blocked));
  }
  for (const [pool, block] of blocked) {
    if (pass.recorded.has(pool) || block.rule === "CA-4") continue;
    pass.records.push(
      record(pass.now, pool, "NOOP", `pending pods could use it but ${block.reason}`, {
        ...(block.rule ? { blockedBy: block.rule } : {}),
      }),
    );
    pass.recorded.add(pool);
  }
  for (const pool of helpful.keys()) {
    if (pass.recorded.has(pool) || !used.has(pool)) continue;
    pass.records.push(
      record(pass.now, pool, "NOOP", "pending pods fit its nodes but none could be added"),
    );
    pass.recorded.add(pool);
  }
  const left = unplaced(groups);
  if (left.length > 0) {
    const sample = left
      .slice(0, 5)
      .map((p) => `${podName(p)} (${cpuText(p.requests.cpuMillis)}, ${p.requests.memoryMiB} MiB)`);
    const why = [
      `${left.length} pending ${left.length === 1 ? "pod fits" : "pods fit"} no pool that may grow: ${sample.join(", ")}${left.length > 5 ? ", …" : ""}`,
      ...noPoolCarries(pass, left),
      unmodelledText(left),
    ].filter((part) => part !== undefined);
    pass.unplaced = why.join("; ");
    pass.notes.push(pass.unplaced);
  }
  return left;
}

/**
 * Node selectors no pool's nodes satisfy: upstream would leave such pods to node
 * auto-provisioning (a new pool with those labels), which Regatta does not model.
 */
function noPoolCarries(pass: Pass, pods: readonly PodInfo[]): string[] {
  const offered = new Set<string>();
  for (const ctx of pass.pools.values()) {
    for (const zone of ctx.pool.zones) {
      for (const [key, value] of Object.entries(nodeLabels(ctx.pool, zone))) {
        offered.add(`${key}=${value}`);
      }
    }
  }
  const missing = new Map<string, PodInfo>();
  for (const pod of pods) {
    for (const [key, value] of Object.entries(pod.pod.nodeSelector ?? {})) {
      const label = `${key}=${value}`;
      if (!offered.has(label) && !missing.has(label)) missing.set(label, pod);
    }
  }
  return [...missing].map(
    ([label, pod]) =>
      `no node pool has ${label} (${podName(pod)}); node auto-provisioning, which would create one, is not modelled`,
  );
}

/** CA-17: "3 pods of 4 CPU pending; pool a2-spot chosen: cheapest with capacity in us-central1-b; +2 nodes". */
function scaleUpReason(
  packing: Packing,
  best: PoolOption,
  others: readonly PoolOption[],
  blocked: ReadonlyMap<string, ScaleUpBlock>,
): string {
  const zones = zonesOf(packing.bins);
  let why: string;
  if (best.classRank > 0 || best.pool.computeClass !== undefined) {
    why = `compute class ${best.pool.computeClass} rule ${best.classRank + 1}${best.classRank > 0 ? " (higher rules have no capacity)" : ""}`;
  } else if (best.reserved) {
    why = `unused reservation ${inZones(zones)}`;
  } else if (best.pool.spot && others.some((o) => o.pool.spot && !o.reserved)) {
    const spot = [best, ...others.filter((o) => o.pool.spot && !o.reserved)]
      .map((o) => o.pool.name)
      .sort();
    why = `least waste among the spot pools (${spot.join(", ")}); price does not decide between spot pools, ${inZones(zones)}`;
  } else if (others.length > 0 || blocked.size > 0) {
    why = `cheapest with capacity ${inZones(zones)}`;
  } else {
    why = `the only pool that fits, ${inZones(zones)}`;
  }
  const n = packing.bins.length;
  const unmodelled = unmodelledText(packing.placed);
  return `${podsText(packing.placed)} pending; pool ${best.pool.name} chosen: ${why}; +${n} ${n === 1 ? "node" : "nodes"} (${zonesText(zones)})${unmodelled === undefined ? "" : `; ${unmodelled}`}`;
}
