import type { RuleId } from "../rules/violation.ts";
import { requiredNodeExpressions } from "./constraints.ts";
import { KEPT_RECORDS_PER_POOL, NON_EMPTY_CANDIDATES_PER_PASS, unneededMs } from "./defaults.ts";
import {
  clockText,
  decisionReason,
  minutesText,
  podName,
  record,
  underusedText,
} from "./explain.ts";
import { fits } from "./fit.ts";
import type { Pass } from "./pass.ts";
import { type Budget, covers, disruptionBudgets } from "./pdb.ts";
import { countsTowardSize, groupOf } from "./pool-context.ts";
import { gpuUtilization, subtractResources, utilization } from "./requests.ts";
import { notSafeToEvict, SAFE_TO_EVICT } from "./safe-to-evict.ts";
import { type PodInfo, placeOn, type SimNode } from "./snapshot.ts";
import { gracefulTerminationSeconds, localStorageBlocks } from "./termination.ts";
import type { AutoscalerState, DecisionRecord } from "./types.ts";

function pushTo<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Why a node stays. */
interface Kept {
  node: SimNode;
  rule?: RuleId;
  reason: string;
  /** It only waits out its unneeded time (the reason counts down from these). */
  unneeded?: DecisionRecord["unneeded"];
}

/** A move of one pod in the simulation, undone when the node turns out to stay. */
interface Move {
  pod: PodInfo;
  to: SimNode;
}

function takeOff(node: SimNode, pod: PodInfo): void {
  node.used = subtractResources(node.used, pod.requests);
  node.pods.splice(node.pods.lastIndexOf(pod), 1);
  node.antiTerms = node.pods.flatMap((p) => p.constraints.antiAffinity);
}

/**
 * CA-5: how underused a node is. A GPU node counts its GPU requests only (upstream); any
 * other node the largest share of CPU, memory or TPU chips.
 */
function underuse(node: SimNode): number {
  return gpuNode(node)
    ? gpuUtilization(node.used, node.allocatable)
    : utilization(node.used, node.allocatable);
}

/** A node with GPUs (TPU chips count as accelerators too, but not as GPUs). */
function gpuNode(node: SimNode): boolean {
  return node.pool.tpu === undefined && node.allocatable.accelerators > 0;
}

/** Where Kubernetes runs its system pods. */
const SYSTEM_NAMESPACE = "kube-system";

/** CA-7: a pod that never leaves its node, and why; undefined when it may be evicted. */
export function unmovable(pass: Pass, pod: PodInfo): string | undefined {
  const safe = pod.pod.annotations?.[SAFE_TO_EVICT];
  if (notSafeToEvict(pod.pod)) return `pod ${podName(pod)} has safe-to-evict=false`;
  if (safe === "true") return undefined;
  // Upstream's system-pod rule (seed 001: system pods left on several nodes keep them,
  // "configure a PodDisruptionBudget to get around this"): a kube-system pod moves only
  // when a budget of its namespace selects it.
  if (
    (pod.pod.namespace ?? "default") === SYSTEM_NAMESPACE &&
    !(pass.input.pdbs ?? []).some((pdb) => covers(pdb, pod))
  ) {
    return `pod ${pod.key} is a kube-system pod without a PodDisruptionBudget`;
  }
  if (pod.pod.controller === undefined || pod.pod.controller === null) {
    return `pod ${podName(pod)} has no controller`;
  }
  if (pod.pod.localStorage && localStorageBlocks(pass.input.cluster.controlPlaneVersion)) {
    return `pod ${podName(pod)} uses local storage and the control plane ${pass.input.cluster.controlPlaneVersion} is below 1.22`;
  }
  return undefined;
}

/** Whether a pod's placement depends on selectors or affinity (CA-7 wording). */
function constrained(pod: PodInfo): boolean {
  return (
    Object.keys(pod.pod.nodeSelector ?? {}).length > 0 ||
    requiredNodeExpressions(pod.pod.affinity?.nodeAffinity).length > 0 ||
    pod.constraints.affinity.length > 0 ||
    pod.constraints.antiAffinity.length > 0
  );
}

