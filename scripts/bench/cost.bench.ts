/**
 * What Regatta costs to run on Cloudflare (issue 28 item 8): the billable units one
 * piece of work uses, counted in workerd, priced on Cloudflare's published Workers Paid
 * prices, and scaled to a fleet.
 *
 * The control plane runs in workerd (Miniflare, sim provider, clock frozen and moved by
 * `POST /v1/sim/advance`) wrapped in lib/metered.worker.js, which counts, without
 * changing anything: Workers invocations (fetch, cron, queue), Durable Object requests
 * (RPC calls, fetches, alarms — and the sim clock's wake-ups, which stand for the alarms a
 * deployment fires), each object's active wall time (the duration the platform bills),
 * object SQL rows read and written and `setAlarm` calls, D1 rows read and written (from
 * each statement's meta), and queue messages. The sim's own D1 work (its clock, its
 * wake-up scan) is counted apart and left out: a deployment has none.
 *
 * Units measured, on `BENCH_COST_CLUSTERS` (50) clusters in 5 fleets (one 3-node pool
 * each) and `BENCH_COST_POOLS` (10) autoscaled pools (one pending pod each, as real
 * clusters have):
 *   idle cluster-day  — one virtual day with nothing to do, per cluster;
 *   autoscaled pool-day — the same day's extra work per autoscaled pool (its passes);
 *   cron tick — one `scheduled()` run (the trigger fires every minute: 43,200 a month);
 *   agent report      — a cluster agent's `PUT …/workloads` with one pod changed, and the
 *                        autoscaler pass it starts; the month assumes each autoscaled pool
 *                        reports `BENCH_COST_REPORTS_PER_POOL_DAY` (288: every 5 minutes);
 *   cluster upgrade   — an update run upgrading every cluster (control plane and nodes,
 *                        surge), per cluster, the automation's create + start included.
 *
 * Then the month of a fleet of N clusters with N/5 autoscaled pools, idle (no upgrades)
 * and busy (every cluster upgraded weekly, 52/12 a month), for N = 100, 1,000, 10,000,
 * with the plan's included amounts taken off. Anchors: alarms per idle cluster-day ≤ 10;
 * the headline, 1,000 clusters with weekly upgrades and 200 autoscaled pools.
 *
 * Not priced: storage (the inventory of 1,000 clusters is far under the 5 GB each of D1
 * and Durable Objects include), outbound HTTP (free), the dashboard's static assets
 * (free). Workers CPU is workerd's whole process CPU (objects, D1's simulation and
 * Miniflare included) less the sim's stepping (a quiet day's CPU per advance): an upper
 * bound. Durations are local wall times, an estimate.
 * Run: `tsx scripts/bench/cost.bench.ts` (or `npm run bench`).
 */
import { loadCatalog } from "./lib/catalog.ts";
import { bundleControlPlane, type ControlPlane, startControlPlane } from "./lib/control-plane.ts";
import {
  CLUSTER_COLUMNS,
  clusterRow,
  NODE_COLUMNS,
  POOL_COLUMNS,
} from "./lib/inventory-fixture.ts";
import { type Meter, meterBundle, readMeter } from "./lib/meter.ts";
import { childPids, processCpuMs } from "./lib/process-cpu.ts";
import {
  describeRuntime,
  formatInt,
  type KeyValue,
  printKeyValues,
  printTable,
  progressLog,
  round,
} from "./lib/report.ts";
import {
  type AutoscaledCluster,
  autoscaledTables,
  inParallel,
  load,
  putWorkloads,
} from "./lib/sim-state.ts";

