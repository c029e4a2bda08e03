import type { DaemonSetOverhead } from "./daemonsets.ts";
import { fits, poolAccepts } from "./fit.ts";
import { type PodGroup, remaining } from "./groups.ts";
import { nodeLabels, nodeSelectorMatches } from "./labels.ts";
import { templateNode } from "./packing.ts";
import type { AutoscalerPool } from "./types.ts";

/** Price of one node-hour of the pool: spot pools at their spot price (CA-9). */
export function nodePrice(pool: AutoscalerPool): number {
  return pool.spot
    ? (pool.machine.spotPricePerHour ?? pool.machine.pricePerHour)
    : pool.machine.pricePerHour;
}

/** What growing one pool would do for the pending pods, estimated for ranking. */
export interface PoolOption {
  pool: AutoscalerPool;
  /** Pending pods the pool's nodes could hold. */
  pods: number;
  /** Lower bound of the nodes they need (requests over capacity per resource). */
  nodes: number;
  costPerPod: number;
  /**
   * The price the ranking compares: the pool's own cost per pod, except that spot pools
   * all rank at the cheapest spot pool's ({@link levelSpotPrices}).
   */
  rankPrice: number;
  /** Least-waste tie-break: the unused share of CPU and memory on those nodes. */
  waste: number;
  /** CA-9: the pool has matching unused reservations. */
  reserved: boolean;
  /** CA-15: index of the compute-class rule the pool serves (0 without a class). */
  classRank: number;
}

/**
 * Estimates an option from the lower bound of nodes (per resource: total requests over
 * a new node's allocatable; pod slots; one node per pod of a self-anti-affine group).
 * Cheap enough to rank 100 pools against 50,000 pods on every step of a pass.
 */
export function estimateOption(
  pool: AutoscalerPool,
  overhead: DaemonSetOverhead,
  groups: readonly PodGroup[],
  usableZones: readonly string[],
  classRank: number,
  slice: number | undefined,
): PoolOption | undefined {
  const template = templateNode(pool, overhead, usableZones[0] ?? "");
  let pods = 0;
  let cpu = 0;
  let mem = 0;
  let acc = 0;
  let spreadNodes = 0;
  for (const g of groups) {
    const n = remaining(g);
    if (n === 0 || !poolAccepts(pool, g.sample)) continue;
    // A pod pinned to a zone is tried on a new node in each of the pool's zones it names,
    // not only the first zone's.
    const zone = g.pinsZone
      ? usableZones.find((z) => nodeSelectorMatches(g.sample.pod, nodeLabels(pool, z)))
      : template.zone;
    if (zone === undefined) continue;
    const probe = zone === template.zone ? template : templateNode(pool, overhead, zone);
    if (!fits(g.sample, probe)) continue;
    pods += n;
    cpu += g.sample.requests.cpuMillis * n;
    mem += g.sample.requests.memoryMiB * n;
    acc += g.sample.requests.accelerators * n;
    if (g.sample.constraints.antiAffinity.length > 0) {
      spreadNodes = Math.max(spreadNodes, n);
    }
  }
  if (pods === 0) return undefined;
  const a = template.allocatable;
  const per = (used: number, cap: number): number => (used === 0 ? 0 : Math.ceil(used / cap));
  let nodes = Math.max(
    1,
    per(cpu, a.cpuMillis),
    per(mem, a.memoryMiB),
    per(acc, a.accelerators),
    Math.ceil(pods / Math.max(1, template.maxPods)),
    spreadNodes,
  );
  if (slice !== undefined) nodes = slice;
  const waste = 1 - (cpu / (nodes * a.cpuMillis || 1) + mem / (nodes * a.memoryMiB || 1)) / 2;
  const reserved = usableZones.some((z) => (pool.reservations?.[z] ?? 0) > 0);
  const costPerPod = (nodes * nodePrice(pool)) / pods;
  return {
    pool,
    pods,
    nodes,
    costPerPod,
    rankPrice: costPerPod,
    waste,
    reserved,
    classRank,
  };
}

/**
 * CA-9, seed 001: "if several node pools use Spot VMs, the cluster autoscaler does not
 * automatically choose the cheapest". Spot pools keep their edge over on-demand ones (the
 * cheapest spot price stands for all of them) but price does not order them among
 * themselves: the next expander, least waste, does. Returns new options.
 *
 * @example levelSpotPrices([spotA, spotB]).map((o) => o.rankPrice) // both the cheaper one's
 */
export function levelSpotPrices(options: readonly PoolOption[]): PoolOption[] {
  const spot = options.filter((o) => o.pool.spot);
  if (spot.length < 2) return [...options];
  const cheapest = Math.min(...spot.map((o) => o.costPerPod));
  return options.map((o) => (o.pool.spot ? { ...o, rankPrice: cheapest } : o));
}

/**
 * CA-9 order of options: the compute-class rule first (CA-15: a higher rule wins while
 * it has capacity), then pools with unused reservations, then the cheapest per pod
 * (spot priced as spot; spot pools level, {@link levelSpotPrices}), then the least waste (upstream's least-waste expander as the
 * tie-break between equally cheap pools), then the pool name so passes are
 * deterministic. Pools without capacity never get an option, so an available pool
 * beats an unavailable cheap one.
 */
export function compareOptions(a: PoolOption, b: PoolOption): number {
  if (a.classRank !== b.classRank) return a.classRank - b.classRank;
  if (a.reserved !== b.reserved) return a.reserved ? -1 : 1;
  if (a.rankPrice !== b.rankPrice) return a.rankPrice - b.rankPrice;
  if (a.waste !== b.waste) return a.waste - b.waste;
  return a.pool.name < b.pool.name ? -1 : a.pool.name > b.pool.name ? 1 : 0;
}
