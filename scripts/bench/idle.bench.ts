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
 * Waits are bounded (lib/api-latency.ts's REQUEST_TIMEOUT_MS and CASE_BUDGET_MS,
 * CRON_TIMEOUT_MS) so that a saturated control plane (the state before the idle work) is
 * reported, not waited on.
 *
 * Prints tables, then one key=value line. Not asserted; numbers are noisy on a shared
 * machine (the Node driver and workerd share its cores).
 * Run: `tsx scripts/bench/idle.bench.ts` (or `pnpm bench`).
 */
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import {
  type ApiLatency,
  describeSizes,
  emptyStateClusters,
  emptyStateLatency,
  fullStateLatency,
  p50Ratio,
  printApiLatency,
  quietStateSizes,
  within,
} from "./lib/api-latency.ts";
import {
  bundleControlPlane,
  type Cell,
  objectsDirOf,
  startControlPlane,
} from "./lib/control-plane.ts";
import { type IdleWindow, idleCpuPercent, idleWindow, printIdleWindow } from "./lib/idle-window.ts";
import { generateInventory } from "./lib/inventory-fixture.ts";
import { childPids, newChildPid, processCpuMs } from "./lib/process-cpu.ts";
import {
  describeRuntime,
  formatInt,
  formatMs,
  type KeyValue,
  measured,
  printKeyValues,
  printTable,
  progressLog,
} from "./lib/report.ts";
import { autoscaledTables, inParallel, load, putWorkloads } from "./lib/sim-state.ts";
import { timed } from "./lib/timing.ts";

const ADMIN_TOKEN = "rgt_bench_admin_token_for_local_benchmarks_only_0123456789";
const SEED = 15;
const SIM_SPEED = "3600";
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 20);
/** Wall seconds between the end of setup and the idle window: the sim settles first. */
const SETTLE_SECONDS = 5;
const FLEETS = 200;
const CLUSTERS = 2000;
const AUTOSCALED = 100;
const CRON_FLEETS = Number(process.env.BENCH_IDLE_CRON_FLEETS ?? 10_000);
const CRON_DUE = 10;
const CRON_LATER = 1000;
/** Rounds of the cron case, each with 10 fleets of their own due (median reported). */
const CRON_ROUNDS = 3;
const HOUR_MS = 3_600_000;
/** Wall time one scheduled() run may take before it is reported as timed out. */
const CRON_TIMEOUT_MS = 120_000;

const progress = progressLog();

/** The latency cases (the state before the idle work saturates: each is bounded). */
const LATENCY = quietStateSizes(SEED);

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
    const workerd = newChildPid("workerd", known);
    const setupStart = performance.now();
    await cp.migrate();
    // The empty state's new clusters (warm-ups included) count towards the 2,000.
    const inventory = generateInventory({
      seed: SEED,
      fleets: FLEETS - 1,
      clusters: CLUSTERS - AUTOSCALED - emptyStateClusters(LATENCY),
      nodes: 15_000,
    });
    const [zones, machineTypes, ...rest] = inventory.tables;
    const empty = await emptyStateLatency(cp, [zones!, machineTypes!], LATENCY);
    progress("empty state measured");
    await load(cp, rest);
    progress("inventory seeded");
    const autoscaledFleets = inventory.fleets.slice(0, AUTOSCALED);
    const autoscaled = autoscaledFleets.map((fleet, i) => ({ cluster: `autoscaled-${i}`, fleet }));
    await load(cp, autoscaledTables(autoscaled, Date.now()));
    await inParallel(autoscaled, 4, ({ cluster }) => putWorkloads(cp, cluster, { pending: false }));
    progress("autoscaled workloads put");
    const setupMs = performance.now() - setupStart;
    const setupCpuMs = workerd === undefined ? Number.NaN : processCpuMs(workerd);
    const counts = await cp.query(
      "SELECT (SELECT count(*) FROM fleets) AS fleets, (SELECT count(*) FROM clusters) AS clusters",
      [],
    );
    const [seeded] = JSON.parse(counts.body) as { fleets: number; clusters: number }[];
    if (seeded === undefined) throw new Error(`counting the seeded inventory: ${counts.body}`);
    const { fleets, clusters } = seeded;
    await sleep(SETTLE_SECONDS * 1000);
    const idle = await idleWindow(cp, workerd, autoscaledFleets, IDLE_SECONDS);
    progress("idle window done");
    const full = await fullStateLatency(cp, inventory.fleets, inventory.clusters, LATENCY);
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
    stateDir: objects,
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
      const before = await fleetObjectCount(objectsDirOf(objects));
      // Minute 7: not the hourly sweep of every fleet.
      const run = await timed(() =>
        within(CRON_TIMEOUT_MS, cp.scheduled(Date.UTC(2026, 10, 25, 12, 7 + round))),
      );
      if (run.result !== undefined && run.result.outcome !== "ok") {
        throw new Error(`scheduled() ended ${run.result.outcome}`);
      }
      const called = (await fleetObjectCount(objectsDirOf(objects))) - before;
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
    printIdleWindow(idle, AUTOSCALED);
  }
  console.log("");
  console.log(`(b) API latency, clock running: ${describeSizes(LATENCY)}`);
  printApiLatency(run.empty, run.full);
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
    idle_workerd_cpu_pct: idle === undefined ? "skipped" : idleCpuPercent(idle),
    idle_fleet_rows_written: idle?.rowsWritten ?? "skipped",
    idle_fleet_objects_evicted: idle?.restarted ?? "skipped",
    idle_scan_timers: idle?.scanTimers ?? "skipped",
    idle_fleets_unanswered: idle?.unanswered ?? "skipped",
    empty_put_p50_ms: measured(run.empty.put.summary?.p50),
    empty_put_p95_ms: measured(run.empty.put.summary?.p95),
    full_put_p50_ms: measured(run.full.put.summary?.p50),
    full_put_p95_ms: measured(run.full.put.summary?.p95),
    full_put_n: run.full.put.summary?.count ?? 0,
    empty_get_p50_ms: measured(run.empty.get.summary?.p50),
    empty_get_p95_ms: measured(run.empty.get.summary?.p95),
    full_get_p50_ms: measured(run.full.get.summary?.p50),
    full_get_p95_ms: measured(run.full.get.summary?.p95),
    full_get_n: run.full.get.summary?.count ?? 0,
    put_p50_ratio: measured(p50Ratio(run.full.put, run.empty.put), "-"),
    get_p50_ratio: measured(p50Ratio(run.full.get, run.empty.get), "-"),
    idle_cron_ms: measured(run.cronMs),
    cron_fleets: cron.fleets,
    cron_due: cron.wakeups ? CRON_DUE : "no_wakeups_table",
    cron_ms: measured(medianMs),
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
