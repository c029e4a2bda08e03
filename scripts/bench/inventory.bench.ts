/**
 * Inventory read latency of the control plane for a 1,000-cluster, 15,000-node inventory,
 * measured against the real worker bundle running in workerd through Miniflare (no
 * network, in-memory D1 and Durable Objects).
 *
 * Two families of rows:
 * - `http`: API.md inventory routes through the worker's fetch handler, as a client sees
 *   them (auth, Hono, drizzle, JSON). Routes that answer 404 "no route" are not
 *   implemented yet; their rows print as skipped until they land.
 * - `d1`: the equivalent queries (the shapes of packages/inventory's queries) run by a
 *   bare worker bound to the same database, over the same transport. The gap between a
 *   route and its d1 row is what the app adds.
 * Floors: `GET /healthz` (transport, no auth, no D1) and `SELECT 1` (transport + D1).
 *
 * Run: `tsx scripts/bench/inventory.bench.ts` (or `pnpm bench` for every benchmark).
 */
import {
  type Cell,
  type ControlPlane,
  type HttpResult,
  startSimControlPlane,
} from "./lib/control-plane.ts";
import { generateInventory, type InventoryFixture } from "./lib/inventory-fixture.ts";
import { Prng } from "./lib/prng.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
} from "./lib/report.ts";
import { type Summary, summarize } from "./lib/stats.ts";
import { sampleLatency, timed } from "./lib/timing.ts";

const SEED = 7;
const FLEETS = 10;
const CLUSTERS = 1000;
const NODES = 15_000;
const SAMPLES = 300;
const WARMUP = 30;
const PAGE_LIMIT = 100;
/** API.md lists return 50 items unless asked; one more row tells whether a page follows. */
const DEFAULT_PAGE = 50;
/** Rows per insert request to the probe (each request is one atomic D1 batch). */
const ROWS_PER_LOAD_REQUEST = 2000;
const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";

/** One request of a case: a path for the API, or SQL for the probe. */
type Request = { kind: "http"; path: string } | { kind: "d1"; sql: string; params: Cell[] };

interface Case {
  /** Prefix of the case's keys on the key=value line. */
  key: string;
  target: "http" | "d1";
  label: string;
  /** The request for sample `index` (cases that walk pages keep their own position). */
  next(index: number): Request;
  /** Sees every response, untimed (to follow a cursor). */
  observe?(result: HttpResult): void;
  /** A remark for the table, e.g. how many pages a walk had. */
  note?(): string;
}

type Outcome =
  | { case: Case; measured: true; summary: Summary; meanBytes: number; failures: number }
  | { case: Case; measured: false; reason: string };

// The cluster columns plus its scope names, as getCluster in packages/inventory selects them.
const CLUSTER_SELECT = `SELECT c.*, (SELECT json_group_array(scope) FROM (SELECT m.scope AS scope FROM scope_memberships m WHERE m.cluster = c.name ORDER BY 1)) AS scopes FROM clusters c`;

function http(path: string): Request {
  return { kind: "http", path };
}

function d1(sql: string, ...params: Cell[]): Request {
  return { kind: "d1", sql, params };
}

/** `nextCursor` of an API.md list page, or null when absent or unreadable. */
function nextCursorOf(body: string): string | null {
  const page: unknown = JSON.parse(body);
  if (typeof page !== "object" || page === null || !("nextCursor" in page)) return null;
  return typeof page.nextCursor === "string" ? page.nextCursor : null;
}

/** The `name` of the row at `index` of a JSON array of rows, if any. */
function rowNameAt(body: string, index: number): string | null {
  const rows: unknown = JSON.parse(body);
  if (!Array.isArray(rows)) return null;
  const row: unknown = rows[index];
  if (typeof row !== "object" || row === null || !("name" in row)) return null;
  return typeof row.name === "string" ? row.name : null;
}

/** Counts the pages and complete walks of a paginated case. */
class PageWalk {
  #pages = 0;
  #walks = 0;

  page(last: boolean): void {
    this.#pages++;
    if (last) this.#walks++;
  }

  describe(): string {
    return this.#walks === 0
      ? `${this.#pages} pages, no walk reached the end`
      : `${this.#walks} full walks, ${Math.round(this.#pages / this.#walks)} pages each`;
  }
}