const ADMIN_TOKEN = "rgt_bench_cost_token_for_local_benchmarks_only_0123456789";
const CLUSTERS = Number(process.env.BENCH_COST_CLUSTERS ?? 50);
const POOLS = Number(process.env.BENCH_COST_POOLS ?? 10);
const FLEETS = 5;
const OLD = "1.21.11-gke.1100";
const NEW = "1.21.14-gke.4300";
const IMAGE = "cos-97-16919-1";
const NEW_IMAGE = "cos-105-17412-1";
const REGION = "europe-west1";
const ZONE = "europe-west1-b";
const MACHINE = "e2-standard-4";
const DAY_S = 86_400;
const MONTH_DAYS = 30;
const CRON_TICKS_PER_MONTH = MONTH_DAYS * 24 * 60;
const UPGRADES_PER_CLUSTER_MONTH = 52 / 12;
/** How often an autoscaled pool's pods change and its cluster agent reports them (a guess). */
const REPORTS_PER_POOL_DAY = Number(process.env.BENCH_COST_REPORTS_PER_POOL_DAY ?? 288);

/**
 * Cloudflare's published Workers Paid prices (developers.cloudflare.com: workers, durable
 * objects, d1 and queues pricing pages, read 2026-11): per month, included amount and USD
 * per unit past it. A queue message is three operations (write, read, delete).
 */
const PRICES = {
  base: 5,
  workerRequests: { included: 10e6, perMillion: 0.3 },
  workerCpuMs: { included: 30e6, perMillion: 0.02 },
  objectRequests: { included: 1e6, perMillion: 0.15 },
  objectGbSeconds: { included: 400_000, perMillion: 12.5 },
  objectRowsRead: { included: 25e9, perMillion: 0.001 },
  objectRowsWritten: { included: 50e6, perMillion: 1 },
  d1RowsRead: { included: 25e9, perMillion: 0.001 },
  d1RowsWritten: { included: 50e6, perMillion: 1 },
  queueOperations: { included: 1e6, perMillion: 0.4 },
} as const;
/** Memory the platform bills every object's duration at. */
const OBJECT_GB = 0.125;

type Line = Exclude<keyof typeof PRICES, "base">;
/** Billable units of one piece of work, by price line. */
type Units = Record<Line, number>;

const LINES = Object.keys(PRICES).filter((k) => k !== "base") as Line[];
const LABELS: Record<Line, string> = {
  workerRequests: "Workers requests",
  workerCpuMs: "Workers CPU ms (upper bound)",
  objectRequests: "DO requests (RPC, alarms)",
  objectGbSeconds: "DO duration GB-s",
  objectRowsRead: "DO rows read",
  objectRowsWritten: "DO rows written (setAlarm incl.)",
  d1RowsRead: "D1 rows read",
  d1RowsWritten: "D1 rows written",
  queueOperations: "Queue operations",
};

const log = progressLog();

/** The units a metered span used; `cpuMs` is workerd's process CPU over it. */
function unitsOf(m: Meter, cpuMs: number, automationRequests = 0): Units {
  return {
    workerRequests:
      m.workerRequests.fetch +
      m.workerRequests.scheduled +
      m.workerRequests.queue -
      automationRequests,
    workerCpuMs: cpuMs,
    objectRequests:
      m.objectRequests.rpc +
      m.objectRequests.fetch +
      m.objectRequests.alarm +
      m.objectRequests.simWake,
    objectGbSeconds: (m.objectActiveMs / 1000) * OBJECT_GB,
    objectRowsRead: m.objectSql.rowsRead,
    objectRowsWritten: m.objectSql.rowsWritten + m.objectSql.setAlarm,
    d1RowsRead: m.d1.rowsRead,
    d1RowsWritten: m.d1.rowsWritten,
    queueOperations: m.queueMessages * 3,
  };
}

function scale(u: Units, by: number): Units {
  return Object.fromEntries(LINES.map((l) => [l, u[l] * by])) as Units;
}

function add(...all: Units[]): Units {
  return Object.fromEntries(LINES.map((l) => [l, all.reduce((s, u) => s + u[l], 0)])) as Units;
}

function minus(a: Units, b: Units): Units {
  return Object.fromEntries(LINES.map((l) => [l, Math.max(0, a[l] - b[l])])) as Units;
}

