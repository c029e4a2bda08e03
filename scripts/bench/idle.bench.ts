/**
 * What a quiet control plane costs (issue 15 item 8), in workerd through Miniflare with
 * the sim provider and its clock running at SIM_SPEED=3600 (an hour per wall second):
 *
 * (a) idle: 200 fleets and 2,000 clusters (seeded into D1 as the inventory bench does,
 *     but for the 130 of the empty state), 100 of them with an autoscaled pool whose
 *     workloads, put through the API, fit their nodes — after setup, the CPU time the
 *     workerd process uses over BENCH_IDLE_SECONDS (default 20) wall seconds in which
 *     nobody calls it (anchor: ≈ 0 %), the rows those fleets' objects write meanwhile and
 *     the autoscaler scan timers pending when the window opens;
 * (b) the API on that state, clock still running: p50/p95 of `PUT /v1/clusters/{cluster}`
 *     (new clusters) and `GET /v1/clusters/{cluster}`, against the same requests on the
 *     empty state measured first (anchor: p50 within 2× of the empty state), and one
 *     cron tick on that state;
 * (c) the cron: 10,000 fleets seeded into D1 on a fresh control plane, 10 of them with a
 *     wake-up due in `object_wakeups` (plus 1,000 not yet due): the wall time of one
 *     `scheduled()` run at minute ≠ 0 and the fleet objects it called, counted as the
 *     SQLite files of FleetObject instances that appeared (anchor: 10 calls, not 10,000).
 *     On a checkout without `object_wakeups` only the fleets are seeded.
 *
 * Waits are bounded (REQUEST_TIMEOUT_MS, CASE_BUDGET_MS, CRON_TIMEOUT_MS) so that a
 * saturated control plane (the state before the idle work) is reported, not waited on.
 *
 * Prints tables, then one key=value line. Not asserted; numbers are noisy on a shared
 * machine (the Node driver and workerd share its cores).
 * Run: `tsx scripts/bench/idle.bench.ts` (or `pnpm bench`).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import {
  bundleControlPlane,
  type Cell,
  type ControlPlane,
  type HttpResult,
  startControlPlane,
} from "./lib/control-plane.ts";
import {
  CLUSTER_COLUMNS,
  generateInventory,
  NODE_COLUMNS,
  POOL_COLUMNS,
  type TableRows,
} from "./lib/inventory-fixture.ts";
import { Prng } from "./lib/prng.ts";
import { childPids, processCpuMs } from "./lib/process-cpu.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  printKeyValues,
  printTable,
} from "./lib/report.ts";
import { type Summary, summarize } from "./lib/stats.ts";
import { timed } from "./lib/timing.ts";

const ADMIN_TOKEN = "rgt_bench_admin_token";
const SEED = 15;
const SIM_SPEED = "3600";
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
/** Wall seconds between the end of setup and the idle window: the sim settles first. */
const SETTLE_SECONDS = 5;
const FLEETS = 200;
const CLUSTERS = 2000;
const AUTOSCALED = 100;
/** New clusters per latency case (after warm-up), and GETs. */
const PUTS = 100;
const GETS = 300;
const WARMUP = 30;
/** The full state's cases run on a warm workerd: a short warm-up leaves a saturated one
 * (the state before the idle work) time to answer within the case budget. */
const FULL_WARMUP = 5;
const CRON_FLEETS = Number(process.env.BENCH_IDLE_CRON_FLEETS ?? 10_000);
const CRON_DUE = 10;
const CRON_LATER = 1000;
/** Rounds of the cron case, each with 10 fleets of their own due (median reported). */
const CRON_ROUNDS = 3;
const ROWS_PER_LOAD_REQUEST = 2000;
const VERSION = "1.33.5-gke.1201000";
const ZONE = "europe-west1-b";
const MACHINE = "e2-standard-4";
const HOUR_MS = 3_600_000;
/** A request slower than this ends its case (the state before the idle work saturates). */
const REQUEST_TIMEOUT_MS = 10_000;
/** Wall time one latency case may take. */
const CASE_BUDGET_MS = 30_000;
/** Wall time one scheduled() run may take before it is reported as timed out. */
const CRON_TIMEOUT_MS = 120_000;

