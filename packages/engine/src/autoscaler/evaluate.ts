import type { Instant } from "../time/instant.ts";
import { pruneBackoff, recordScaleUpFailure } from "./backoff.ts";
import {
  CLUSTER_NODE_CAP,
  resolveOptions,
  SCALE_UP_PRIORITY_CUTOFF,
  scanIntervalMs,
  unneededMs,
} from "./defaults.ts";
import { clockText, minutesText, podName, record, straysText } from "./explain.ts";
import { migrateToBetterRules } from "./migration.ts";
import type { Pass } from "./pass.ts";
import { countsTowardSize, poolContexts } from "./pool-context.ts";
import { poolProfile } from "./profile.ts";
import { provisionRequests, SETTLED } from "./provisioning.ts";
import { scaleDown } from "./scale-down.ts";
import { scaleUp } from "./scale-up.ts";
import { nextScanTick, onScanGrid } from "./scan-cadence.ts";
import { buildSnapshot } from "./snapshot.ts";
import { gracefulTerminationSeconds } from "./termination.ts";
import type {
  AutoscalerDecision,
  AutoscalerInput,
  AutoscalerPool,
  AutoscalerState,
} from "./types.ts";
import { gateText, hasFeature } from "./version-gates.ts";

/**
 * CA-9: seed 001 says the autoscaler "always" weighs reservations from 1.27; before, a
 * pool's unused reservations neither rank it first nor lead its zone balancing.
 */
function withoutReservations(pool: AutoscalerPool, weighed: boolean): AutoscalerPool {
  if (weighed || pool.reservations === undefined) return pool;
  const { reservations: _ignored, ...rest } = pool;
  return rest;
}

/**
 * CA-4: PROVISIONING nodes not registered within the provision timeout (upstream 15 min)
 * are failed scale ups: the pool backs off, the node is removed, and no pending pod
 * counts on it any more. Each node is counted once.
 */
function provisionTimeouts(pass: Pass, state: AutoscalerState): AutoscalerState {
  const limit = pass.options.maxNodeProvisionSeconds * 1000;
  const counted = new Set(state.timedOutNodes ?? []);
  let next = state;
  const stillThere: string[] = [];
  for (const node of pass.snapshot.nodes) {
    if (node.state !== "PROVISIONING" || node.createdAt === undefined) continue;
    if (pass.now - node.createdAt < limit) continue;
    pass.timedOut.add(node.name);
    stillThere.push(node.name);
    if (counted.has(node.name)) continue;
    next = recordScaleUpFailure(
      next,
      node.pool.name,
      "scale.up.error.waiting.for.instances.timeout",
      pass.now,
    );
    const wait = (next.backoff[node.pool.name]?.until ?? pass.now) - pass.now;
    const reason = `CA-4: node ${node.name} did not register within ${minutesText(limit)}: the scale up failed; it is removed and pool ${node.pool.name} backs off ${minutesText(wait)}`;
    pass.actions.push({
      type: "SCALE_DOWN",
      pool: node.pool.name,
      delta: -1,
      nodes: [node.name],
      gracefulTerminationSeconds: gracefulTerminationSeconds(
        pass.input.cluster.controlPlaneVersion,
      ),
      reason,
    });
    pass.records.push(
      record(pass.now, node.pool.name, "SCALE_DOWN", reason, {
        delta: -1,
        nodes: [node.name],
        blockedBy: "CA-4",
      }),
    );
    pass.recorded.add(node.pool.name);
  }
  return { ...next, timedOutNodes: stillThere.sort() };
}

/**
 * One autoscaler pass over a cluster (CA-1..17). In order: provision timeouts (CA-4),
 * pending pods onto existing and upcoming nodes, scale up by pool choice and
 * bin-packing (CA-3, CA-9, CA-10, CA-12, CA-13, CA-15, CA-16), ProvisioningRequests
 * (CA-14), active migration (CA-15), scale down (CA-5..8, CA-11, CA-13), then a record
 * for every pool (CA-17). Pure: the same input and `now` give the same decision.
 *
 * @example evaluateCluster({ cluster, pools, nodes, pods, state: initialAutoscalerState() }, now).actions
 */