/** Sizes scale down checks the minimum against: per pool half (colour) and per zone. */
class Sizes {
  private readonly counts = new Map<string, number>();
  private key(node: SimNode, zone?: string): string {
    return `${node.pool.name}|${node.color ?? ""}|${zone ?? ""}`;
  }
  add(node: SimNode, n: number): void {
    for (const k of [this.key(node), this.key(node, node.zone)]) {
      this.counts.set(k, (this.counts.get(k) ?? 0) + n);
    }
  }
  of(node: SimNode, zone?: string): number {
    return this.counts.get(this.key(node, zone)) ?? 0;
  }
}

/**
 * CA-5/CA-6/CA-1: whether the node may go without breaking a minimum: its pool (or its
 * blue-green half; blue ignores the minimum under NUP-10) and zone stay at or above
 * their minimum; a standard cluster keeps at least one node.
 */
function limitBlock(
  pass: Pass,
  node: SimNode,
  sizes: Sizes,
  clusterLeft: number,
): Kept | undefined {
  const ctx = pass.pools.get(node.pool.name);
  if (!ctx) return undefined;
  const standard = !pass.input.cluster.autopilot && clusterLeft <= 1;
  const cluster: Kept | undefined = standard
    ? { node, rule: "CA-5", reason: "a standard cluster never goes below one node" }
    : undefined;
  if (groupOf(node.pool, node)?.ignoreMinNodes) return cluster;
  const zoneMin = ctx.bounds.zones?.[node.zone]?.min;
  if (zoneMin !== undefined) {
    const size = sizes.of(node, node.zone);
    if (size <= zoneMin) {
      return size < zoneMin
        ? {
            node,
            rule: "CA-6",
            reason: `zone ${node.zone} is below its minimum (${size} < ${zoneMin}): no scale down`,
          }
        : { node, rule: "CA-5", reason: `zone ${node.zone} is at its minimum of ${zoneMin} nodes` };
    }
    return cluster;
  }
  const size = sizes.of(node);
  const min = ctx.bounds.min;
  if (size <= min) {
    return size < min
      ? {
          node,
          rule: "CA-6",
          reason: `pool is below its minimum (${size} < ${min}): no scale down`,
        }
      : { node, rule: "CA-5", reason: `pool is at its minimum of ${min} nodes` };
  }
  return cluster;
}

/**
 * CA-5/CA-7: moves the node's pods (DaemonSet pods go with it) onto other nodes in the
 * simulation, first fit, honouring PDBs; undoes the moves and says why when one fails.
 */
function evacuate(
  pass: Pass,
  node: SimNode,
  destinations: readonly SimNode[],
  leaving: ReadonlySet<SimNode>,
  budgets: Budget[],
): { moves: Move[] } | Kept {
  const moves: Move[] = [];
  const spent: Budget[] = [];
  const undo = (): void => {
    for (const m of moves) takeOff(m.to, m.pod);
    for (const b of spent) b.allowed += 1;
  };
  for (const pod of node.expendable) {
    const why = unmovable(pass, pod);
    if (why) return { node, rule: "CA-7", reason: why };
  }
  for (const pod of node.pods) {
    if (pod.pod.daemonSet) continue;
    const why = unmovable(pass, pod);
    if (why) {
      undo();
      return { node, rule: "CA-7", reason: why };
    }
    for (const b of budgets) {
      if (!covers(b.pdb, pod)) continue;
      if (b.allowed <= 0) {
        undo();
        return {
          node,
          rule: "CA-7",
          reason: `evicting pod ${podName(pod)} would break PodDisruptionBudget ${b.name}`,
        };
      }
      b.allowed -= 1;
      spent.push(b);
    }
    const to = destinations.find((d) => d !== node && !leaving.has(d) && fits(pod, d));
    if (!to) {
      undo();
      return constrained(pod)
        ? {
            node,
            rule: "CA-7",
            reason: `pod ${podName(pod)} cannot be placed elsewhere (affinity / node selector)`,
          }
        : { node, rule: "CA-5", reason: `pod ${podName(pod)} fits on no other node` };
    }
    placeOn(to, pod);
    moves.push({ pod, to });
  }
  return { moves };
}

/**
 * CA-5, CA-7, CA-8, CA-11, CA-13: removes nodes whose pods all fit elsewhere. A node is a
 * candidate when it is READY or cordoned, its pool autoscales, NUP-12 lets it go, and its
 * requests are below half its allocatable (upstream threshold, strictly below; a GPU node by
 * its GPUs alone). It must stay removable for the profile's unneeded time (10 min; 1 min
 * with optimize-utilization) and no scale up may have happened in the last 10 min
 * (upstream defaults). Minimums hold (CA-5/CA-6), a standard cluster keeps a node, at most
 * 10 nodes go per pass, and a multi-host TPU pool goes all at once or not at all (CA-13).
 * Returns the next unneeded map.
 */
