import { performance } from "node:perf_hooks";
import { loadCatalog, parseJson } from "./catalog.ts";
import { type ControlPlane, startSimControlPlane } from "./control-plane.ts";

/**
 * The autoscaler's cost on quiet clusters, through the API of the control plane in
 * workerd (sim provider, clock frozen, moved by `POST /v1/sim/advance`):
 *
 * - an idle cluster-day: a cluster whose one pod fits no pool and whose two nodes are
 *   unneeded but at the pool's minimum (CA-3, CA-5), and one whose only pods are below
 *   the priority cut-off (CA-12); the decisions each stores and the fleet's timer
 *   firings (its autoscaler passes: nothing else runs) over one virtual day;
 * - a month: 10 clusters with one unplaceable pod each, the wall time of one `POST
 *   /v1/sim/advance` of `days` virtual days (30 by default).
 */

const ADMIN_TOKEN = "rgt_bench_autoscaler_token_for_local_benchmarks_only_0123456789";
const REGION = "europe-west1";
const ZONE = "europe-west1-b";
const MACHINE = "e2-standard-4";
const VERSION = "1.33.5-gke.1000";
const DAY_S = 86_400;

/** What one idle cluster-day cost. */
export interface IdleDay {
  /** Decisions stored per cluster over the day, by cluster. */
  stored: Record<string, number>;
  /** Timer firings of the fleet over the day (its clusters' autoscaler passes). */
  firings: number;
  clusters: number;
  /** Wall time of the day's advance. */
  advanceMs: number;
}

/** What a month of unplaceable pods cost. */
export interface IdleMonth {
  clusters: number;
  days: number;
  advanceMs: number;
  firings: number;
  stored: number;
}

async function ok(
  cp: ControlPlane,
  method: "PUT" | "POST",
  path: string,
  body: unknown,
): Promise<unknown> {
  const result = method === "PUT" ? await cp.put(path, body) : await cp.post(path, body);
  if (result.status >= 300) throw new Error(`${method} ${path} → ${result.status} ${result.body}`);
  return parseJson(result.body || "{}", `${method} ${path}`);
}

/** A cluster of `fleet` with pool `p` of `nodes` 4-CPU nodes autoscaling `min`..`max`. */
async function cluster(
  cp: ControlPlane,
  fleet: string,
  name: string,
  pool: { nodes: number; min: number; max: number },
): Promise<void> {
  await ok(cp, "PUT", `/v1/clusters/${name}`, {
    fleet,
    role: "standalone",
    region: REGION,
    releaseChannel: "REGULAR",
    version: VERSION,
  });
  await ok(cp, "PUT", `/v1/clusters/${name}/node-pools/p`, {
    machineType: MACHINE,
    zones: [ZONE],
    nodeCount: pool.nodes,
    version: VERSION,
    nodeImage: "cos-97",
    autoscaling: { enabled: true, minNodes: pool.min, maxNodes: pool.max },
  });
}

function pods(prefix: string, count: number, cpuMillis: number, priority = 0): unknown[] {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix}-${i}`,
    priority,
    containers: [{ cpuMillis, memoryMiB: 256 }],
  }));
}

/** The newest decision id of a cluster's log: ids count every decision ever stored. */
async function newestDecision(cp: ControlPlane, name: string): Promise<number> {
  const result = await cp.get(`/v1/clusters/${name}/autoscaler/decisions?limit=1`);
  return parseJson<{ items: { id: number }[] }>(result.body, "decisions").items[0]?.id ?? 0;
}

async function firings(cp: ControlPlane, fleet: string): Promise<number> {
  return (await cp.inspectFleet(fleet)).counters?.firings ?? Number.NaN;
}

async function advance(cp: ControlPlane, seconds: number): Promise<number> {
  const start = performance.now();
  await ok(cp, "POST", "/v1/sim/advance", { seconds });
  return performance.now() - start;
}

async function idleDay(cp: ControlPlane): Promise<IdleDay> {
  await ok(cp, "PUT", "/v1/fleets/idle-day", {});
  await cluster(cp, "idle-day", "stuck", { nodes: 2, min: 2, max: 4 });
  await cluster(cp, "idle-day", "low", { nodes: 1, min: 1, max: 1 });
  // 64 CPU: no 4-CPU node can hold it.
  await ok(cp, "PUT", "/v1/clusters/stuck/workloads", { pods: pods("huge", 1, 64_000) });
  await ok(cp, "PUT", "/v1/clusters/low/workloads", { pods: pods("batch", 3, 3000, -20) });
  const names = ["stuck", "low"];
  const before = await Promise.all(names.map((n) => newestDecision(cp, n)));
  const fired = await firings(cp, "idle-day");
  const advanceMs = await advance(cp, DAY_S);
  const after = await Promise.all(names.map((n) => newestDecision(cp, n)));
  return {
    stored: Object.fromEntries(names.map((n, i) => [n, after[i]! - before[i]!])),
    firings: (await firings(cp, "idle-day")) - fired,
    clusters: names.length,
    advanceMs,
  };
}

async function idleMonth(cp: ControlPlane, days: number): Promise<IdleMonth> {
  const names = Array.from({ length: 10 }, (_, i) => `month-${i}`);
  await ok(cp, "PUT", "/v1/fleets/idle-month", {});
  for (const name of names) {
    await cluster(cp, "idle-month", name, { nodes: 1, min: 1, max: 3 });
    await ok(cp, "PUT", `/v1/clusters/${name}/workloads`, { pods: pods("huge", 1, 64_000) });
  }
  const before = await Promise.all(names.map((n) => newestDecision(cp, n)));
  const fired = await firings(cp, "idle-month");
  const advanceMs = await advance(cp, Math.round(days * DAY_S));
  const after = await Promise.all(names.map((n) => newestDecision(cp, n)));
  return {
    clusters: names.length,
    days,
    advanceMs,
    firings: (await firings(cp, "idle-month")) - fired,
    stored: after.reduce((sum, id, i) => sum + id - before[i]!, 0),
  };
}

/**
 * Runs both cases on one control plane (the month in a fleet of its own, after the day).
 *
 * @example const { day, month } = await measureIdleAutoscaler(30);
 */
export async function measureIdleAutoscaler(
  days: number,
): Promise<{ day: IdleDay; month: IdleMonth }> {
  const { cp } = await startSimControlPlane(ADMIN_TOKEN);
  try {
    await cp.migrate();
    await loadCatalog(cp, { region: REGION, zones: [ZONE], machineType: MACHINE, epoch: 0 });
    const day = await idleDay(cp);
    const month = await idleMonth(cp, days);
    return { day, month };
  } finally {
    await cp.dispose();
  }
}
