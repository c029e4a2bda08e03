/**
 * API latency under load (issue 28 item 9): `BENCH_LOAD_CLIENTS` (32) clients at once,
 * each sending `BENCH_LOAD_REQUESTS` (60) requests one after another, against the control
 * plane in workerd (Miniflare, sim provider, clock frozen), for a read and a write, each
 * beside its *bare route*: a bare worker bound to the same D1 database doing the route's
 * core statement over the same transport (the inventory bench's probe). The gap is what
 * the app adds to every request (routing, authentication, validation, authorization,
 * drizzle, audit, JSON). Anchor: p99 under load within 2× of the bare route's.
 *
 *   read  — `GET /v1/clusters/{cluster}` of 200 clusters, against one `SELECT` of the row;
 *   write — `PUT /v1/clusters/{cluster}` of a new cluster, against one `INSERT` of a row.
 *
 * Also prints `GET /healthz` (no authentication, no D1) as the transport's floor.
 * Prints tables, then one key=value line. Not asserted; on a shared machine the numbers
 * say little — run it on a quiet one.
 * Run: `tsx scripts/bench/api-load.bench.ts` (or `npm run bench`).
 */
import { performance } from "node:perf_hooks";
import { loadCatalog } from "./lib/catalog.ts";
import { type ControlPlane, type HttpResult, startSimControlPlane } from "./lib/control-plane.ts";
import { CLUSTER_COLUMNS, clusterRow } from "./lib/inventory-fixture.ts";
import {
  describeRuntime,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
  round,
} from "./lib/report.ts";
import { clusterBody, VERSION } from "./lib/sim-state.ts";
import { type Summary, summarize } from "./lib/stats.ts";

const ADMIN_TOKEN = "rgt_bench_load_token_for_local_benchmarks_only_0123456789";
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 32);
const REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 60);
const WARMUP = 5;
const CLUSTERS = 200;
const FLEET = "load";
const REGION = "europe-west1";
const ANCHOR_RATIO = 2;

/** `CLIENTS` clients sending `REQUESTS` requests each, after a warm-up; every latency. */
async function underLoad(
  request: (client: number, i: number) => Promise<HttpResult>,
  what: string,
): Promise<Summary> {
  for (let i = 0; i < WARMUP; i++) await request(0, -1 - i);
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, client) => {
      for (let i = 0; i < REQUESTS; i++) {
        const t0 = performance.now();
        const r = await request(client, i);
        latencies.push(performance.now() - t0);
        if (r.status >= 300) throw new Error(`${what} → ${r.status} ${r.body.slice(0, 300)}`);
      }
    }),
  );
  return summarize(latencies);
}

async function seed(cp: ControlPlane): Promise<string[]> {
  await cp.migrate();
  const at = Date.now();
  await loadCatalog(cp, {
    region: REGION,
    zones: [`${REGION}-b`],
    machineType: "e2-standard-4",
    epoch: at,
  });
  await cp.insert("fleets", ["name", "created_at", "updated_at"], [[FLEET, at, at]]);
  const names = Array.from({ length: CLUSTERS }, (_, i) => `load-${String(i).padStart(4, "0")}`);
  const rows = names.map((name) =>
    clusterRow({ name, fleet: FLEET, region: REGION, version: VERSION, at }),
  );
  await cp.insert("clusters", CLUSTER_COLUMNS, rows);
  return names;
}

async function main(): Promise<void> {
  console.log(`API under ${CLIENTS}-way load · ${describeRuntime()}`);
  const { cp } = await startSimControlPlane(ADMIN_TOKEN);
  try {
    const names = await seed(cp);
    const pick = (client: number, i: number) =>
      names[(client * 7919 + i * 104_729 + names.length * 1000) % names.length]!;
    const health = await underLoad(() => cp.get("/healthz"), "healthz");
    const bareRead = await underLoad(
      (c, i) => cp.query("SELECT * FROM clusters WHERE name = ?", [pick(c, i)]),
      "bare read",
    );
    const read = await underLoad((c, i) => cp.get(`/v1/clusters/${pick(c, i)}`), "GET cluster");
    const at = Date.now();
    const bareWrite = await underLoad((c, i) => {
      const columns = CLUSTER_COLUMNS.join(", ");
      const marks = CLUSTER_COLUMNS.map(() => "?").join(", ");
      return cp.query(
        `INSERT INTO clusters (${columns}) VALUES (${marks})`,
        clusterRow({ name: `bare-${c}-${i}`, fleet: FLEET, region: REGION, version: VERSION, at }),
      );
    }, "bare write");
    const write = await underLoad(
      (c, i) => cp.put(`/v1/clusters/new-${c}-${i + WARMUP}`, clusterBody(FLEET)),
      "PUT cluster",
    );
    const rows: [string, Summary, Summary | undefined][] = [
      ["GET /healthz (floor)", health, undefined],
      ["bare read: SELECT the cluster", bareRead, undefined],
      ["GET /v1/clusters/{cluster}", read, bareRead],
      ["bare write: INSERT a cluster", bareWrite, undefined],
      ["PUT /v1/clusters/{cluster} (new)", write, bareWrite],
    ];
    printTable(
      [
        { header: `${CLIENTS} clients × ${REQUESTS}`, align: "left" },
        { header: "p50 ms", align: "right" },
        { header: "p95 ms", align: "right" },
        { header: "p99 ms", align: "right" },
        { header: "p99 ÷ bare", align: "right" },
        { header: "anchor", align: "right" },
      ],
      rows.map(([what, s, bare]) => [
        what,
        formatMs(s.p50),
        formatMs(s.p95),
        formatMs(s.p99),
        bare === undefined ? "" : `${round(s.p99 / bare.p99, 2)}×`,
        bare === undefined ? "" : `≤ ${ANCHOR_RATIO}×`,
      ]),
    );
    const pairs: Record<string, KeyValue> = {
      clients: CLIENTS,
      requests_per_client: REQUESTS,
      healthz_p99_ms: round(health.p99, 2),
      read_p99_ms: round(read.p99, 2),
      bare_read_p99_ms: round(bareRead.p99, 2),
      read_p99_ratio: round(read.p99 / bareRead.p99, 2),
      write_p99_ms: round(write.p99, 2),
      bare_write_p99_ms: round(bareWrite.p99, 2),
      write_p99_ratio: round(write.p99 / bareWrite.p99, 2),
      anchor_ratio: ANCHOR_RATIO,
    };
    printKeyValues("api-load", pairs);
  } finally {
    await cp.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