export function scaleDown(pass: Pass, scaledUpNow: boolean): AutoscalerState["unneededSince"] {
  const { now, options, input } = pass;
  const previous = input.state.unneededSince;
  const unneeded: AutoscalerState["unneededSince"] = {};
  const lastUp = scaledUpNow ? now : input.state.lastScaleUpAt;
  const cooldownLeft =
    lastUp === undefined ? 0 : lastUp + options.scaleDownDelayAfterAddSeconds * 1000 - now;
  const budgets = disruptionBudgets(input.pdbs ?? [], pass.snapshot);
  const sizes = new Sizes();
  let clusterLeft = 0;
  for (const n of pass.snapshot.nodes) {
    if (countsTowardSize(n)) {
      sizes.add(n, 1);
      clusterLeft += 1;
    }
  }
  const destinations = pass.snapshot.nodes.filter((n) => n.state === "READY");
  const kept: Kept[] = [];
  const candidates: { node: SimNode; u: number; empty: boolean }[] = [];
  const scalable = new Map(
    input.pools.map((p) => [p.name, p.scalableNodes ? new Set(p.scalableNodes) : undefined]),
  );
  // Cordoned nodes may go too (NUP-10: blue is cordoned while the autoscaler shrinks it);
  // they take no pods from others.
  const shrinkable = pass.snapshot.nodes.filter(
    (n) => n.state === "READY" || n.state === "CORDONED",
  );
  for (const node of shrinkable) {
    const pool = node.pool;
    if (!pool.autoscaling.enabled) continue;
    const u = underuse(node);
    // Upstream: a node is underused only strictly below the threshold.
    if (u >= options.scaleDownUtilizationThreshold) continue;
    const group = groupOf(pool, node);
    if (!group?.scaleDown || scalable.get(pool.name)?.has(node.name) === false) {
      kept.push({
        node,
        rule: "NUP-12",
        reason: `it is under upgrade (${group?.reason ?? "not scalable"})`,
      });
      continue;
    }
    candidates.push({ node, u, empty: node.pods.every((p) => p.pod.daemonSet) });
  }
  candidates.sort(
    (a, b) =>
      Number(b.empty) - Number(a.empty) || a.u - b.u || (a.node.name < b.node.name ? -1 : 1),
  );
  const leaving = new Set<SimNode>();
  const removable: SimNode[] = [];
  let nonEmptyChecked = 0;
  const atomicPools = new Set(
    [...pass.pools.values()].filter((c) => c.slice !== undefined).map((c) => c.pool.name),
  );
  for (const { node, empty } of candidates) {
    if (!empty && !atomicPools.has(node.pool.name)) {
      if (nonEmptyChecked >= NON_EMPTY_CANDIDATES_PER_PASS) continue;
      nonEmptyChecked += 1;
    }
    const limit = atomicPools.has(node.pool.name)
      ? undefined
      : limitBlock(pass, node, sizes, clusterLeft);
    if (limit) {
      kept.push(limit);
      continue;
    }
    const result = evacuate(pass, node, destinations, leaving, budgets);
    if (!("moves" in result)) {
      kept.push(result);
      continue;
    }
    leaving.add(node);
    removable.push(node);
    sizes.add(node, -1);
    clusterLeft -= 1;
  }
  const due: SimNode[] = [];
  for (const node of removable) {
    const since = previous[node.name] ?? now;
    unneeded[node.name] = since;
    const wait = unneededMs(node.pool.autoscaling.profile ?? "balanced", options);
    if (now - since < wait) {
      const unneeded = { since, forMs: wait };
      kept.push({
        node,
        reason: decisionReason({ reason: "", nodes: [node.name], unneeded }, now),
        unneeded,
      });
    } else if (cooldownLeft > 0) {
      // The end, not the minutes left: a pass that only counts on repeats the decision.
      kept.push({
        node,
        rule: "CA-5",
        reason: `nodes were added recently; no scale down for ${minutesText(options.scaleDownDelayAfterAddSeconds * 1000)} after a scale up (until ${clockText(now + cooldownLeft)})`,
      });
    } else {
      due.push(node);
    }
  }
  const removed = chooseRemovals(pass, due, kept);
  for (const node of removed) delete unneeded[node.name];
  recordScaleDowns(pass, removed);
  recordKept(pass, kept);
  return unneeded;
}