const benchStart = performance.now();

/** A progress line on stderr (stdout keeps the tables). */
function progress(step: string): void {
  console.error(`  [${((performance.now() - benchStart) / 1000).toFixed(1)} s] ${step}`);
}

async function ok(cp: ControlPlane, method: "PUT" | "GET", path: string, body?: unknown) {
  const result = method === "PUT" ? await cp.put(path, body) : await cp.get(path);
  if (result.status >= 300) throw new Error(`${method} ${path} → ${result.status} ${result.body}`);
  return JSON.parse(result.body || "{}") as Record<string, unknown>;
}

async function load(cp: ControlPlane, tables: readonly TableRows[]): Promise<number> {
  let rows = 0;
  for (const table of tables) {
    for (let i = 0; i < table.rows.length; i += ROWS_PER_LOAD_REQUEST) {
      await cp.insert(table.table, table.columns, table.rows.slice(i, i + ROWS_PER_LOAD_REQUEST));
    }
    rows += table.rows.length;
  }
  return rows;
}

function clusterBody(fleet: string): Record<string, unknown> {
  return {
    fleet,
    role: "standalone",
    region: "europe-west1",
    releaseChannel: "REGULAR",
    version: VERSION,
  };
}

/**
 * `work`'s value, or undefined when it has not settled within `ms`: a control plane that
 * is saturated (the state before the idle work, at sim speed) must not hang the bench.
 * The request goes on unobserved; disposing of Miniflare ends it.
 */
async function within<T>(ms: number, work: Promise<T>): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<undefined>((resolve) => {
    timer = setTimeout(resolve, ms, undefined);
  });
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}

/** Latencies of one case; `summary` is undefined when no measured request finished. */
interface Sampled {
  summary: Summary | undefined;
  /** A request that took over REQUEST_TIMEOUT_MS ends the case. */
  timedOut: boolean;
  /** The case ran out of CASE_BUDGET_MS before its last sample. */
  cutShort: boolean;
}

/**
 * Like `sampleLatency`, within a wall budget: `count` sequential requests after `warmup`,
 * stopping at the first that takes over REQUEST_TIMEOUT_MS or when CASE_BUDGET_MS is
 * spent.
 */
async function sample(
  count: number,
  warmup: number,
  request: (index: number) => Promise<HttpResult>,
  what: string,
): Promise<Sampled> {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < warmup + count; i++) {
    if (performance.now() - start > CASE_BUDGET_MS) {
      return { summary: summaryOf(times), timedOut: false, cutShort: true };
    }
    const sent = performance.now();
    const result = await within(REQUEST_TIMEOUT_MS, request(i));
    const elapsed = performance.now() - sent;
    if (result === undefined) return { summary: summaryOf(times), timedOut: true, cutShort: true };
    if (result.status >= 300) throw new Error(`${what} → ${result.status} ${result.body}`);
    if (i >= warmup) times.push(elapsed);
  }
  return { summary: summaryOf(times), timedOut: false, cutShort: false };
}

function summaryOf(times: readonly number[]): Summary | undefined {
  return times.length === 0 ? undefined : summarize(times);
}

interface ApiLatency {
  put: Sampled;
  get: Sampled;
}

/**
 * PUTs `warmup` + PUTS new clusters named `<prefix>-<i>` in `fleets` (round robin), then
 * GETs clusters drawn from `existing` (`warmup` + GETS).
 */