/** USD a month of these units costs, per line, after the included amounts. */
function price(month: Units): Record<Line | "base", number> {
  const lines = Object.fromEntries(
    LINES.map((l) => {
      const { included, perMillion } = PRICES[l];
      return [l, (Math.max(0, month[l] - included) / 1e6) * perMillion];
    }),
  ) as Record<Line, number>;
  return { base: PRICES.base, ...lines };
}

/** Workerd's process CPU (all its threads) so far. */
function workerdCpuMs(): number {
  return childPids(process.pid, "workerd").reduce((sum, pid) => sum + processCpuMs(pid), 0);
}

/** What a metered span of work did besides the product's: the bench's own requests. */
interface Span {
  /** Requests the bench made that a deployment's automation would not (its polls). */
  benchRequests?: number;
  /** `POST /v1/sim/advance` calls: the sim's stepping, whose CPU is not the product's. */
  advances: number;
}

/** Runs `work` with the meter reset before and read after; the units it used. */
async function metered(
  cp: ControlPlane,
  work: () => Promise<Span>,
  cpuPerAdvance = 0,
): Promise<{ meter: Meter; units: Units; cpuMs: number; advances: number }> {
  await readMeter(cp, true);
  const cpu0 = workerdCpuMs();
  const span = await work();
  const cpuMs = workerdCpuMs() - cpu0;
  const meter = await readMeter(cp, true);
  const productCpu = Math.max(0, cpuMs - span.advances * cpuPerAdvance);
  return {
    meter,
    units: unitsOf(meter, productCpu, span.benchRequests ?? 0),
    cpuMs,
    advances: span.advances,
  };
}

async function must(answer: Promise<{ status: number; body: string }>, what: string) {
  const r = await answer;
  if (r.status >= 300) throw new Error(`${what} → ${r.status} ${r.body}`);
  return r;
}

/** Moves the sim clock `seconds` in steps of `step`; answers the advances it took. */
async function advance(cp: ControlPlane, seconds: number, step: number): Promise<number> {
  let advances = 0;
  for (let moved = 0; moved < seconds; moved += step) {
    await must(cp.post("/v1/sim/advance", { seconds: Math.min(step, seconds - moved) }), "advance");
    advances++;
  }
  return advances;
}

/** CLUSTERS clusters on OLD in FLEETS fleets (one group each), one 3-node surge pool each. */
async function seedFleets(cp: ControlPlane, at: number): Promise<string[]> {
  const fleets = Array.from({ length: FLEETS }, (_, f) => `cost-${f}`);
  await cp.insert(
    "fleets",
    ["name", "created_at", "updated_at"],
    fleets.map((f) => [f, at, at]),
  );
  const clusters: (string | number | null)[][] = [];
  const pools: (string | number | null)[][] = [];
  const nodes: (string | number | null)[][] = [];
  for (let i = 0; i < CLUSTERS; i++) {
    const fleet = fleets[i % FLEETS]!;
    const name = `${fleet}-c${String(i).padStart(4, "0")}`;
    clusters.push(
      clusterRow({ name, fleet, region: REGION, version: OLD, at, updateGroup: `${fleet}-g` }),
    );
    const pool: Record<(typeof POOL_COLUMNS)[number], string | number | null> = {
      cluster: name,
      name: "p",
      machine_type: MACHINE,
      zones: JSON.stringify([ZONE]),
      node_count: 3,
      version: OLD,
      node_image: IMAGE,
      max_pods_per_node: 110,
      spot: 0,
      flex_start: 0,
      autopilot_managed: 0,
      tpu: null,
      autoscaling: null,
      upgrade_strategy: JSON.stringify({ type: "SURGE", maxSurge: 1, maxUnavailable: 0 }),
      created_at: at,
      updated_at: at,
    };
    pools.push(POOL_COLUMNS.map((c) => pool[c]));
    for (let n = 0; n < 3; n++) {
      const node: Record<(typeof NODE_COLUMNS)[number], string | number | null> = {
        cluster: name,
        name: `${name}-p-${ZONE}-000${n}`,
        pool: "p",
        zone: ZONE,
        version: OLD,
        node_image: IMAGE,
        state: "READY",
        color: null,
        created_at: at,
        updated_at: at,
      };
      nodes.push(NODE_COLUMNS.map((c) => node[c]));
    }
  }
  await load(cp, [
    { table: "clusters", columns: CLUSTER_COLUMNS, rows: clusters },
    { table: "node_pools", columns: POOL_COLUMNS, rows: pools },
    { table: "nodes", columns: NODE_COLUMNS, rows: nodes },
  ]);
  const minor = NEW.split(".").slice(0, 2).join(".");
  await cp.insert(
    "releases",
    ["name", "channel", "targets", "versions", "node_images", "regions", "created_at"],
    [
      [
        "cost-R1",
        "REGULAR",
        JSON.stringify({ [minor]: NEW }),
        JSON.stringify([OLD, NEW]),
        JSON.stringify([{ version: NEW_IMAGE, regions: [REGION] }]),
        "{}",
        at,
      ],
    ],
  );
  return fleets;
}