/**
 * At most `maxScaleDownParallelism` nodes go per pass, except a multi-host TPU slice,
 * which goes whole once every one of its nodes is due (CA-13) and otherwise not at all.
 */
function chooseRemovals(pass: Pass, due: readonly SimNode[], kept: Kept[]): SimNode[] {
  const removed: SimNode[] = [];
  const byPool = new Map<string, SimNode[]>();
  for (const node of due) pushTo(byPool, node.pool.name, node);
  let budget = pass.options.maxScaleDownParallelism;
  for (const [pool, nodes] of [...byPool].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const ctx = pass.pools.get(pool);
    if (ctx?.slice !== undefined) {
      const all = pass.snapshot.nodes.filter((n) => n.pool.name === pool && countsTowardSize(n));
      const whole = nodes.length === all.length;
      if (whole && ctx.bounds.min === 0) {
        removed.push(...nodes);
      } else {
        const reason = whole
          ? `a multi-host TPU slice is removed whole, and the pool's minimum is the slice (${ctx.bounds.min} nodes)`
          : `a multi-host TPU slice is removed whole; ${nodes.length} of ${all.length} nodes are unneeded`;
        for (const node of nodes) kept.push({ node, rule: "CA-13", reason });
      }
      continue;
    }
    for (const node of nodes) {
      if (budget > 0) {
        removed.push(node);
        budget -= 1;
      } else {
        kept.push({
          node,
          reason: `waits its turn: at most ${pass.options.maxScaleDownParallelism} nodes are removed per pass`,
        });
      }
    }
  }
  return removed;
}

function recordScaleDowns(pass: Pass, removed: readonly SimNode[]): void {
  const grace = gracefulTerminationSeconds(pass.input.cluster.controlPlaneVersion);
  const byPool = new Map<string, SimNode[]>();
  for (const node of removed)
    byPool.set(node.pool.name, [...(byPool.get(node.pool.name) ?? []), node]);
  for (const [pool, nodes] of [...byPool].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const names = nodes.map((n) => n.name).sort();
    const threshold = pass.options.scaleDownUtilizationThreshold;
    const profile = nodes[0]?.pool.autoscaling.profile ?? "balanced";
    const underused = underusedText(threshold, nodes.some(gpuNode) ? "gpu" : "allocatable");
    const reason = `${names.length === 1 ? `node ${names[0]}` : `nodes ${names.join(", ")}`} removed: ${underused} and every pod fits elsewhere, unneeded for ${minutesText(unneededMs(profile, pass.options))} (${profile}); drained for up to ${grace / 60} min, then forced; -${names.length} ${names.length === 1 ? "node" : "nodes"}`;
    pass.actions.push({
      type: "SCALE_DOWN",
      pool,
      delta: -names.length,
      nodes: names,
      gracefulTerminationSeconds: grace,
      reason,
    });
    pass.records.push(
      record(pass.now, pool, "SCALE_DOWN", reason, { delta: -names.length, nodes: names }),
    );
    pass.recorded.add(pool);
  }
}

/** CA-17: "node n-7 kept: pod x has safe-to-evict=false", a few per pool, the rest counted. */
function recordKept(pass: Pass, kept: readonly Kept[]): void {
  const byPool = new Map<string, Kept[]>();
  for (const k of kept) pushTo(byPool, k.node.pool.name, k);
  for (const [pool, list] of [...byPool].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    list.sort((a, b) => (a.node.name < b.node.name ? -1 : 1));
    for (const k of list.slice(0, KEPT_RECORDS_PER_POOL)) {
      const reason = k.unneeded ? k.reason : `node ${k.node.name} kept: ${k.reason}`;
      pass.records.push(
        record(pass.now, pool, "NOOP", reason, {
          nodes: [k.node.name],
          ...(k.rule ? { blockedBy: k.rule } : {}),
          ...(k.unneeded ? { unneeded: k.unneeded } : {}),
        }),
      );
    }
    if (list.length > KEPT_RECORDS_PER_POOL) {
      pass.records.push(
        record(
          pass.now,
          pool,
          "NOOP",
          `${list.length - KEPT_RECORDS_PER_POOL} more underused nodes kept for the same kinds of reasons`,
        ),
      );
    }
    pass.recorded.add(pool);
  }
}
