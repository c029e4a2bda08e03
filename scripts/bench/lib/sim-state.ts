import type { Cell, ControlPlane } from "./control-plane.ts";
import {
  CLUSTER_COLUMNS,
  clusterRow,
  NODE_COLUMNS,
  POOL_COLUMNS,
  type TableRows,
} from "./inventory-fixture.ts";

/**
 * A quiet sim state for the benches that measure what it costs (idle, time): inventory
 * rows bulk-loaded into D1, and autoscaled clusters whose pods reach the autoscaler
 * through the API as the cluster agent's would.
 */

export const VERSION = "1.33.5-gke.1201000";
const ZONE = "europe-west1-b";
const MACHINE = "e2-standard-4";
const ROWS_PER_LOAD_REQUEST = 2000;

/**
 * A request through the API that must succeed; answers its JSON body.
 *
 * @example await ok(cp, "PUT", "/v1/fleets/f", {});
 */
export async function ok(
  cp: ControlPlane,
  method: "PUT" | "GET",
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const result = method === "PUT" ? await cp.put(path, body) : await cp.get(path);
  if (result.status >= 300) throw new Error(`${method} ${path} → ${result.status} ${result.body}`);
  return JSON.parse(result.body || "{}") as Record<string, unknown>;
}

/**
 * Inserts every table's rows straight into D1, in batches; answers the row count.
 *
 * @example const rows = await load(cp, generateInventory(options).tables);
 */
export async function load(cp: ControlPlane, tables: readonly TableRows[]): Promise<number> {
  let rows = 0;
  for (const table of tables) {
    for (let i = 0; i < table.rows.length; i += ROWS_PER_LOAD_REQUEST) {
      await cp.insert(table.table, table.columns, table.rows.slice(i, i + ROWS_PER_LOAD_REQUEST));
    }
    rows += table.rows.length;
  }
  return rows;
}

/** The body of `PUT /v1/clusters/{cluster}` for a new standalone cluster of `fleet`. */
export function clusterBody(fleet: string): Record<string, unknown> {
  return {
    fleet,
    role: "standalone",
    region: "europe-west1",
    releaseChannel: "REGULAR",
    version: VERSION,
  };
}

/** A cluster with one autoscaled pool `p`, and its fleet. */
export interface AutoscaledCluster {
  cluster: string;
  fleet: string;
}

/**
 * The autoscaled clusters' inventory rows, seeded like the rest (a pool created through
 * the API would wait for the sim to bring its nodes up, and its first pass could scale
 * up meanwhile): one pool of two READY 4-CPU nodes each, autoscaling 1..5.
 *
 * @example await load(cp, autoscaledTables([{ cluster: "autoscaled-0", fleet: "f" }], Date.now()));
 */
export function autoscaledTables(
  autoscaled: readonly AutoscaledCluster[],
  now: number,
): TableRows[] {
  const clusters: Cell[][] = [];
  const pools: Cell[][] = [];
  const nodes: Cell[][] = [];
  for (const { cluster, fleet } of autoscaled) {
    clusters.push(
      clusterRow({ name: cluster, fleet, region: "europe-west1", version: VERSION, at: now }),
    );
    pools.push([
      cluster,
      "p",
      MACHINE,
      JSON.stringify([ZONE]),
      2,
      VERSION,
      "cos-97",
      110,
      0,
      0,
      0,
      null,
      JSON.stringify({ enabled: true, minNodes: 1, maxNodes: 5, locationPolicy: "BALANCED" }),
      JSON.stringify({ type: "SURGE", maxSurge: 1, maxUnavailable: 0 }),
      now,
      now,
    ]);
    for (const n of [0, 1]) {
      nodes.push([
        cluster,
        `${cluster}-p-${ZONE}-000${n}`,
        "p",
        ZONE,
        VERSION,
        "cos-97",
        "READY",
        null,
        now,
        now,
      ]);
    }
  }
  return [
    { table: "clusters", columns: CLUSTER_COLUMNS, rows: clusters },
    { table: "node_pools", columns: POOL_COLUMNS, rows: pools },
    { table: "nodes", columns: NODE_COLUMNS, rows: nodes },
  ];
}

/**
 * The cluster agent's snapshot of an autoscaled cluster: each node runs one pod at 75 %
 * of its CPU — nothing unneeded — and, when `pending`, one more pod that asks for more
 * CPU than any machine type has, so it stays pending with no scale-up that could help
 * (every real cluster has some). Without it the pass it runs leaves the cluster idle.
 *
 * @example await putWorkloads(cp, "autoscaled-0", { pending: true });
 */
export async function putWorkloads(
  cp: ControlPlane,
  cluster: string,
  options: { pending: boolean },
): Promise<void> {
  const pods = [0, 1].map((i) => ({
    name: `fits-${i}`,
    containers: [{ cpuMillis: 3000, memoryMiB: 256 }],
  }));
  if (options.pending) {
    pods.push({ name: "fits-nowhere", containers: [{ cpuMillis: 64_000, memoryMiB: 256 }] });
  }
  await ok(cp, "PUT", `/v1/clusters/${cluster}/workloads`, { pods });
}

/**
 * Runs `work` over `items`, `concurrency` at a time.
 *
 * @example await inParallel(clusters, 4, (cluster) => putWorkloads(cp, cluster, { pending: false }));
 */
export async function inParallel<T>(
  items: readonly T[],
  concurrency: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