function buildCases(inventory: InventoryFixture, rng: Prng): Case[] {
  const picks = <T>(items: readonly T[]) =>
    Array.from({ length: WARMUP + SAMPLES }, () => rng.pick(items));
  const clusterPicks = picks(inventory.clusters);
  const nodesPicks = picks(inventory.clusters);
  const poolPicks = picks(inventory.nodePools);
  const fleetPicks = picks(inventory.fleets);
  const encode = encodeURIComponent;

  let cursor: string | null = null;
  let after: string | null = null;
  const httpWalk = new PageWalk();
  const d1Walk = new PageWalk();
  return [
    {
      key: "healthz",
      target: "http",
      label: "GET /healthz (floor: no auth, no D1)",
      next: () => http("/healthz"),
    },
    {
      key: "get_cluster",
      target: "http",
      label: "GET /v1/clusters/{name}",
      next: (i) => http(`/v1/clusters/${encode(clusterPicks[i]!)}`),
    },
    {
      key: "list_clusters_page",
      target: "http",
      label: `GET /v1/clusters?limit=${PAGE_LIMIT} (walks all pages)`,
      next: () =>
        http(
          `/v1/clusters?limit=${PAGE_LIMIT}${cursor === null ? "" : `&cursor=${encode(cursor)}`}`,
        ),
      observe: (result) => {
        cursor = result.status === 200 ? nextCursorOf(result.body) : null;
        httpWalk.page(cursor === null);
      },
      note: () => httpWalk.describe(),
    },
    {
      key: "cluster_nodes",
      target: "http",
      label: "GET /v1/clusters/{name}/nodes",
      next: (i) => http(`/v1/clusters/${encode(nodesPicks[i]!)}/nodes`),
    },
    {
      key: "node_pool",
      target: "http",
      label: "GET /v1/clusters/{name}/node-pools/{pool}",
      next: (i) => {
        const { cluster, pool } = poolPicks[i]!;
        return http(`/v1/clusters/${encode(cluster)}/node-pools/${encode(pool)}`);
      },
    },
    {
      key: "get_fleet",
      target: "http",
      label: "GET /v1/fleets/{fleet}",
      next: (i) => http(`/v1/fleets/${encode(fleetPicks[i]!)}`),
    },
    {
      key: "d1_select_1",
      target: "d1",
      label: "SELECT 1 (floor: transport + D1)",
      next: () => d1("SELECT 1 AS one"),
    },
    {
      key: "d1_get_cluster",
      target: "d1",
      label: "cluster + its scopes by name",
      next: (i) => d1(`${CLUSTER_SELECT} WHERE c.name = ? LIMIT 1`, clusterPicks[i]!),
    },
    {
      key: "d1_list_clusters_page",
      target: "d1",
      label: `clusters page of ${PAGE_LIMIT} (+1) by name, keyset`,
      next: () =>
        after === null
          ? d1(`${CLUSTER_SELECT} ORDER BY c.name LIMIT ?`, PAGE_LIMIT + 1)
          : d1(`${CLUSTER_SELECT} WHERE c.name > ? ORDER BY c.name LIMIT ?`, after, PAGE_LIMIT + 1),
      observe: (result) => {
        const more = rowNameAt(result.body, PAGE_LIMIT) !== null;
        after = more ? rowNameAt(result.body, PAGE_LIMIT - 1) : null;
        d1Walk.page(after === null);
      },
      note: () => d1Walk.describe(),
    },
    {
      key: "d1_cluster_nodes",
      target: "d1",
      label: `nodes of a cluster, first page (${DEFAULT_PAGE} +1)`,
      next: (i) =>
        d1(
          "SELECT * FROM nodes WHERE cluster = ? ORDER BY name LIMIT ?",
          nodesPicks[i]!,
          DEFAULT_PAGE + 1,
        ),
    },
    {
      key: "d1_node_pool",
      target: "d1",
      label: "node pool by cluster and name",
      next: (i) => {
        const { cluster, pool } = poolPicks[i]!;
        return d1("SELECT * FROM node_pools WHERE cluster = ? AND name = ? LIMIT 1", cluster, pool);
      },
    },
    {
      key: "d1_get_fleet",
      target: "d1",
      label: "fleet by name",
      next: (i) => d1("SELECT * FROM fleets WHERE name = ? LIMIT 1", fleetPicks[i]!),
    },
  ];
}

function send(cp: ControlPlane, request: Request): Promise<HttpResult> {
  return request.kind === "http" ? cp.get(request.path) : cp.query(request.sql, request.params);
}

/** Why a route cannot be measured yet, or undefined when it answers 200. */
function unavailable(result: HttpResult): string | undefined {
  if (result.status === 200) return undefined;
  if (result.status === 404 && result.body.includes('"no route for'))
    return "route not implemented yet";
  return `HTTP ${result.status}: ${result.body.slice(0, 120)}`;
}

async function measure(cp: ControlPlane, benchCase: Case): Promise<Outcome> {
  const first = await send(cp, benchCase.next(0));
  const reason = unavailable(first);
  if (reason !== undefined) {
    // Our own SQL failing means the schema moved: stop rather than print wrong numbers.
    if (benchCase.target === "d1") throw new Error(`${benchCase.label}: ${reason}`);
    return { case: benchCase, measured: false, reason };
  }
  let bytes = 0;
  let failures = 0;
  const times = await sampleLatency(
    SAMPLES,
    WARMUP,
    (i) => send(cp, benchCase.next(i)),
    (result) => {
      bytes += result.body.length;
      if (result.status !== 200) failures++;
      benchCase.observe?.(result);
    },
  );
  return {
    case: benchCase,
    measured: true,
    summary: summarize(times),
    meanBytes: bytes / (SAMPLES + WARMUP),
    failures,
  };
}