/** The cluster agent's report of `cluster`'s pods, one of them new in report `r`. */
async function reportPods(cp: ControlPlane, cluster: string, r: number): Promise<void> {
  const pods = [
    { name: "steady", containers: [{ cpuMillis: 3000, memoryMiB: 256 }] },
    { name: `job-${r}`, containers: [{ cpuMillis: 3000, memoryMiB: 256 }] },
    { name: "fits-nowhere", containers: [{ cpuMillis: 64_000, memoryMiB: 256 }] },
  ];
  await must(cp.put(`/v1/clusters/${cluster}/workloads`, { pods }), `report ${cluster}`);
}

/** Upgrades every cluster with one update run per fleet. */
async function upgradeAll(cp: ControlPlane, fleets: readonly string[]): Promise<Span> {
  let requests = 0;
  let advances = 0;
  for (const fleet of fleets) {
    await must(
      cp.post(`/v1/fleets/${fleet}/update-runs`, {
        name: "weekly",
        stages: [{ name: "all", maxConcurrency: "25%", groups: [{ name: `${fleet}-g` }] }],
        upgrade: { type: "Full", kubernetesVersion: NEW },
      }),
      `create run in ${fleet}`,
    );
    await must(cp.post(`/v1/fleets/${fleet}/update-runs/weekly/start`, {}), `start ${fleet}`);
  }
  let open = [...fleets];
  for (let step = 0; open.length > 0; step++) {
    if (step > 300) {
      const stuck = await cp.get(`/v1/fleets/${open[0]}/update-runs/weekly`);
      throw new Error(`runs open after 50 virtual hours: ${stuck.body.slice(0, 2000)}`);
    }
    advances += await advance(cp, 600, 600);
    const states = await Promise.all(
      open.map(async (fleet) => {
        requests++;
        const r = await must(cp.get(`/v1/fleets/${fleet}/update-runs/weekly?limit=1`), "run");
        return [fleet, (JSON.parse(r.body) as { state: string }).state] as const;
      }),
    );
    for (const [fleet, state] of states) {
      if (!["Completed", "Running", "Pending"].includes(state)) {
        throw new Error(`the run of ${fleet} ended ${state}`);
      }
    }
    open = states.filter(([, s]) => s !== "Completed").map(([f]) => f);
    if (step % 50 === 49) log(`upgrading: ${open.length} runs open after ${step + 1} × 10 min`);
  }
  // The polls are this bench's; a pipeline's own would be its choice. Create and start count.
  return { benchRequests: requests, advances };
}

const usd = (n: number) => (n < 0.005 ? "$0.00" : `$${n.toFixed(2)}`);
const units = (n: number) => (n >= 1e6 ? `${round(n / 1e6, 2)} M` : formatInt(Math.round(n)));