async function apiLatency(
  cp: ControlPlane,
  prefix: string,
  fleets: readonly string[],
  existing: (created: readonly string[]) => readonly string[],
  warmup: number,
): Promise<ApiLatency> {
  const created: string[] = [];
  const put = await sample(
    PUTS,
    warmup,
    (i) => {
      const name = `${prefix}-${i}`;
      created.push(name);
      return cp.put(`/v1/clusters/${name}`, clusterBody(fleets[i % fleets.length]!));
    },
    "PUT cluster",
  );
  const rng = new Prng(SEED);
  const pool = existing(created);
  const picks = Array.from({ length: warmup + GETS }, () => rng.pick(pool));
  const get = await sample(GETS, warmup, (i) => cp.get(`/v1/clusters/${picks[i]}`), "GET cluster");
  return { put, get };
}

/**
 * The autoscaled clusters' inventory rows, seeded like the rest (a pool created through
 * the API would wait for the sim to bring its nodes up, and its first pass could scale
 * up meanwhile): one pool of two READY 4-CPU nodes each, autoscaling 1..5.
 */
function autoscaledTables(fleets: readonly string[], now: number): TableRows[] {
  const clusters: Cell[][] = [];
  const pools: Cell[][] = [];
  const nodes: Cell[][] = [];
  for (const [i, fleet] of fleets.entries()) {
    const cluster = `autoscaled-${i}`;
    const row: Record<(typeof CLUSTER_COLUMNS)[number], Cell> = {
      name: cluster,
      fleet,
      role: "standalone",
      admin_cluster: null,
      region: "europe-west1",
      release_channel: "REGULAR",
      autopilot: 0,
      spec_version: VERSION,
      status_version: VERSION,
      phase: "RUNNING",
      update_group: null,
      maintenance: null,
      deprecated_api_usage: 0,
      status_components: "{}",
      created_at: now,
      updated_at: now,
    };
    clusters.push(CLUSTER_COLUMNS.map((column) => row[column]));
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

/** The cluster agent's snapshot: each node runs one pod at 75 % of its CPU — nothing
 * pending, nothing unneeded, so the pass it runs leaves the cluster idle. */
async function putFittingWorkloads(cp: ControlPlane, cluster: string): Promise<void> {
  const pods = [0, 1].map((i) => ({
    name: `fits-${i}`,
    containers: [{ cpuMillis: 3000, memoryMiB: 256 }],
  }));
  await ok(cp, "PUT", `/v1/clusters/${cluster}/workloads`, { pods });
}

/** Runs `work` over `items`, `concurrency` at a time. */
async function inParallel<T>(
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

interface ObjectCounters {
  /**
   * `rowsWritten` of each fleet (storage rows its runtime wrote since the object
   * started), undefined for one that did not answer within REQUEST_TIMEOUT_MS.
   */
  rows: (number | undefined)[];
  scanTimers: number;
  timers: number;
}

async function objectCounters(
  cp: ControlPlane,
  fleets: readonly string[],
): Promise<ObjectCounters> {
  const inspections = await Promise.all(
    fleets.map((fleet) => within(REQUEST_TIMEOUT_MS, cp.inspectFleet(fleet))),
  );
  const counters: ObjectCounters = { rows: [], scanTimers: 0, timers: 0 };
  for (const inspection of inspections) {
    counters.rows.push(inspection?.rowsWritten);
    counters.timers += inspection?.timers.length ?? 0;
    counters.scanTimers += inspection?.timers.filter((t) => t.kind === "as").length ?? 0;
  }
  return counters;
}

interface IdleWindow {
  wallS: number;
  workerdCpuMs: number;
  nodeCpuMs: number;
  /** Storage rows the fleet objects wrote in the window (a lower bound, see `restarted`). */
  rowsWritten: number;
  /**
   * Objects whose counter went down: workerd evicted them while idle and the inspection
   * after the window started them afresh (what they wrote before eviction is lost).
   */
  restarted: number;
  /** Fleets whose inspection before or after the window did not answer in time. */
  unanswered: number;
  /** Timers pending when the window opened (of the fleets that answered). */
  timers: number;
  scanTimers: number;
}

/** CPU of workerd (and of this driver) over IDLE_SECONDS of nobody calling the worker. */
async function idleWindow(
  cp: ControlPlane,
  workerd: number,
  fleets: readonly string[],
): Promise<IdleWindow> {
  const before = await objectCounters(cp, fleets);
  const cpu0 = processCpuMs(workerd);
  const node0 = process.cpuUsage();
  const wall0 = performance.now();
  await sleep(IDLE_SECONDS * 1000);
  const wallS = (performance.now() - wall0) / 1000;
  const workerdCpuMs = processCpuMs(workerd) - cpu0;
  const node = process.cpuUsage(node0);
  const after = await objectCounters(cp, fleets);
  let rowsWritten = 0;
  let restarted = 0;
  let unanswered = 0;
  after.rows.forEach((rows, i) => {
    const was = before.rows[i];
    if (rows === undefined || was === undefined) {
      unanswered++;
      return;
    }
    if (rows < was) restarted++;
    rowsWritten += rows < was ? rows : rows - was;
  });
  return {
    wallS,
    workerdCpuMs,
    nodeCpuMs: (node.user + node.system) / 1000,
    rowsWritten,
    restarted,
    unanswered,
    timers: before.timers,
    scanTimers: before.scanTimers,
  };
}

/** The only workerd child of this process: the one Miniflare just started. */
function workerdPid(known: ReadonlySet<number>): number | undefined {
  return childPids(process.pid, "workerd").find((pid) => !known.has(pid));
}

interface IdleRun {
  empty: ApiLatency;
  full: ApiLatency;
  idle: IdleWindow | undefined;
  /** One scheduled() on this state; infinite when it did not end within CRON_TIMEOUT_MS. */
  cronMs: number;
  setupMs: number;
  /** workerd CPU time from its start to the end of setup: shows the pid is the right one. */
  setupCpuMs: number;
  clusters: number;
  fleets: number;
}

async function idleRun(): Promise<IdleRun> {
  const known = new Set(childPids(process.pid, "workerd"));
  const bundle = await bundleControlPlane();
  const cp = await startControlPlane({
    bundle,
    adminToken: ADMIN_TOKEN,
    vars: { REGATTA_PROVIDER: "sim", SIM_SPEED },
  });
  try {
    const workerd = workerdPid(known);
    const setupStart = performance.now();
    await cp.migrate();
    // The empty state's new clusters (warm-ups included) count towards the 2,000.
    const emptyClusters = WARMUP + PUTS;
    const inventory = generateInventory({
      seed: SEED,
      fleets: FLEETS - 1,
      clusters: CLUSTERS - AUTOSCALED - emptyClusters,
      nodes: 15_000,
    });
    const [zones, machineTypes, ...rest] = inventory.tables;
    await load(cp, [zones!, machineTypes!]);
    await ok(cp, "PUT", "/v1/fleets/empty-state", {});
    const empty = await apiLatency(cp, "empty", ["empty-state"], (created) => created, WARMUP);
    progress("empty state measured");
    await load(cp, rest);
    progress("inventory seeded");
    const autoscaledFleets = inventory.fleets.slice(0, AUTOSCALED);
    await load(cp, autoscaledTables(autoscaledFleets, Date.now()));
    await inParallel(
      autoscaledFleets.map((_, i) => `autoscaled-${i}`),
      4,
      (cluster) => putFittingWorkloads(cp, cluster),
    );
    progress("autoscaled workloads put");
    const setupMs = performance.now() - setupStart;
    const setupCpuMs = workerd === undefined ? Number.NaN : processCpuMs(workerd);
    const counts = await cp.query(
      "SELECT (SELECT count(*) FROM fleets) AS fleets, (SELECT count(*) FROM clusters) AS clusters",
      [],
    );
    const [{ fleets, clusters }] = JSON.parse(counts.body) as {
      fleets: number;
      clusters: number;
    }[];
    await sleep(SETTLE_SECONDS * 1000);
    const idle =
      workerd === undefined ? undefined : await idleWindow(cp, workerd, autoscaledFleets);
    progress("idle window done");
    const full = await apiLatency(
      cp,
      "full",
      inventory.fleets,
      () => inventory.clusters,
      FULL_WARMUP,
    );
    progress("full state measured");
    // One cron tick on this state, not at minute 0 (no hourly sweep).
    const cron = await timed(() =>
      within(CRON_TIMEOUT_MS, cp.scheduled(Date.UTC(2026, 10, 25, 12, 7))),
    );
    progress("cron tick on the full state done");
    const cronMs = cron.result === undefined ? Number.POSITIVE_INFINITY : cron.ms;
    return { empty, full, idle, cronMs, setupMs, setupCpuMs, clusters, fleets };
  } finally {
    await cp.dispose();
  }
}

/** FleetObject instances that have storage: one SQLite file each. */
async function fleetObjectCount(dir: string): Promise<number> {
  let count = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory() || !entry.name.endsWith("FleetObject")) continue;
    const files = await readdir(join(dir, entry.name));
    count += files.filter((file) => file.endsWith(".sqlite")).length;
  }
  return count;
}

interface CronRound {
  ms: number;
  /** Fleet objects called by then (all of them unless `timedOut`). */
  called: number;
  /** scheduled() had not finished after CRON_TIMEOUT_MS. */
  timedOut: boolean;
}

interface CronRun {
  fleets: number;
  wakeups: boolean;
  rounds: CronRound[];
}

async function cronRun(): Promise<CronRun> {
  const objects = await mkdtemp(join(tmpdir(), "regatta-idle-objects-"));
  const bundle = await bundleControlPlane();
  const cp = await startControlPlane({
    bundle,
    adminToken: ADMIN_TOKEN,
    vars: { REGATTA_PROVIDER: "sim", SIM_SPEED },
    durableObjectsDir: objects,
  });
  try {
    await cp.migrate();
    const now = Date.now();
    const names = Array.from({ length: CRON_FLEETS }, (_, i) => `f-${String(i).padStart(5, "0")}`);
    const fleets: Cell[][] = names.map((name) => [name, now, now]);
    await load(cp, [
      { table: "fleets", columns: ["name", "created_at", "updated_at"], rows: fleets },
    ]);
    const table = await cp.query(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'object_wakeups'",
      [],
    );
    const wakeups = table.body === JSON.stringify([{ n: 1 }]);
    // Before object_wakeups every tick called every fleet: one round says it all (a later
    // one would call objects that already exist, which the file count cannot see).
    const rounds = wakeups ? CRON_ROUNDS : 1;
    if (wakeups) {
      // Later wake-ups far beyond the bench's virtual hours: each fleet in its own round.
      const later: Cell[][] = names
        .slice(CRON_DUE * rounds, CRON_DUE * rounds + CRON_LATER)
        .map((name) => ["fleet", name, now + 365 * 24 * HOUR_MS]);
      await load(cp, [{ table: "object_wakeups", columns: ["kind", "name", "due"], rows: later }]);
    }
    progress(`${formatInt(CRON_FLEETS)} fleets seeded`);
    const results: CronRound[] = [];
    for (let round = 0; round < rounds; round++) {
      if (wakeups) {
        const due: Cell[][] = names
          .slice(round * CRON_DUE, (round + 1) * CRON_DUE)
          .map((name) => ["fleet", name, now - 60_000]);
        await load(cp, [{ table: "object_wakeups", columns: ["kind", "name", "due"], rows: due }]);
      }
      const before = await fleetObjectCount(objects);
      // Minute 7: not the hourly sweep of every fleet.
      const run = await timed(() =>
        within(CRON_TIMEOUT_MS, cp.scheduled(Date.UTC(2026, 10, 25, 12, 7 + round))),
      );
      if (run.result !== undefined && run.result.outcome !== "ok") {
        throw new Error(`scheduled() ended ${run.result.outcome}`);
      }
      const called = (await fleetObjectCount(objects)) - before;
      results.push({ ms: run.ms, called, timedOut: run.result === undefined });
      progress(`cron round ${round + 1}: ${formatMs(run.ms)} ms, ${formatInt(called)} fleets`);
      if (run.result === undefined) break;
    }
    return { fleets: CRON_FLEETS, wakeups, rounds: results };
  } finally {
    await cp.dispose();
    await rm(objects, { recursive: true, force: true });
  }
}

/** How a case ended, for the table: n measured, and why it stopped early if it did. */
function caseNote(sampled: Sampled): string {
  const n = `n=${sampled.summary?.count ?? 0}`;
  if (sampled.timedOut) return `${n}, a request took over ${REQUEST_TIMEOUT_MS / 1000} s`;
  return sampled.cutShort ? `${n}, out of its ${CASE_BUDGET_MS / 1000} s budget` : n;
}

function latencyRow(label: string, empty: Sampled, full: Sampled): string[] {
  const ratio =
    empty.summary === undefined || full.summary === undefined
      ? "-"
      : (full.summary.p50 / empty.summary.p50).toFixed(2);
  return [
    label,
    formatMs(empty.summary?.p50 ?? Number.NaN),
    formatMs(empty.summary?.p95 ?? Number.NaN),
    formatMs(full.summary?.p50 ?? Number.NaN),
    formatMs(full.summary?.p95 ?? Number.NaN),
    ratio,
    [empty, full].some((s) => s.cutShort) ? `empty ${caseNote(empty)}; full ${caseNote(full)}` : "",
  ];
}

function ratio(full: Sampled, empty: Sampled): number | undefined {
  if (full.summary === undefined || empty.summary === undefined) return undefined;
  return full.summary.p50 / empty.summary.p50;
}

/** A key=value number, or a word when it was not measured. */
function kv(value: number | undefined, missing = "timed_out"): KeyValue {
  return value === undefined || !Number.isFinite(value) ? missing : value;
}

async function main(): Promise<void> {
  console.log(`idle control plane benchmark · ${describeRuntime()}`);
  console.log("");
  const run = await idleRun();
  console.log(
    `(a) idle: ${formatInt(run.fleets)} fleets, ${formatInt(run.clusters)} clusters, ${AUTOSCALED} autoscaled pools whose pods fit, SIM_SPEED=${SIM_SPEED}; setup ${(run.setupMs / 1000).toFixed(1)} s (workerd CPU ${formatInt(run.setupCpuMs)} ms since its start), then ${SETTLE_SECONDS} s to settle`,
  );
  const idle = run.idle;
  if (idle === undefined) {
    console.log("  SKIPPED: no workerd child process found in /proc (Linux only)");
  } else {
    printTable(
      [
        { header: "wall s", align: "right" },
        { header: "workerd CPU ms", align: "right" },
        { header: "workerd CPU %", align: "right" },
        { header: "driver CPU ms", align: "right" },
        { header: "fleet rows written", align: "right" },
        { header: "objects evicted", align: "right" },
        { header: "no answer", align: "right" },
        { header: "scan timers pending", align: "right" },
        { header: "timers pending", align: "right" },
      ],
      [
        [
          idle.wallS.toFixed(1),
          formatInt(idle.workerdCpuMs),
          ((idle.workerdCpuMs / (idle.wallS * 1000)) * 100).toFixed(1),
          formatInt(idle.nodeCpuMs),
          formatInt(idle.rowsWritten),
          formatInt(idle.restarted),
          formatInt(idle.unanswered),
          formatInt(idle.scanTimers),
          formatInt(idle.timers),
        ],
      ],
    );
    console.log(
      `  CPU % of one core, from /proc/<pid>/stat (10 ms ticks); rows, evictions and timers pending at the start: FleetObject.inspect() of the ${AUTOSCALED} fleets holding the autoscaled pools (an evicted object's counter restarts: rows are then a lower bound)`,
    );
  }
  console.log("");
  console.log(
    `(b) API latency, clock running: ${PUTS} new clusters and ${GETS} GETs after ${WARMUP} warm-up each on the empty state, ${FULL_WARMUP} on the full one`,
  );
  printTable(
    [
      { header: "request" },
      { header: "empty p50", align: "right" },
      { header: "empty p95", align: "right" },
      { header: "full p50", align: "right" },
      { header: "full p95", align: "right" },
      { header: "p50 ÷ empty", align: "right" },
      { header: "note" },
    ],
    [
      latencyRow("PUT /v1/clusters/{cluster} (new)", run.empty.put, run.full.put),
      latencyRow("GET /v1/clusters/{cluster}", run.empty.get, run.full.get),
    ],
  );
  console.log(
    `  one cron tick on the full state (minute ≠ 0): ${Number.isFinite(run.cronMs) ? `${formatMs(run.cronMs)} ms` : `not done after ${CRON_TIMEOUT_MS / 1000} s`}`,
  );
  console.log("");

  const cron = await cronRun();
  const sorted = [...cron.rounds].sort((a, b) => a.ms - b.ms);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const medianMs = median.timedOut ? undefined : median.ms;
  console.log(
    `(c) cron tick: ${formatInt(cron.fleets)} fleets, ${cron.wakeups ? `${CRON_DUE} due and ${formatInt(CRON_LATER)} later in object_wakeups` : "no object_wakeups table (fleets only)"}; scheduled() at minute ≠ 0`,
  );
  printTable(
    [
      { header: "round", align: "right" },
      { header: "scheduled() ms", align: "right" },
      { header: "fleet objects called", align: "right" },
      { header: "note" },
    ],
    cron.rounds.map((r, i) => [
      String(i + 1),
      formatMs(r.ms),
      formatInt(r.called),
      r.timedOut ? `not done after ${CRON_TIMEOUT_MS / 1000} s: called so far` : "",
    ]),
  );
  console.log(
    "  objects called = FleetObject SQLite files that appeared (each due fleet's object is new)",
  );
  console.log("");

  const pairs: Record<string, KeyValue> = {
    fleets: run.fleets,
    clusters: run.clusters,
    autoscaled_pools: AUTOSCALED,
    idle_wall_s: idle?.wallS ?? "skipped",
    idle_workerd_cpu_ms: idle?.workerdCpuMs ?? "skipped",
    idle_workerd_cpu_pct:
      idle === undefined ? "skipped" : (idle.workerdCpuMs / (idle.wallS * 1000)) * 100,
    idle_fleet_rows_written: idle?.rowsWritten ?? "skipped",
    idle_fleet_objects_evicted: idle?.restarted ?? "skipped",
    idle_scan_timers: idle?.scanTimers ?? "skipped",
    idle_fleets_unanswered: idle?.unanswered ?? "skipped",
    empty_put_p50_ms: kv(run.empty.put.summary?.p50),
    empty_put_p95_ms: kv(run.empty.put.summary?.p95),
    full_put_p50_ms: kv(run.full.put.summary?.p50),
    full_put_p95_ms: kv(run.full.put.summary?.p95),
    full_put_n: run.full.put.summary?.count ?? 0,
    empty_get_p50_ms: kv(run.empty.get.summary?.p50),
    empty_get_p95_ms: kv(run.empty.get.summary?.p95),
    full_get_p50_ms: kv(run.full.get.summary?.p50),
    full_get_p95_ms: kv(run.full.get.summary?.p95),
    full_get_n: run.full.get.summary?.count ?? 0,
    put_p50_ratio: kv(ratio(run.full.put, run.empty.put), "-"),
    get_p50_ratio: kv(ratio(run.full.get, run.empty.get), "-"),
    idle_cron_ms: kv(run.cronMs),
    cron_fleets: cron.fleets,
    cron_due: cron.wakeups ? CRON_DUE : "no_wakeups_table",
    cron_ms: kv(medianMs),
    cron_fleet_calls: median.called,
  };
  printKeyValues("idle", pairs);
}

main().catch((error: unknown) => {
  console.error(
    `idle bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exit(1);
});
