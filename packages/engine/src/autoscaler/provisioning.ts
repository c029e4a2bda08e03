import type { Result } from "../rules/violation.ts";
import { record } from "./explain.ts";
import { fits } from "./fit.ts";
import { groupPods, remaining } from "./groups.ts";
import type { Pass } from "./pass.ts";
import { compareOptions, estimateOption, levelSpotPrices, type PoolOption } from "./pool-choice.ts";
import type { PoolContext } from "./pool-context.ts";
import { commitScaleUp, packForPool, scaleUpBlock } from "./scale-up.ts";
import { type PodInfo, placeOn, podInfo, type SimNode } from "./snapshot.ts";
import type {
  ProvisioningClass,
  ProvisioningRequest,
  ProvisioningState,
  ProvisioningVerdict,
} from "./types.ts";
import { type GatedCluster, type GatedFeature, requireFeature } from "./version-gates.ts";

/** CA-14: the version gate of each ProvisioningRequest class. */
const CLASS_GATES = {
  "queued-provisioning": "queuedProvisioning",
  "check-capacity": "checkCapacity",
  "best-effort-atomic": "bestEffortAtomic",
} as const satisfies Record<ProvisioningClass, GatedFeature>;

/**
 * CA-14: refuses (422) a ProvisioningRequest of a class the cluster's control plane does
 * not support yet (queued-provisioning from 1.28.3-gke.1098000, on Autopilot from
 * 1.30.3-gke.1451000; check-capacity from 1.30.2-gke.1468000; best-effort-atomic from
 * 1.31.27).
 *
 * @example validateProvisioningClass({ controlPlaneVersion: "1.29.1-gke.100" }, "check-capacity") // refused CA-14
 */
export function validateProvisioningClass(
  cluster: GatedCluster,
  provisioningClass: ProvisioningClass,
): Result<true> {
  return requireFeature(cluster, CLASS_GATES[provisioningClass]);
}

/** Requests a pass no longer looks at. */
export const SETTLED: readonly ProvisioningState[] = [
  "PROVISIONED",
  "FAILED",
  "CAPACITY_AVAILABLE",
];

function templatePods(req: ProvisioningRequest): PodInfo[] {
  return Array.from({ length: req.count }, (_, i) =>
    podInfo({ ...req.podTemplate, name: `${req.name}-${i}` }),
  );
}

/** check-capacity: do all pods fit on nodes that exist now? Books the room when they do. */
function checkCapacity(pass: Pass, req: ProvisioningRequest): ProvisioningVerdict {
  const pods = templatePods(req);
  const nodes = pass.snapshot.nodes.filter(
    (n) => n.state === "READY" && (req.pool === undefined || n.pool.name === req.pool),
  );
  const booked: { node: SimNode; pod: PodInfo }[] = [];
  for (const pod of pods) {
    const node = nodes.find((n) => fits(pod, n));
    if (!node) {
      for (const b of booked) {
        b.node.used = {
          cpuMillis: b.node.used.cpuMillis - b.pod.requests.cpuMillis,
          memoryMiB: b.node.used.memoryMiB - b.pod.requests.memoryMiB,
          accelerators: b.node.used.accelerators - b.pod.requests.accelerators,
        };
        b.node.pods.splice(b.node.pods.indexOf(b.pod), 1);
      }
      return {
        name: req.name,
        state: "CAPACITY_UNAVAILABLE",
        nodes: 0,
        reason: `CA-14 check-capacity: only ${booked.length} of ${req.count} pods fit on existing nodes; nothing is provisioned`,
      };
    }
    placeOn(node, pod);
    booked.push({ node, pod });
  }
  return {
    name: req.name,
    state: "CAPACITY_AVAILABLE",
    nodes: 0,
    reason: `CA-14 check-capacity: all ${req.count} pods fit on existing nodes`,
  };
}

/** The single pool a request scales: the one it names, or the best that may grow (CA-9). */
function poolFor(pass: Pass, req: ProvisioningRequest, pods: PodInfo[]): PoolContext | undefined {
  if (req.pool !== undefined) return pass.pools.get(req.pool);
  const options: PoolOption[] = [];
  for (const ctx of pass.pools.values()) {
    if (scaleUpBlock(pass, ctx)) continue;
    const option = estimateOption(
      ctx.pool,
      ctx.overhead,
      groupPods(pods),
      ctx.zones,
      ctx.classRank,
      ctx.slice,
    );
    if (option && option.pods === pods.length) options.push(option);
  }
  const best = levelSpotPrices(options).sort(compareOptions)[0];
  return best ? pass.pools.get(best.pool.name) : undefined;
}

/**
 * queued-provisioning and best-effort-atomic: all `count` pods on new nodes of one pool,
 * or none. Queued requests wait for the capacity (WAITING, tried every pass); atomic
 * ones fail at once.
 */
function provisionAtomically(pass: Pass, req: ProvisioningRequest): ProvisioningVerdict {
  const pods = templatePods(req);
  const ctx = poolFor(pass, req, pods);
  const block = ctx ? scaleUpBlock(pass, ctx) : { reason: "no pool can hold every pod" };
  let why = block?.reason ?? "";
  if (ctx && !block) {
    const groups = groupPods(pods);
    const packing = packForPool(pass, ctx, groups);
    if (groups.every((g) => remaining(g) === 0)) {
      const n = packing.bins.length;
      commitScaleUp(
        pass,
        ctx,
        packing,
        `CA-14 ${req.class} ${req.name}: ${req.count} pods get ${n} new ${n === 1 ? "node" : "nodes"} of pool ${ctx.pool.name} together; +${n}`,
      );
      return {
        name: req.name,
        state: "PROVISIONED",
        pool: ctx.pool.name,
        nodes: n,
        reason: `CA-14 ${req.class}: all ${req.count} pods provisioned on ${n} new nodes of pool ${ctx.pool.name}`,
      };
    }
    why = `only ${req.count - groups.reduce((s, g) => s + remaining(g), 0)} of ${req.count} pods fit what the pool may add`;
  }
  const queued = req.class === "queued-provisioning";
  const verdict: ProvisioningVerdict = {
    name: req.name,
    state: queued ? "WAITING" : "FAILED",
    ...(ctx ? { pool: ctx.pool.name } : {}),
    nodes: 0,
    reason: queued
      ? `CA-14 queued-provisioning: waits until all ${req.count} pods can be had (${why})`
      : `CA-14 best-effort-atomic: all or nothing, and ${why}; nothing provisioned`,
  };
  if (ctx) {
    pass.records.push(
      record(pass.now, ctx.pool.name, "NOOP", verdict.reason, { blockedBy: "CA-14" }),
    );
    pass.recorded.add(ctx.pool.name);
  }
  return verdict;
}

/** CA-14: every open ProvisioningRequest, in name order. */
export function provisionRequests(pass: Pass): ProvisioningVerdict[] {
  const open = (pass.input.provisioningRequests ?? [])
    .filter((r) => !SETTLED.includes(r.state ?? "WAITING"))
    .sort((a, b) => (a.name < b.name ? -1 : 1));
  return open.map((req) => {
    switch (req.class) {
      case "check-capacity":
        return checkCapacity(pass, req);
      case "queued-provisioning":
      case "best-effort-atomic":
        return provisionAtomically(pass, req);
      default:
        return req.class satisfies never;
    }
  });
}