/** Inserts the fixture table by table, parents first, in batches of whole requests. */
async function load(cp: ControlPlane, inventory: InventoryFixture): Promise<number> {
  let rows = 0;
  for (const table of inventory.tables) {
    for (let i = 0; i < table.rows.length; i += ROWS_PER_LOAD_REQUEST) {
      await cp.insert(table.table, table.columns, table.rows.slice(i, i + ROWS_PER_LOAD_REQUEST));
    }
    rows += table.rows.length;
  }
  return rows;
}

/** Refuses an inventory that did not land as generated. */
async function checkLoaded(cp: ControlPlane, inventory: InventoryFixture): Promise<void> {
  const result = await cp.query(
    "SELECT (SELECT count(*) FROM clusters) AS clusters, (SELECT count(*) FROM node_pools) AS pools, (SELECT count(*) FROM nodes) AS nodes",
    [],
  );
  const expected = [
    {
      clusters: inventory.clusters.length,
      pools: inventory.nodePools.length,
      nodes: inventory.nodeCount,
    },
  ];
  if (result.body !== JSON.stringify(expected)) {
    throw new Error(
      `inventory did not load as generated: ${result.body}, expected ${JSON.stringify(expected)}`,
    );
  }
}

function printOutcomes(outcomes: readonly Outcome[]): void {
  printTable(
    [
      { header: "via" },
      { header: "case" },
      { header: "n", align: "right" },
      { header: "p50 ms", align: "right" },
      { header: "p95 ms", align: "right" },
      { header: "p99 ms", align: "right" },
      { header: "max ms", align: "right" },
      { header: "bytes", align: "right" },
      { header: "note" },
    ],
    outcomes.map((outcome) =>
      outcome.measured
        ? [
            outcome.case.target,
            outcome.case.label,
            String(outcome.summary.count),
            formatMs(outcome.summary.p50),
            formatMs(outcome.summary.p95),
            formatMs(outcome.summary.p99),
            formatMs(outcome.summary.max),
            formatInt(outcome.meanBytes),
            [outcome.failures > 0 ? `${outcome.failures} non-200` : "", outcome.case.note?.() ?? ""]
              .filter((note) => note !== "")
              .join("; "),
          ]
        : [
            outcome.case.target,
            outcome.case.label,
            "0",
            "-",
            "-",
            "-",
            "-",
            "-",
            `SKIPPED: ${outcome.reason}`,
          ],
    ),
  );
}

async function main(): Promise<void> {
  console.log(describeRuntime());
  const { cp, bundleMs, startMs } = await startSimControlPlane(ADMIN_TOKEN);
  try {
    const migrated = await timed(() => cp.migrate());
    const generated = await timed(() =>
      generateInventory({ seed: SEED, fleets: FLEETS, clusters: CLUSTERS, nodes: NODES }),
    );
    const inventory = generated.result;
    const loaded = await timed(() => load(cp, inventory));
    await checkLoaded(cp, inventory);

    const dateNote = `compatibility date ${cp.compatibilityDate}`;
    console.log(`workerd via miniflare, ${dateNote}`);
    console.log(
      `inventory (seed ${SEED}): ${FLEETS} fleets, ${formatInt(inventory.clusters.length)} clusters, ${formatInt(inventory.nodePools.length)} node pools, ${formatInt(inventory.nodeCount)} nodes`,
    );
    console.log("");
    printTable(
      [{ header: "setup" }, { header: "ms", align: "right" }, { header: "detail" }],
      [
        ["bundle (wrangler deploy --dry-run)", formatMs(bundleMs), ""],
        ["start miniflare", formatMs(startMs), ""],
        ["apply migrations", formatMs(migrated.ms), `${migrated.result} statements`],
        ["generate inventory", formatMs(generated.ms), ""],
        [
          "load inventory into D1",
          formatMs(loaded.ms),
          `${formatInt(loaded.result)} rows, ${formatInt(loaded.result / (loaded.ms / 1000))} rows/s`,
        ],
      ],
    );
    console.log("");

    const outcomes: Outcome[] = [];
    for (const benchCase of buildCases(inventory, new Prng(SEED + 1))) {
      outcomes.push(await measure(cp, benchCase));
    }
    printOutcomes(outcomes);
    console.log(
      `(${SAMPLES} sequential requests per case after ${WARMUP} warm-up; latency seen by the Node client)`,
    );

    const pairs: Record<string, KeyValue> = {
      clusters: inventory.clusters.length,
      nodes: inventory.nodeCount,
      node_pools: inventory.nodePools.length,
      bundle_ms: bundleMs,
      startup_ms: startMs,
      load_ms: loaded.ms,
      load_rows_per_s: Math.round(loaded.result / (loaded.ms / 1000)),
    };
    for (const outcome of outcomes) {
      for (const q of ["p50", "p95", "p99"] as const) {
        pairs[`${outcome.case.key}_${q}_ms`] = outcome.measured ? outcome.summary[q] : "skipped";
      }
    }
    printKeyValues("inventory", pairs);
  } finally {
    await cp.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(
    `inventory bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