async function main(): Promise<void> {
  console.log(`cost: ${describeRuntime()}`);
  const bundle = await meterBundle(await bundleControlPlane());
  const cp = await startControlPlane({
    bundle,
    adminToken: ADMIN_TOKEN,
    vars: { REGATTA_PROVIDER: "sim", SIM_SPEED: "0" },
  });
  try {
    await cp.migrate();
    const at = Date.now();
    await loadCatalog(cp, { region: REGION, zones: [ZONE], machineType: MACHINE, epoch: at });
    const fleets = await seedFleets(cp, at);
    const autoscaled: AutoscaledCluster[] = Array.from({ length: POOLS }, (_, i) => ({
      cluster: `cost-as-${String(i).padStart(3, "0")}`,
      fleet: "cost-autoscaled",
    }));
    await cp.insert("fleets", ["name", "created_at", "updated_at"], [["cost-autoscaled", at, at]]);
    await load(cp, autoscaledTables(autoscaled, at));
    log(`seeded ${CLUSTERS} clusters in ${FLEETS} fleets and ${POOLS} autoscaled pools`);

    // Nothing of the product runs on a quiet day: workerd's CPU meanwhile is the sim's
    // stepping, the baseline taken off every other span per advance.
    const quietDay = await metered(cp, async () => ({ advances: await advance(cp, DAY_S, 3_600) }));
    const cpuPerAdvance = quietDay.cpuMs / quietDay.advances;
    const quiet = await metered(
      cp,
      async () => ({ advances: await advance(cp, DAY_S, 3_600) }),
      cpuPerAdvance,
    );
    log("a quiet day measured");
    await inParallel(autoscaled, 4, (c) => putWorkloads(cp, c.cluster, { pending: true }));
    await advance(cp, 3_600, 3_600);
    const scaled = await metered(
      cp,
      async () => ({ advances: await advance(cp, DAY_S, 3_600) }),
      cpuPerAdvance,
    );
    log("a day with autoscaled pools measured");
    // The cluster agent reports a pool's pods when they change: a pod replaced by another
    // of the same size, then the minute after (the pass it starts) — per report.
    const reports = 5;
    const reported = await metered(
      cp,
      async () => {
        let advances = 0;
        for (let r = 0; r < reports; r++) {
          await inParallel(autoscaled, 4, (c) => reportPods(cp, c.cluster, r));
          advances += await advance(cp, 60, 60);
        }
        return { advances };
      },
      cpuPerAdvance,
    );
    log("cluster agents' reports measured");
    const minute = 60_000;
    const firstTick = Math.ceil(Date.now() / (60 * minute)) * 60 * minute + minute;
    const ticks = 10;
    const cron = await metered(cp, async () => {
      for (let t = 0; t < ticks; t++) await cp.scheduled(firstTick + t * minute);
      return { advances: 0 };
    });
    log("cron ticks measured");
    const busy = await metered(cp, () => upgradeAll(cp, fleets), cpuPerAdvance);
    log("a weekly upgrade of every cluster measured");

    const perClusterDay = scale(quiet.units, 1 / CLUSTERS);
    const perPoolDay = scale(minus(scaled.units, quiet.units), 1 / POOLS);
    const perTick = scale(cron.units, 1 / ticks);
    const perReport = scale(reported.units, 1 / (reports * POOLS));
    const perUpgrade = scale(busy.units, 1 / CLUSTERS);

    printTable(
      [
        { header: "billable unit", align: "left" },
        { header: "idle cluster-day", align: "right" },
        { header: "autoscaled pool-day", align: "right" },
        { header: "cron tick", align: "right" },
        { header: "agent report", align: "right" },
        { header: "cluster upgrade", align: "right" },
      ],
      LINES.map((l) => [
        LABELS[l],
        String(round(perClusterDay[l], 2)),
        String(round(perPoolDay[l], 2)),
        String(round(perTick[l], 2)),
        String(round(perReport[l], 2)),
        String(round(perUpgrade[l], 2)),
      ]),
    );

    const month = (clusters: number, pools: number, upgrades: boolean): Units =>
      add(
        scale(perClusterDay, clusters * MONTH_DAYS),
        scale(perPoolDay, pools * MONTH_DAYS),
        scale(perReport, pools * MONTH_DAYS * REPORTS_PER_POOL_DAY),
        scale(perTick, CRON_TICKS_PER_MONTH),
        scale(perUpgrade, upgrades ? clusters * UPGRADES_PER_CLUSTER_MONTH : 0),
      );
    const total = (p: Record<string, number>) => Object.values(p).reduce((a, b) => a + b, 0);
    const headline = month(1_000, 200, true);
    const headlinePrice = price(headline);
    console.log("\n1,000 clusters, 200 autoscaled pools, every cluster upgraded weekly — a month:");
    printTable(
      [
        { header: "line", align: "left" },
        { header: "units / month", align: "right" },
        { header: "included", align: "right" },
        { header: "USD", align: "right" },
      ],
      [
        ["Workers Paid plan", "", "", usd(PRICES.base)],
        ...LINES.map((l) => [
          LABELS[l],
          units(headline[l]),
          units(PRICES[l].included),
          usd(headlinePrice[l]),
        ]),
        ["total", "", "", usd(total(headlinePrice))],
      ],
    );

    const sizes = [100, 1_000, 10_000];
    const rows = sizes.flatMap((n) =>
      [false, true].map((upgrades) => {
        const p = price(month(n, n / 5, upgrades));
        const biggest = LINES.reduce((a, b) => (p[a] >= p[b] ? a : b));
        return [
          formatInt(n),
          formatInt(n / 5),
          upgrades ? "weekly" : "none",
          usd(total(p)),
          p[biggest] > 0 ? LABELS[biggest] : "—",
        ];
      }),
    );
    console.log("\nHow it grows (a month):");
    printTable(
      [
        { header: "clusters", align: "right" },
        { header: "autoscaled pools", align: "right" },
        { header: "upgrades", align: "left" },
        { header: "USD / month", align: "right" },
        { header: "largest line past the plan", align: "left" },
      ],
      rows,
    );

    console.log("\nWhere a cluster upgrade's object writes go (statements per cluster upgrade):");
    printTable(
      [
        { header: "statement", align: "left" },
        { header: "per upgrade", align: "right" },
        { header: "bytes each", align: "right" },
      ],
      Object.entries(busy.meter.objectWrites)
        .sort((a, b) => b[1].count - a[1].count)
        .slice(0, 12)
        .map(([shape, w]) => [
          shape,
          String(round(w.count / CLUSTERS, 1)),
          formatInt(w.bytes / w.count),
        ]),
    );

    const alarmsPerClusterDay = perClusterDay.objectRequests;
    const alarmsPerPoolDay = perPoolDay.objectRequests;
    console.log(
      `\nanchors: object requests (alarms, RPC) per idle cluster-day ${round(alarmsPerClusterDay, 2)} (≤ 10); per autoscaled pool-day ${round(alarmsPerPoolDay, 2)} (≤ 10)`,
    );
    const pairs: Record<string, KeyValue> = {
      clusters: CLUSTERS,
      autoscaled_pools: POOLS,
      object_requests_per_idle_cluster_day: round(alarmsPerClusterDay, 3),
      object_requests_per_autoscaled_pool_day: round(alarmsPerPoolDay, 3),
      object_rows_written_per_cluster_upgrade: round(perUpgrade.objectRowsWritten, 1),
      d1_rows_written_per_cluster_upgrade: round(perUpgrade.d1RowsWritten, 1),
      object_requests_per_cluster_upgrade: round(perUpgrade.objectRequests, 1),
      object_requests_per_agent_report: round(perReport.objectRequests, 2),
      usd_month_1000_clusters_idle: round(total(price(month(1_000, 200, false))), 2),
      usd_month_1000_clusters_weekly: round(total(headlinePrice), 2),
      usd_month_10000_clusters_weekly: round(total(price(month(10_000, 2_000, true))), 2),
      sim_d1_rows_left_out: quiet.meter.simD1.rowsRead + busy.meter.simD1.rowsRead,
      sim_cpu_ms_per_advance_left_out: round(cpuPerAdvance, 1),
    };
    printKeyValues("cost", pairs);
  } finally {
    await cp.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