export function evaluateCluster(given: AutoscalerInput, now: Instant): AutoscalerDecision {
  // CA-11: every pool scales by its resolved profile (its own, else the cluster's).
  const weighsReservations = hasFeature(given.cluster, "reservations");
  const input: AutoscalerInput = {
    ...given,
    pools: given.pools.map((pool) => ({
      ...withoutReservations(pool, weighsReservations),
      autoscaling: { ...pool.autoscaling, profile: poolProfile(given.cluster, pool) },
    })),
  };
  const options = resolveOptions(input.options);
  const snapshot = buildSnapshot(input);
  const pass: Pass = {
    input,
    now,
    options,
    snapshot,
    pools: new Map(),
    clusterSize: snapshot.nodes.filter(countsTowardSize).length,
    clusterCap: Math.min(input.cluster.maxNodes ?? CLUSTER_NODE_CAP, CLUSTER_NODE_CAP),
    planned: [],
    actions: [],
    records: [],
    notes: [],
    timedOut: new Set(),
    recorded: new Set(),
    belowCutoff: [],
  };
  const reserved = given.pools.filter((p) => p.reservations !== undefined).map((p) => p.name);
  if (!weighsReservations && reserved.length > 0) {
    pass.notes.push(
      `CA-9: reservations of ${reserved.join(", ")} not weighed: ${gateText(given.cluster, "reservations")}`,
    );
  }
  let state: AutoscalerState = { ...input.state, backoff: pruneBackoff(input.state.backoff, now) };
  state = provisionTimeouts(pass, state);
  pass.pools = poolContexts({ ...input, state }, snapshot, now);
  for (const ctx of pass.pools.values()) {
    if (!ctx.backoff) continue;
    pass.records.push(
      record(
        now,
        ctx.pool.name,
        "BACKOFF",
        `backing off until ${clockText(ctx.backoff.until)} after ${ctx.backoff.reason} (failure ${ctx.backoff.failures}); other pools keep scaling`,
        { blockedBy: "CA-4" },
      ),
    );
    pass.recorded.add(ctx.pool.name);
  }
  scaleUp(pass);
  const provisioning = provisionRequests(pass);
  migrateToBetterRules(pass);
  const scaledUp = pass.actions.some((a) => a.type === "SCALE_UP");
  const unneededSince = scaleDown(pass, scaledUp);
  for (const ctx of pass.pools.values()) {
    if (pass.recorded.has(ctx.pool.name)) continue;
    const low = pass.belowCutoff;
    const first = low[0];
    pass.records.push(
      !ctx.pool.autoscaling.enabled
        ? record(now, ctx.pool.name, "NOOP", "autoscaling is off for this pool")
        : first === undefined
          ? record(
              now,
              ctx.pool.name,
              "NOOP",
              pass.unplaced === undefined
                ? "nothing to do: no pending pod needs it and no node of it is underused"
                : "nothing to do: no pending pod fits it and no node of it is underused",
            )
          : // The one decision a user sees for pods left pending on purpose.
            record(
              now,
              ctx.pool.name,
              "NOOP",
              `nothing to do: ${low.length} pending pod(s) with priority below ${SCALE_UP_PRIORITY_CUTOFF} (${podName(first)}: ${first.priority}) never trigger a scale up`,
              { blockedBy: "CA-12" },
            ),
    );
  }
  // CA-17: pending pods no pool can take, and why, said once for the cluster.
  if (pass.unplaced !== undefined) pass.records.push(record(now, null, "NOOP", pass.unplaced));
  // CA-3: a pod pinned to a node this cluster lacks is pending; said once, with the node.
  const strays = straysText(snapshot.strays);
  if (strays !== undefined) {
    pass.records.push(record(now, null, "NOOP", strays));
  }
  const next: AutoscalerState = {
    ...state,
    unneededSince,
    ...(scaledUp ? { lastScaleUpAt: now } : {}),
  };
  // A settled ProvisioningRequest is not looked at again: the next pass sees otherwise.
  const acted = pass.actions.length > 0 || provisioning.some((v) => SETTLED.includes(v.state));
  const interval = scanIntervalMs(pass.clusterSize);
  const wake = wakeAt(pass, next, acted, interval);
  return {
    state: next,
    actions: pass.actions,
    records: pass.records,
    provisioning,
    scanIntervalMs: interval,
    ...(wake === undefined ? {} : { wakeAt: wake }),
    notes: pass.notes,
  };
}

/**
 * The first grid instant at which a pass could decide otherwise with nothing changed from
 * outside: the next tick after a pass that acted (its nodes are in flight, its pods were
 * evicted, a ProvisioningRequest settled), else the first deadline this pass knows that
 * is still ahead — a backoff's end (CA-4), a node's unneeded time (CA-5, CA-11), the
 * scale-down delay after a scale up while nodes are unneeded, a node's provision timeout
 * (CA-4) — rounded up to the grid, as the brute loop would first see it.
 */
function wakeAt(
  pass: Pass,
  state: AutoscalerState,
  acted: boolean,
  interval: number,
): Instant | undefined {
  const { now, options } = pass;
  const deadlines: Instant[] = [];
  for (const b of Object.values(state.backoff)) deadlines.push(b.until);
  for (const [name, since] of Object.entries(state.unneededSince)) {
    const node = pass.snapshot.byName.get(name);
    const profile = node?.pool.autoscaling.profile ?? "balanced";
    deadlines.push(since + unneededMs(profile, options));
  }
  if (state.lastScaleUpAt !== undefined && Object.keys(state.unneededSince).length > 0) {
    deadlines.push(state.lastScaleUpAt + options.scaleDownDelayAfterAddSeconds * 1000);
  }
  for (const node of pass.snapshot.nodes) {
    if (
      node.state === "PROVISIONING" &&
      node.createdAt !== undefined &&
      !pass.timedOut.has(node.name)
    ) {
      deadlines.push(node.createdAt + options.maxNodeProvisionSeconds * 1000);
    }
  }
  // What is due by now this pass has already judged.
  const due = deadlines.filter((d) => d > now).map((d) => onScanGrid(d, interval));
  if (acted) due.push(nextScanTick(now, interval));
  return due.length === 0 ? undefined : Math.min(...due);
}
